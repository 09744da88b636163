import { crmMessages } from "../../../schemas/messages/crm.ts"
import { Button } from "../../ui/Button.tsx"
import { useAction } from "../../ui/flows/use-action.ts"
import { pushAlert } from "../alerts/index.ts"
import * as css from "./column-cell.css.ts"

/**
 * A list cell of a column with a `kind` (the gallery): an image's thumbnail (decorative: the row's
 * name is its text), or its address with a 'Скопировать ссылку' button that puts the full address
 * (with the site's origin) on the clipboard and says so in an alert.
 */
export function ColumnCell({ kind, value, label }: { readonly kind: "image" | "copy"; readonly value: string; readonly label: string }) {
  if (kind === "image") return <img className={css.thumbnail} src={value} alt="" loading="lazy" width={96} height={64} />
  return <CopyLink url={value} label={label} />
}

function CopyLink({ url, label }: { readonly url: string; readonly label: string }) {
  const full = typeof location === "undefined" ? url : new URL(url, location.origin).href
  const copying = useAction(async (text: string) => navigator.clipboard.writeText(text), {
    onDone: () => pushAlert({ tone: "success", text: crmMessages.linkCopied }),
    onFailure: () => pushAlert({ tone: "error", text: crmMessages.copyFailed }),
  })
  return (
    <span className={css.copy}>
      <code className={css.url}>{url}</code>
      <Button type="button" variant="ghost" disabled={copying.busy} aria-label={`${crmMessages.copyLink}: ${label}`} onClick={() => copying.run(full)}>
        {crmMessages.copyLink}
      </Button>
    </span>
  )
}
