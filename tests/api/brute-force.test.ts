import { describe, expect, it } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { linkParam } from "../support/smtp.ts"
import { registerUser, signInUser } from "../support/users.ts"
import type { ChallengeAnswer } from "../../schemas/entities/challenge.ts"
import { solveCaptcha } from "../support/captcha.ts"
import { call } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

const throttled = { error: messages.accounts.throttled }
const STEP = 40
const api = serverWithAdmin({ smtp: true, env: { TRUST_PROXY: "1", THROTTLE_STEP_MS: String(STEP) } })

let n = 0
const newAddress = () => `10.30.${Math.floor(n / 250)}.${n++ % 250}`

async function confirmedUser() {
  const r = await registerUser(api.url, api.db())
  await api.db().kysely.updateTable("users").set({ confirmed_at: new Date().toISOString() }).where("id", "=", Number(r.id)).execute()
  return r
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now()
  const result = await work()
  return [result, performance.now() - started]
}

describe("sign-in brute force", () => {
  it("per account (from many addresses): 10 failures, then the challenge; with it the right password still signs in", async () => {
    const r = await confirmedUser()
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const ans = await call(api.url, "POST", "/api/v1/users/sign_in/", { headers: { "x-forwarded-for": newAddress() }, json: { user: { email: r.email, password: "Wrong-Pass-1!" } } })
      statuses.push(ans.status)
    }
    expect(statuses).toEqual(Array(10).fill(401))
    const from = newAddress()
    const asked = await call(api.url, "POST", "/api/v1/users/sign_in/", { headers: { "x-forwarded-for": from }, json: { user: { email: r.email, password: r.password } } })
    expect(asked.status).toBe(422)
    expect(asked.body).toEqual({ errors: { captcha: [messages.accounts.challengeRequired] } })
    const captcha = await call<ChallengeAnswer>(api.url, "GET", "/api/v1/captcha/", { headers: { "x-forwarded-for": from } })
    const answer = { id: captcha.body.id, answer: await solveCaptcha(captcha.body) }
    const ok = await call(api.url, "POST", "/api/v1/users/sign_in/", { headers: { "x-forwarded-for": from }, json: { user: { email: r.email, password: r.password, captcha: answer } } })
    expect(ok.status, ok.text).toBe(200)
  })

  it("per address: slowed after 5 failures, 429 after 10, even with the right password", async () => {
    const r = await confirmedUser()
    const ip = newAddress()
    const times: number[] = []
    for (let i = 0; i < 10; i++) {
      const [ans, ms] = await timed(() => call(api.url, "POST", "/api/v1/users/sign_in/", { headers: { "x-forwarded-for": ip }, json: { user: { email: `guess-${i}-${ip}@test.local`, password: "Wrong-Pass-1!" } } }))
      expect(ans.status).toBe(401)
      times.push(ms)
    }
    // The 6th try waits one step, the 10th five.
    expect(times[9]!).toBeGreaterThanOrEqual(5 * STEP - 5)
    const locked = await call(api.url, "POST", "/api/v1/users/sign_in/", { headers: { "x-forwarded-for": ip }, json: { user: { email: r.email, password: r.password } } })
    expect(locked.status).toBe(429)
    expect(locked.body).toEqual(throttled)
  })

  it("per address (many e-mails): 429 after 10 failures", async () => {
    const ip = newAddress()
    for (let i = 0; i < 10; i++) {
      const ans = await call(api.url, "POST", "/api/v1/users/sign_in/", { headers: { "x-forwarded-for": ip }, json: { user: { email: `guess-${i}-${ip}@test.local`, password: "Wrong-Pass-1!" } } })
      expect(ans.status).toBe(401)
    }
    const ans = await call(api.url, "POST", "/api/v1/users/sign_in/", { headers: { "x-forwarded-for": ip }, json: { user: { email: "another@test.local", password: "Wrong-Pass-1!" } } })
    expect(ans.status).toBe(429)
    expect(ans.body).toEqual(throttled)
    // Another address is not affected; X-Forwarded-For is read as the last entry (the proxy's).
    expect((await call(api.url, "POST", "/api/v1/users/sign_in/", { headers: { "x-forwarded-for": `${ip}, ${newAddress()}` }, json: { user: { email: "another@test.local", password: "Wrong-Pass-1!" } } })).status).toBe(401)
  })

  it("a success clears the e-mail's failures", async () => {
    const r = await confirmedUser()
    const fail = () => call(api.url, "POST", "/api/v1/users/sign_in/", { headers: { "x-forwarded-for": newAddress() }, json: { user: { email: r.email, password: "Wrong-Pass-1!" } } })
    for (let i = 0; i < 9; i++) expect((await fail()).status).toBe(401)
    await signInUser(api.url, r.email, r.password)
    // Without the clearing this would be the 10th failure and the next try a 429.
    for (let i = 0; i < 2; i++) expect((await fail()).status).toBe(401)
  })

  it("an unknown e-mail answers the same body and takes about as long as a known one", async () => {
    const r = await confirmedUser()
    const known: number[] = []
    const unknown: number[] = []
    const refused: number[] = []
    let knownText = ""
    let unknownText = ""
    // Interleaved, so a busy moment of the machine slows all three alike.
    for (let i = 0; i < 5; i++) {
      const [k, kms] = await timed(() => call(api.url, "POST", "/api/v1/users/sign_in/", { headers: { "x-forwarded-for": newAddress() }, json: { user: { email: r.email, password: `Wrong-Pass-${i}!` } } }))
      const [u, ums] = await timed(() => call(api.url, "POST", "/api/v1/users/sign_in/", { headers: { "x-forwarded-for": newAddress() }, json: { user: { email: `ghost-${i}-${r.email}`, password: `Wrong-Pass-${i}!` } } }))
      // A body refused before any password is read: the same call without the verification.
      const [x, xms] = await timed(() => call(api.url, "POST", "/api/v1/users/sign_in/", { headers: { "x-forwarded-for": newAddress() }, json: { user: { email: r.email } } }))
      expect(x.status).toBe(422)
      known.push(kms)
      unknown.push(ums)
      refused.push(xms)
      knownText = k.text
      unknownText = u.text
    }
    expect(unknownText).toBe(knownText)
    // Both run one argon2id verification (the unknown one against a dummy digest), which takes more
    // than a refused body's whole answer again; without it an unknown e-mail answers about as fast as
    // that (seen: 1.4 times a refused body, against 4 with the verification).
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
    expect(median(known)).toBeGreaterThan(2 * median(refused))
    expect(median(unknown)).toBeGreaterThan(2 * median(refused))
    expect(median(unknown)).toBeGreaterThan(0.5 * median(known))
  })

  it("CRM sign-in is throttled the same way", async () => {
    const ip = newAddress()
    for (let i = 0; i < 10; i++) {
      const ans = await call(api.url, "POST", "/api/v2/crm/sign_in/", { headers: { "x-forwarded-for": ip }, json: { admin: { email: `nobody-${i}@test.local`, password: "x" } } })
      expect(ans.status).toBe(401)
    }
    const ans = await call(api.url, "POST", "/api/v2/crm/sign_in/", { headers: { "x-forwarded-for": ip }, json: { admin: { email: "nobody@test.local", password: "x" } } })
    expect(ans.status).toBe(429)
    expect(ans.body).toEqual(throttled)
  })
})

describe("reset and SMS brute force", () => {
  it("reset requests for one e-mail, from many addresses: the same answer every time, known or not; at most 10 letters", async () => {
    const r = await confirmedUser()
    for (const email of [r.email, `ghost-${r.email}`]) {
      const bodies = new Set<string>()
      for (let i = 0; i < 12; i++) {
        const ans = await call(api.url, "POST", "/api/v1/users/password/", { headers: { "x-forwarded-for": newAddress() }, json: { user: { email } } })
        expect(ans.status).toBe(200)
        bodies.add(ans.text)
      }
      expect(bodies.size).toBe(1)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(api.sink.messages.filter((m) => m.to === r.email && m.subject === messages.accounts.resetSubject)).toHaveLength(10)
  })

  it("reset requests from one address: 429 after 10", async () => {
    const ip = newAddress()
    for (let i = 0; i < 10; i++) {
      const ans = await call(api.url, "POST", "/api/v1/users/password/", { headers: { "x-forwarded-for": ip }, json: { user: { email: `nobody-${i}@test.local` } } })
      expect(ans.status).toBe(200)
    }
    const ans = await call(api.url, "POST", "/api/v1/users/password/", { headers: { "x-forwarded-for": ip }, json: { user: { email: "nobody@test.local" } } })
    expect(ans.status).toBe(429)
    expect(ans.body).toEqual(throttled)
  })

  it("SMS codes for one account: 429 after 10 requests", async () => {
    const r = await registerUser(api.url, api.db())
    const token = linkParam((await api.sink.waitFor((m) => m.to === r.email)).text, "confirmation_token")!
    for (let i = 0; i < 10; i++) {
      const ans = await call(api.url, "POST", "/api/v1/phone_codes/", { headers: { "x-forwarded-for": newAddress() }, json: { confirmation_token: token } })
      expect(ans.status).toBe(201)
    }
    const ans = await call(api.url, "POST", "/api/v1/phone_codes/", { headers: { "x-forwarded-for": newAddress() }, json: { confirmation_token: token } })
    expect(ans.status).toBe(429)
    expect(ans.body).toEqual(throttled)
  })

  it("wrong SMS codes for one account: 429 after 10 (even across fresh codes)", async () => {
    const r = await registerUser(api.url, api.db())
    const token = linkParam((await api.sink.waitFor((m) => m.to === r.email)).text, "confirmation_token")!
    for (let i = 0; i < 10; i++) {
      const ans = await call(api.url, "POST", "/api/v1/users/confirmation/", { headers: { "x-forwarded-for": newAddress() }, json: { confirmation_token: token, phone_code: String(100000 + i) } })
      expect(ans.status).toBe(422)
    }
    const ans = await call(api.url, "POST", "/api/v1/users/confirmation/", { headers: { "x-forwarded-for": newAddress() }, json: { confirmation_token: token, phone_code: "999999" } })
    expect(ans.status).toBe(429)
    expect(ans.body).toEqual(throttled)
  })
})

describe("the client address", () => {
  // A server of its own without TRUST_PROXY, and no sign-in but the test's from its address.
  const plain = serverWithAdmin({ env: { THROTTLE_STEP_MS: "0" }, admin: false })

  it("without TRUST_PROXY, X-Forwarded-For is ignored: the socket address counts", async () => {
    for (let i = 0; i < 10; i++) {
      await call(plain.url, "POST", "/api/v1/users/sign_in/", { headers: { "x-forwarded-for": newAddress() }, json: { user: { email: `spoof-${i}@test.local`, password: "x" } } })
    }
    const ans = await call(plain.url, "POST", "/api/v1/users/sign_in/", { headers: { "x-forwarded-for": newAddress() }, json: { user: { email: "spoof@test.local", password: "x" } } })
    expect(ans.status).toBe(429)
  })
})
