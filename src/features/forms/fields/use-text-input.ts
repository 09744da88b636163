import { MaskInput } from "maska"
import { type ChangeEvent, type ClipboardEvent, type RefObject, useEffect, useLayoutEffect, useRef } from "react"
import type { MaskName } from "../../../../schemas/forms/types.ts"
import { maskEmail, maskInputOptions, pasteEmail, stripMailto } from "../masks.ts"

type TextControl = HTMLInputElement | HTMLTextAreaElement

export interface TextInputHandlers {
  readonly onChange: (e: ChangeEvent<TextControl>) => void
  readonly onPaste: ((e: ClipboardEvent<TextControl>) => void) | undefined
  readonly onBlur: () => void
}

/**
 * The typing of a text-like field: masks, and trimming.
 *
 * - A shaped mask (phone, date, SNILS...) runs maska's `MaskInput` on the element, which also keeps the
 *   caret where the visitor types. It writes the masked text into the element before React's change
 *   handler sees the event, so React reports nothing; the value comes from maska's `onMaska` instead.
 * - The e-mail mask filters each change with `maskEmail`, puts the caret back where it was, and strips
 *   "mailto:" from pasted text.
 * - The value is trimmed when the field loses focus, not on each keystroke (which would eat the space
 *   typed between two words); the engine trims again when it sends. `trim: false` for a password.
 */
export function useTextInput(
  ref: RefObject<TextControl | null>,
  mask: MaskName | undefined,
  value: string,
  onChange: (value: string) => void,
  onBlur: () => void,
  options: { readonly trim?: boolean } = {},
): TextInputHandlers {
  const trim = options.trim ?? true
  const latest = useRef(onChange)
  useLayoutEffect(() => {
    latest.current = onChange
  })

  useEffect(() => {
    const el = ref.current
    const options = mask ? maskInputOptions(mask) : null
    if (!(el instanceof HTMLInputElement) || !options) return
    const maska = new MaskInput(el, { ...options, onMaska: (detail) => latest.current(detail.masked) })
    return () => maska.destroy()
  }, [ref, mask])

  const shaped = mask !== undefined && mask !== "email"
  return {
    onChange: (e) => {
      if (shaped) return
      const el = e.currentTarget
      const raw = el.value
      if (mask !== "email") return onChange(raw)
      const masked = maskEmail(raw)
      if (masked !== raw) {
        const caret = maskEmail(raw.slice(0, el.selectionStart ?? raw.length)).length
        el.value = masked
        el.setSelectionRange(caret, caret)
      }
      onChange(masked)
    },
    onPaste:
      mask === "email"
        ? (e) => {
            e.preventDefault()
            const el = e.currentTarget
            const pasted = e.clipboardData.getData("text")
            const start = el.selectionStart ?? value.length
            const end = el.selectionEnd ?? value.length
            const next = pasteEmail(value, start, end, pasted)
            const caret = maskEmail(value.slice(0, start) + stripMailto(pasted)).length
            el.value = next
            el.setSelectionRange(caret, caret)
            onChange(next)
          }
        : undefined,
    onBlur: () => {
      const trimmed = trim ? value.trim() : value
      if (trimmed !== value) onChange(trimmed)
      onBlur()
    },
  }
}
