import { type AnyActorRef, type SnapshotFrom } from "xstate"
import { crmMessages } from "../../../schemas/messages/crm.ts"
import { admin_otp_frm } from "../../../schemas/forms/admin_otp_frm.ts"
import type { Failure } from "../../../machines/failure.ts"
import type { Enrolment } from "../../../machines/staff-second-factor.machine.ts"
import { saveBlob } from "../../api/download.ts"
import { Button } from "../../ui/Button.tsx"
import { pushAlert } from "../alerts/index.ts"
import { Form, submitThrough } from "../forms/index.ts"
import * as css from "./second-factor.css.ts"

/**
 * The pieces of the staff's second factor (docs/auth.md, "Staff second factor") shared by the sign-in's
 * steps and the CRM's section 'Вход с одноразовым кодом': the code's form (preset admin_otp_frm, its
 * submit settled by the flow machine), the QR code with the key for manual entry, the recovery codes.
 */
const t = crmMessages.totp

/**
 * The code's form: SUBMIT `{ otp }` to `actor`, settled when `settle` says the flow is past `busy`:
 * `{ done }` or the failure (a 422's `otp` shows at the field, anything else above the form).
 */
export function OtpForm<A extends AnyActorRef>({
  id,
  actor,
  settle,
}: {
  readonly id: string
  readonly actor: A
  readonly settle: (snapshot: SnapshotFrom<A>) => { done: unknown } | { failed: Failure } | null
}) {
  return <Form id={id} preset={admin_otp_frm} submit={(values) => submitThrough(actor, { type: "SUBMIT", otp: String(values.otp ?? "") } as never, settle)} />
}

/** The key in groups of four, as authenticator apps show and take it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim()

/** The QR code of the otpauth URI, and the same key as text for those who cannot scan it. */
export function EnrolmentView({ enrolment, email }: { readonly enrolment: Enrolment; readonly email: string }) {
  return (
    <div className={css.enrolment}>
      <p className={css.lead}>{t.enrolLead}</p>
      <img className={css.qr} src={enrolment.qr} width={240} height={240} alt={t.qrAlt(email)} />
      <div className={css.key}>
        <span className={css.keyLabel} id="totp-manual-key-label">
          {t.manualKey}
        </span>
        <code className={css.keyValue} aria-labelledby="totp-manual-key-label">
          {grouped(enrolment.secret)}
        </code>
        <span className={css.keyHint}>{t.manualKeyHint}</span>
      </div>
    </div>
  )
}

/** The recovery codes, shown once: a list, 'Скопировать коды' and 'Скачать файлом'; `onDone` goes on. */
export function RecoveryCodes({ codes, email, onDone, doneLabel = t.saved }: { readonly codes: readonly string[]; readonly email: string; readonly onDone: () => void; readonly doneLabel?: string }) {
  const text = [t.recoveryFileHeader(email), "", ...codes].join("\n") + "\n"
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"))
      pushAlert({ tone: "success", text: t.copied })
    } catch {
      pushAlert({ tone: "error", text: t.copyFailed })
    }
  }
  return (
    <section className={css.recovery} aria-labelledby="totp-recovery-title">
      <h2 id="totp-recovery-title" className={css.subtitle}>
        {t.recoveryTitle}
      </h2>
      <p className={css.lead}>{t.recoveryLead}</p>
      <ol className={css.codes} aria-label={t.recoveryListLabel}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={css.actions}>
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          {t.copy}
        </Button>
        <Button type="button" variant="secondary" onClick={() => saveBlob(new Blob([text], { type: "text/plain;charset=utf-8" }), t.recoveryFileName)}>
          {t.download}
        </Button>
      </div>
      <Button type="button" variant="primary" onClick={onDone}>
        {doneLabel}
      </Button>
    </section>
  )
}
