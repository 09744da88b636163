import { useActorRef, useSelector } from "@xstate/react"
import { fromPromise } from "xstate"
import type { Enrolment } from "../../../machines/staff-second-factor.machine.ts"
import { staffTotpSettingsMachine, type TotpSettingsStatus } from "../../../machines/staff-totp-settings.machine.ts"
import { crmMessages } from "../../../schemas/messages/crm.ts"
import { shortDay } from "../../../schemas/dates.ts"
import { admin_otp_frm } from "../../../schemas/forms/admin_otp_frm.ts"
import { Button } from "../../ui/Button.tsx"
import { useSession } from "../session/index.ts"
import * as formCss from "./form.css.ts"
import { EnrolmentView, OtpForm, RecoveryCodes } from "./SecondFactor.tsx"
import * as css from "./second-factor.css.ts"
import { totpApi } from "./sign-in.ts"

const t = crmMessages.totp

/**
 * The dashboard's section 'Вход с одноразовым кодом' (docs/auth.md, "Staff second factor"): the signed-in
 * staff member's own second factor, on staffTotpSettingsMachine: the status, 'Подключить' (QR code, the
 * first code, the recovery codes once), 'Отключить' with a current code (not for a role that must have it).
 */
export function TotpSettings() {
  const { admin } = useSession()
  const actor = useActorRef(
    staffTotpSettingsMachine.provide({
      actors: {
        loadStatus: fromPromise<TotpSettingsStatus, void>(() => totpApi.status()),
        startEnrolment: fromPromise<Enrolment, void>(() => totpApi.start()),
        confirm: fromPromise<readonly string[], { otp: string }>(({ input }) => totpApi.confirm(input.otp)),
        disable: fromPromise<void, { otp: string }>(({ input }) => totpApi.disable(input.otp)),
      },
    }),
  )
  const s = useSelector(actor, (snap) => snap)
  const { status, failure, notice } = s.context
  const shownByField = failure?.status === 422 && Object.keys(failure.details ?? {}).some((k) => admin_otp_frm.fields.some((f) => f.name === k))
  const settle = (from: "enrolling" | "disabling") => (snap: typeof s) => (snap.matches(from) && snap.context.failure ? { failed: snap.context.failure } : !snap.matches(from) && !snap.matches("confirming") && !snap.matches("removing") ? { done: null } : null)
  const email = admin?.email ?? ""
  return (
    <section className={css.section} aria-labelledby="totp-settings-title" aria-busy={s.matches("loading") || s.matches("starting")}>
      <h2 id="totp-settings-title" className={css.subtitle}>
        {t.section}
      </h2>
      <p role="status" className={css.lead}>
        {notice === "enabled" ? t.enabled : notice === "disabled" ? t.disabled : ""}
      </p>
      {failure?.message && !shownByField && (
        <p className={formCss.formError} role="alert">
          {failure.message}
        </p>
      )}
      {s.matches("failed") && (
        <>
          <p className={css.lead}>{t.loadFailed}</p>
          <Button type="button" variant="secondary" onClick={() => actor.send({ type: "RETRY" })}>
            {t.retry}
          </Button>
        </>
      )}
      {s.matches("ready") && status && (
        <>
          <p className={css.lead}>
            {status.enrolled && status.enrolled_at ? t.statusOn(shortDay(status.enrolled_at)) : t.statusOff}{" "}
            {status.required ? t.statusRequired : ""} {status.enrolled ? t.codesLeft(status.recovery_codes_left) : ""}
          </p>
          <div className={css.actions}>
            {!status.enrolled && (
              <Button type="button" variant="primary" onClick={() => actor.send({ type: "ENABLE" })}>
                {t.enable}
              </Button>
            )}
            {status.enrolled && !status.required && (
              <Button type="button" variant="secondary" onClick={() => actor.send({ type: "DISABLE" })}>
                {t.disable}
              </Button>
            )}
          </div>
        </>
      )}
      {(s.matches("enrolling") || s.matches("confirming")) && s.context.enrolment && (
        <>
          <EnrolmentView enrolment={s.context.enrolment} email={email} />
          <OtpForm id="crm-totp-enrol" actor={actor} settle={settle("enrolling")} />
          <Button type="button" variant="ghost" className={css.back} onClick={() => actor.send({ type: "CANCEL" })}>
            {t.cancel}
          </Button>
        </>
      )}
      {s.matches("recovery") && <RecoveryCodes codes={s.context.recoveryCodes} email={email} onDone={() => actor.send({ type: "DONE" })} doneLabel={t.savedDone} />}
      {(s.matches("disabling") || s.matches("removing")) && (
        <>
          <p className={css.lead}>{t.disableLead}</p>
          <OtpForm id="crm-totp-disable" actor={actor} settle={settle("disabling")} />
          <Button type="button" variant="ghost" className={css.back} onClick={() => actor.send({ type: "CANCEL" })}>
            {t.cancel}
          </Button>
        </>
      )}
    </section>
  )
}
