import { useState } from "react"
import { crmMessages } from "../../../schemas/crm-messages.ts"
import { Button } from "../../ui/Button.tsx"
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
  const [busy, setBusy] = useState(false)
  const full = typeof location === "undefined" ? url : new URL(url, location.origin).href
  const copy = async () => {
    setBusy(true)
    try {
      await navigator.clipboard.writeText(full)
      pushAlert({ tone: "success", text: crmMessages.linkCopied })
    } catch {
      pushAlert({ tone: "error", text: crmMessages.copyFailed })
    } finally {
      setBusy(false)
    }
  }
  return (
    <span className={css.copy}>
      <code className={css.url}>{url}</code>
      <Button type="button" variant="ghost" disabled={busy} aria-label={`${crmMessages.copyLink}: ${label}`} onClick={() => void copy()}>
        {crmMessages.copyLink}
      </Button>
    </span>
  )
}
