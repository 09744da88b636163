import { describe, expect, it } from "vitest"
import { CHALLENGE_ALGORITHM, CHALLENGE_COST } from "../../schemas/constants.ts"
import type { ChallengeAnswer } from "../../schemas/entities/challenge.ts"
import { verifyCaptcha } from "../../server/services/captcha.ts"
import { solveCaptcha } from "../support/captcha.ts"
import { call } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

const api = serverWithAdmin()

const fresh = async () => {
  const a = await call<ChallengeAnswer>(api.url, "GET", "/api/v1/captcha/")
  expect(a.status).toBe(200)
  return { ...a.body, text: await solveCaptcha(a.body) }
}

describe("GET /api/v1/captcha/", () => {
  it("answers a new proof-of-work challenge with an id, never cached, and no picture", async () => {
    const a = await call<ChallengeAnswer & { image?: unknown }>(api.url, "GET", "/api/v1/captcha/")
    expect(a.status).toBe(200)
    expect(a.headers.get("cache-control")).toBe("no-store")
    expect(a.body.id).toMatch(/^[0-9a-f]{32}$/)
    expect(a.body.image).toBeUndefined()
    expect(a.body.challenge).toMatchObject({ algorithm: CHALLENGE_ALGORITHM, cost: CHALLENGE_COST, keyLength: 32 })
    // Half the derived key is published: the counter cannot be read off it, only searched for.
    expect(a.body.challenge.keyPrefix).toMatch(/^[0-9a-f]{32}$/)
    expect(a.body.challenge.expiresAt! * 1000).toBeGreaterThan(Date.now() + 9 * 60 * 1000)
    const b = await call<ChallengeAnswer>(api.url, "GET", "/api/v1/captcha/")
    expect(b.body.id).not.toBe(a.body.id)
    expect(b.body.challenge.nonce).not.toBe(a.body.challenge.nonce)
  })

  it("takes CHALLENGE_WORK tries on average: each counter lies between half and one and a half times it (20 in tests)", async () => {
    const counters = await Promise.all(Array.from({ length: 12 }, async () => Number((await fresh()).text)))
    for (const n of counters) {
      expect(n).toBeGreaterThanOrEqual(10)
      expect(n).toBeLessThanOrEqual(30)
    }
    expect(new Set(counters).size).toBeGreaterThan(1)
  })

  it("stores only a digest of the answer, valid for 10 minutes", async () => {
    const c = await fresh()
    const row = await api.db().kysely.selectFrom("captchas").selectAll().where("id", "=", c.id).executeTakeFirstOrThrow()
    expect(row.answer_digest).toMatch(/^[0-9a-f]{64}$/)
    // No column holds the counter itself (a digest may contain its digits by chance: whole values are compared).
    expect(Object.values(row).map(String)).not.toContain(c.text)
    const ttl = Date.parse(row.expires_at) - Date.parse(row.created_at)
    expect(ttl).toBe(10 * 60 * 1000)
  })
})

describe("verifyCaptcha (the check other routes use)", () => {
  it("accepts the found counter, with surrounding spaces too", async () => {
    const c = await fresh()
    expect(await verifyCaptcha(api.db(), { id: c.id, answer: ` ${c.text} ` })).toBe(true)
  })

  it("is used up by one check: a right answer works once", async () => {
    const c = await fresh()
    expect(await verifyCaptcha(api.db(), { id: c.id, answer: c.text })).toBe(true)
    expect(await verifyCaptcha(api.db(), { id: c.id, answer: c.text })).toBe(false)
  })

  it("is used up by a wrong answer too: no second guess on the same challenge", async () => {
    const c = await fresh()
    const wrong = String(Number(c.text) + 1)
    expect(await verifyCaptcha(api.db(), { id: c.id, answer: wrong })).toBe(false)
    expect(await verifyCaptcha(api.db(), { id: c.id, answer: c.text })).toBe(false)
    expect(await api.db().kysely.selectFrom("captchas").select("id").where("id", "=", c.id).executeTakeFirst()).toBeUndefined()
  })

  it("fails once the captcha expired", async () => {
    const c = await fresh()
    await api.db().kysely.updateTable("captchas").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("id", "=", c.id).execute()
    expect(await verifyCaptcha(api.db(), { id: c.id, answer: c.text })).toBe(false)
  })

  it("fails for an unknown or malformed id and for no answer", async () => {
    const c = await fresh()
    expect(await verifyCaptcha(api.db(), { id: "0".repeat(32), answer: c.text })).toBe(false)
    expect(await verifyCaptcha(api.db(), { id: "' or 1=1 --", answer: c.text })).toBe(false)
    expect(await verifyCaptcha(api.db(), null)).toBe(false)
    expect(await verifyCaptcha(api.db(), { id: c.id, answer: "" })).toBe(false)
  })

  it("lets only one of two simultaneous checks of the same captcha pass", async () => {
    const c = await fresh()
    const results = await Promise.all([verifyCaptcha(api.db(), { id: c.id, answer: c.text }), verifyCaptcha(api.db(), { id: c.id, answer: c.text })])
    expect(results.filter(Boolean)).toHaveLength(1)
  })
})
