import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import type { Enrolment } from "../../machines/staff-second-factor.machine.ts"
import { staffTotpSettingsMachine, type TotpSettingsStatus } from "../../machines/staff-totp-settings.machine.ts"

const off: TotpSettingsStatus = { enrolled: false, enrolled_at: null, required: false, recovery_codes_left: 0 }
const on: TotpSettingsStatus = { enrolled: true, enrolled_at: "2026-11-20T10:00:00.000Z", required: false, recovery_codes_left: 10 }
const enrolment: Enrolment = { secret: "ABC", otpauth_uri: "otpauth://totp/x", qr: "data:image/svg+xml;base64,AA" }
const wrong = { message: "", status: 422, details: { otp: ["Неверный код"] } }

function start(calls: { load: () => Promise<TotpSettingsStatus>; confirm?: (otp: string) => Promise<readonly string[]>; disable?: (otp: string) => Promise<void> }) {
  return createActor(
    staffTotpSettingsMachine.provide({
      actors: {
        loadStatus: fromPromise<TotpSettingsStatus, void>(() => calls.load()),
        startEnrolment: fromPromise<Enrolment, void>(async () => enrolment),
        confirm: fromPromise<readonly string[], { otp: string }>(({ input }) => (calls.confirm ?? (async () => []))(input.otp)),
        disable: fromPromise<void, { otp: string }>(({ input }) => (calls.disable ?? (async () => undefined))(input.otp)),
      },
    }),
  ).start()
}

describe("staff TOTP settings machine", () => {
  test("enable: the QR, a wrong code stays, the right one shows the recovery codes until DONE, then the status again", async () => {
    const load = vi.fn<() => Promise<TotpSettingsStatus>>().mockResolvedValueOnce(off).mockResolvedValueOnce(on)
    const confirm = vi.fn<(otp: string) => Promise<readonly string[]>>().mockRejectedValueOnce(wrong).mockResolvedValueOnce(["AAAAA-BBBBB"])
    const actor = start({ load, confirm })
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "ENABLE" })
    await waitFor(actor, (s) => s.matches("enrolling"))
    expect(actor.getSnapshot().context.enrolment).toEqual(enrolment)
    actor.send({ type: "SUBMIT", otp: "1" })
    await waitFor(actor, (s) => s.matches("enrolling") && s.context.failure !== null)
    actor.send({ type: "SUBMIT", otp: "123456" })
    await waitFor(actor, (s) => s.matches("recovery"))
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(["AAAAA-BBBBB"])
    expect(actor.getSnapshot().context.enrolment).toBeNull()
    actor.send({ type: "DONE" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context).toMatchObject({ status: on, recoveryCodes: [], notice: "enabled" })
    expect(confirm).toHaveBeenLastCalledWith("123456")
  })

  test("disable: a wrong code stays with its error, CANCEL goes back, a right one reloads the status", async () => {
    const load = vi.fn<() => Promise<TotpSettingsStatus>>().mockResolvedValueOnce(on).mockResolvedValueOnce(off)
    const disable = vi.fn<(otp: string) => Promise<void>>().mockRejectedValueOnce(wrong).mockResolvedValueOnce(undefined)
    const actor = start({ load, disable })
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "DISABLE" })
    actor.send({ type: "SUBMIT", otp: "000000" })
    await waitFor(actor, (s) => s.matches("disabling") && s.context.failure !== null)
    actor.send({ type: "CANCEL" })
    expect(actor.getSnapshot().value).toBe("ready")
    actor.send({ type: "DISABLE" })
    actor.send({ type: "SUBMIT", otp: "123456" })
    await waitFor(actor, (s) => s.matches("ready") && s.context.status === off)
    expect(actor.getSnapshot().context.notice).toBe("disabled")
  })

  test("a failed load waits for RETRY; CANCEL of an enrolment reloads", async () => {
    const load = vi.fn<() => Promise<TotpSettingsStatus>>().mockRejectedValueOnce({ message: "Сбой" }).mockResolvedValue(off)
    const actor = start({ load })
    await waitFor(actor, (s) => s.matches("failed"))
    actor.send({ type: "RETRY" })
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "ENABLE" })
    await waitFor(actor, (s) => s.matches("enrolling"))
    actor.send({ type: "CANCEL" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(load).toHaveBeenCalledTimes(3)
  })
})
