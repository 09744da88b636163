import { identityCheckMessages } from "../../../../schemas/messages/identity-check.ts"
import { downloadFile } from "../../../api/download.ts"
import { Button, buttonClass } from "../../../ui/Button.tsx"
import { pushAlert } from "../../alerts/index.ts"
import { crmMessages } from "../../../../schemas/messages/crm.ts"
import * as css from "./order-desk.css.ts"

const t = identityCheckMessages.scans

export interface ScanFile {
  readonly id: number
  readonly title: string
  readonly name: string
  readonly mime: string
  readonly url: string
  readonly view_url: string | null
}

/**
 * The customer's scans in place: an image shown (the staff's view call, cookie-borne, audited on each
 * load), a PDF opened in a new tab by the browser's viewer; every file also downloadable.
 */
export function OrderScans({ scans }: { readonly scans: readonly ScanFile[] }) {
  const download = (file: ScanFile) => downloadFile({ url: file.url, name: file.name }).catch(() => pushAlert({ tone: "error", text: crmMessages.downloadFailed }))
  return (
    <section aria-labelledby="order-scans-title" className={css.block}>
      <h2 id="order-scans-title">{t.title}</h2>
      {scans.length === 0 ? (
        <p className={css.lead}>{t.empty}</p>
      ) : (
        <ul className={css.scans}>
          {scans.map((s) => (
            <li key={s.id} className={css.scan}>
              <h3 className={css.scanTitle}>{s.title}</h3>
              <p className={css.scanName}>{s.name}</p>
              {s.view_url && s.mime.startsWith("image/") && <img className={css.image} src={s.view_url} alt={t.imageOf(s.title, s.name)} loading="lazy" />}
              <div className={css.actions}>
                {s.view_url && s.mime === "application/pdf" && (
                  <a className={buttonClass("secondary")} href={s.view_url} target="_blank" rel="noopener noreferrer" aria-label={t.openOf(s.title)}>
                    {t.open}
                  </a>
                )}
                <Button variant="secondary" onClick={() => void download(s)} aria-label={t.downloadOf(s.title)}>
                  {t.download}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
