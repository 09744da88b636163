import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react"
import type { CaptchaValue } from "../../../../schemas/forms/types.ts"
import { widgetMessages } from "../../../../schemas/widget-messages.ts"
import { Button } from "../../../ui/Button.tsx"
import { control } from "../../../ui/field.css.ts"
import type { FieldProps } from "../field-props.ts"
import { type Captcha, captchaImageSrc, loadCaptcha } from "../services/captcha.ts"
import { describedBy, FieldFrame, isRequired } from "./FieldFrame.tsx"
import * as css from "./service-fields.css.ts"

const t = widgetMessages.captcha

type Picture = { status: "loading" } | { status: "ready"; captcha: Captcha } | { status: "failed"; message: string }

const asCaptchaValue = (v: unknown): CaptchaValue | null =>
  typeof v === "object" && v !== null && typeof (v as CaptchaValue).id === "string" ? (v as CaptchaValue) : null

/**
 * The captcha (`rucaptcha`): the server's picture, an input for the characters and a button for a new
 * picture. The value is `{ id, answer }`. A host that wants a new picture (after a refused submit)
 * clears the value (null): the field then loads one by itself.
 */
export function CaptchaField({ field, id, value, errors, disabled, onChange, onBlur }: FieldProps<CaptchaValue | null>) {
  const [picture, setPicture] = useState<Picture>({ status: "loading" })
  const [attempt, setAttempt] = useState(0)
  const current = asCaptchaValue(value)
  const latest = useRef(onChange)
  useLayoutEffect(() => {
    latest.current = onChange
  })

  useEffect(() => {
    let cancelled = false
    loadCaptcha().then(
      (captcha) => {
        if (cancelled) return
        setPicture({ status: "ready", captcha })
        latest.current({ id: captcha.id, answer: "" })
      },
      (err: { message?: string }) => {
        if (!cancelled) setPicture({ status: "failed", message: err.message ? `${t.failed} ${err.message}` : t.failed })
      },
    )
    return () => {
      cancelled = true
    }
  }, [attempt])

  const reload = useCallback(() => {
    setPicture({ status: "loading" })
    setAttempt((n) => n + 1)
  }, [])

  // The host cleared our captcha (the id on screen left the value): load a new picture. Done while
  // rendering, as React advises for state that follows a prop.
  const [seen, setSeen] = useState<string | null>(null)
  const now = current?.id ?? null
  if (now !== seen) {
    setSeen(now)
    if (picture.status === "ready" && seen === picture.captcha.id && now !== picture.captcha.id) {
      setPicture({ status: "loading" })
      setAttempt((n) => n + 1)
    }
  }

  const ready = picture.status === "ready"

  return (
    <FieldFrame id={id} field={field} errors={errors}>
      <div className={css.captchaRow}>
        <div className={css.captchaPicture} aria-busy={picture.status === "loading"}>
          {picture.status === "ready" ? (
            <img className={css.captchaImage} src={captchaImageSrc(picture.captcha.image)} alt={t.image} />
          ) : picture.status === "loading" ? (
            <span className={css.muted} role="status">
              {t.loading}
            </span>
          ) : null}
        </div>
        <Button variant="secondary" onClick={reload} disabled={picture.status === "loading"}>
          {t.refresh}
        </Button>
      </div>
      {picture.status === "failed" ? (
        <div className={css.failure} role="alert">
          <span>{picture.message}</span>
          <Button variant="secondary" onClick={reload}>
            {t.retry}
          </Button>
        </div>
      ) : null}
      <input
        id={id}
        name={field.name}
        className={control}
        type="text"
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        placeholder={field.placeholder}
        disabled={disabled || !ready}
        value={current?.answer ?? ""}
        aria-required={isRequired(field) || undefined}
        aria-invalid={errors.length > 0}
        aria-describedby={describedBy(id, field, errors)}
        onChange={(e) => {
          if (picture.status === "ready") onChange({ id: picture.captcha.id, answer: e.currentTarget.value })
        }}
        onBlur={onBlur}
      />
    </FieldFrame>
  )
}
