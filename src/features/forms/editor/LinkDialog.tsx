import { useId, useState } from "react"
import { widgetMessages } from "../../../../schemas/messages/widget.ts"
import { Button } from "../../../ui/Button.tsx"
import { Modal } from "../../../ui/Modal.tsx"
import { TextField } from "../../../ui/TextField.tsx"
import * as css from "./editor.css.ts"
import type { LinkStyle } from "./nodes.tsx"

const t = widgetMessages.editor

/** Addresses a link may have: the web, mail, phone, or a path of this site. */
export const isLinkUrl = (url: string): boolean => /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d][\d\s()-]*|\/[^\s]*)$/i.test(url)

export interface LinkChoice {
  readonly url: string
  readonly style: LinkStyle
}

interface LinkDialogProps {
  /** The link being edited, or the empty choice for a new one. */
  readonly initial: LinkChoice
  readonly onApply: (choice: LinkChoice) => void
  readonly onClose: () => void
}

/**
 * The link's address and look (plain link or button). Not a <form>: it is portalled, and React would
 * carry its submit up to the form around the editor.
 */
export function LinkDialog({ initial, onApply, onClose }: LinkDialogProps) {
  const [url, setUrl] = useState(initial.url)
  const [style, setStyle] = useState<LinkStyle>(initial.style)
  const [error, setError] = useState<string | null>(null)
  const name = useId()
  const apply = () => {
    const trimmed = url.trim()
    if (!isLinkUrl(trimmed)) {
      setError(t.linkInvalid)
      return
    }
    onApply({ url: trimmed, style })
  }
  return (
    <Modal open title={t.linkTitle} onClose={onClose}>
      <div className={css.dialogBody}>
        <TextField
          name="url"
          label={t.linkUrl}
          type="text"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          value={url}
          errors={error ? [error] : undefined}
          onValueChange={(v) => {
            setUrl(v)
            setError(null)
          }}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return
            e.preventDefault()
            apply()
          }}
        />
        <fieldset className={css.radioRow}>
          <legend>{t.linkStyle}</legend>
          {(["link", "button"] as const).map((s) => (
            <label key={s} className={css.radioLabel}>
              <input type="radio" name={name} value={s} checked={style === s} onChange={() => setStyle(s)} />
              {s === "link" ? t.linkPlain : t.linkButton}
            </label>
          ))}
        </fieldset>
        <div className={css.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            {t.linkCancel}
          </Button>
          <Button onClick={apply}>{t.linkApply}</Button>
        </div>
      </div>
    </Modal>
  )
}
