import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SMS_RESEND_SECONDS } from "../../schemas/constants.ts"
import { smsMessages } from "../../schemas/messages/sms.ts"
import { newLoopbackAddress, type Sent, sendFrom, smsTo, startTwoProcesses, statusCounts, type TwoProcesses } from "../support/two-processes.ts"
import { DEMO_DIRECTOR, DEMO_PASSWORD, DEMO_USER } from "../support/users.ts"

/**
 * The SMS resend delay as a script hammers it: concurrent code requests for one account and number,
 * each from an address of its own, over two app processes on one database (the delay is counted in the
 * shared database's atomic upsert, like every limit). Exactly one SMS of a kind leaves per
 * SMS_RESEND_SECONDS; every other request is 429 with the seconds left.
 */
let two: TwoProcesses
beforeAll(async () => {
  two = await startTwoProcesses({ SMS_RESEND_SECONDS: String(SMS_RESEND_SECONDS), DEMO_PASSWORD, DSS_URL: "https://dss.example.ru/STS/oauth" })
}, 180_000)
afterAll(() => two?.close())

const send = (from: string, method: string, path: string, options: Parameters<typeof sendFrom>[4] = {}) => sendFrom(two.url, from, method, path, options)
const burst = (n: number, one: () => Promise<Sent>) => Promise.all(Array.from({ length: n }, one))

async function signedIn(email: string): Promise<string> {
  const a = await send(newLoopbackAddress(), "POST", "/api/v1/users/sign_in/", { json: { user: { email, password: DEMO_PASSWORD } } })
  expect(a.status, JSON.stringify(a.body)).toBe(200)
  return (a.body as { jwt: string }).jwt
}

/** Every refusal is the resend delay's: 429, the Russian text with the seconds left, `resend_in` within the delay. */
function expectTooSoon(answers: readonly Sent[]) {
  for (const a of answers.filter((x) => x.status === 429)) {
    const body = a.body as { error: string; resend_in: number }
    expect(body.resend_in).toBeGreaterThan(0)
    expect(body.resend_in).toBeLessThanOrEqual(SMS_RESEND_SECONDS)
    expect(body.error).toBe(smsMessages.tooSoon(body.resend_in))
  }
}

describe("SMS resend delay", () => {
  it("30 concurrent director-level codes from 30 addresses: one SMS leaves, 29 are told how long to wait", async () => {
    const token = await signedIn(DEMO_DIRECTOR.email)
    const answers = await burst(30, () => send(newLoopbackAddress(), "POST", "/api/v1/phone_codes/", { token, json: { purpose: "improve_session" } }))
    console.log(`[limits] director code, 30 concurrent requests: ${JSON.stringify(statusCounts(answers))}`)
    expect(statusCounts(answers)).toEqual({ 201: 1, 429: 29 })
    expect((answers.find((a) => a.status === 201)!.body as { data: { resend_in: number } }).data.resend_in).toBe(SMS_RESEND_SECONDS)
    expectTooSoon(answers)
    expect(smsTo(two.dataDirs, DEMO_DIRECTOR.phone)).toHaveLength(1)
    // Later, one by one, the same: the delay is not a burst's accident.
    const again = await send(newLoopbackAddress(), "POST", "/api/v1/phone_codes/", { token, json: { purpose: "improve_session" } })
    expect(again.status).toBe(429)
    expectTooSoon([again])
    expect(smsTo(two.dataDirs, DEMO_DIRECTOR.phone)).toHaveLength(1)
  })

  it("the myDSS link hammered: one SMS, 19 told how long to wait", async () => {
    const token = await signedIn(DEMO_USER.email)
    const profile = await send(newLoopbackAddress(), "POST", "/api/v1/lk/dss_profile/", { token })
    expect(profile.status).toBe(200)
    const id = (profile.body as { data: { id: string } }).data.id
    const answers = await burst(20, () => send(newLoopbackAddress(), "POST", `/api/v1/lk/dss_profiles/${id}/sms/`, { token, json: {} }))
    console.log(`[limits] myDSS link, 20 concurrent requests: ${JSON.stringify(statusCounts(answers))}`)
    expect(statusCounts(answers)).toEqual({ 201: 1, 429: 19 })
    expectTooSoon(answers)
    expect(smsTo(two.dataDirs, DEMO_USER.phone)).toHaveLength(1)
  })
})
