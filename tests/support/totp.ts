import { generate } from "otplib"

/**
 * The staff's second factor from the test's side (docs/auth.md, "Staff second factor"): codes derived
 * with otplib from a secret the server gave at enrolment, as the staff member's phone derives them,
 * and the sign-in's steps as a client sends them.
 */

/** The code of the time step `offset` steps from now (−1, 0 and +1 are accepted by the server). */
export const totpCode = (secret: string, offset = 0): Promise<string> => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 })

export interface TotpStep {
  readonly error?: string
  readonly totp: { readonly step: "code" | "enrol" | "recovery"; readonly ticket: string; readonly expires_in: number; readonly enrolment?: { secret: string; otpauth_uri: string; qr: string }; readonly recovery_codes?: string[] }
}

export interface Enrolled {
  readonly jwt: string
  readonly secret: string
  readonly recoveryCodes: readonly string[]
}

const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${url}/api/v2/crm/sign_in/`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/**
 * The whole enrolment at the sign-in of a staff member whose role must have the factor: the password
 * (401, step `enrol`), the first code (200, step `recovery` with the codes), the ticket (200, the session).
 */
export async function enrolAtSignIn(url: string, admin: { readonly email: string; readonly password: string }, headers: Record<string, string> = {}): Promise<Enrolled> {
  const first = await post(url, { admin }, headers)
  const step = first.body as unknown as TotpStep
  if (first.status !== 401 || step.totp?.step !== "enrol" || !step.totp.enrolment) throw new Error(`no enrolment step: ${first.status} ${JSON.stringify(first.body)}`)
  const secret = step.totp.enrolment.secret
  const confirmed = await post(url, { admin: { ticket: step.totp.ticket, otp: await totpCode(secret) } }, headers)
  const recovery = confirmed.body as unknown as TotpStep
  if (confirmed.status !== 200 || recovery.totp?.step !== "recovery") throw new Error(`enrolment not confirmed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`)
  const done = await post(url, { admin: { ticket: recovery.totp.ticket } }, headers)
  if (done.status !== 200) throw new Error(`no session after enrolment: ${done.status} ${JSON.stringify(done.body)}`)
  return { jwt: (done.body as { meta: { jwt: string } }).meta.jwt, secret, recoveryCodes: recovery.totp.recovery_codes ?? [] }
}
