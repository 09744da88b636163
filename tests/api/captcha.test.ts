import { describe, expect, it } from "vitest"
import { verifyCaptcha } from "../../server/services/captcha.ts"
import { solveCaptcha } from "../support/captcha.ts"
import { call, serverWithAdmin } from "./helpers.ts"

interface CaptchaAnswer {
  id: string
  image: string
}

const api = serverWithAdmin()

const fresh = async () => {
  const a = await call<CaptchaAnswer>(api.url, "GET", "/api/v1/captcha/")
  expect(a.status).toBe(200)
  return { ...a.body, text: solveCaptcha(a.body.image) }
}

describe("GET /api/v1/captcha/", () => {
  it("answers a new SVG picture of 5 unambiguous characters with an id, never cached", async () => {
    const a = await call<CaptchaAnswer>(api.url, "GET", "/api/v1/captcha/")
    expect(a.status).toBe(200)
    expect(a.headers.get("cache-control")).toBe("no-store")
    expect(a.body.id).toMatch(/^[0-9a-f]{32}$/)
    expect(a.body.image).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    const text = solveCaptcha(a.body.image)
    expect(text).toMatch(/^[2-9a-hjkmnp-zA-HJ-NP-Z]{5}$/)
    expect(text).not.toMatch(/[01oOlIi]/)
    const b = await call<CaptchaAnswer>(api.url, "GET", "/api/v1/captcha/")
    expect(b.body.id).not.toBe(a.body.id)
  })

  it("stores only a digest of the answer, valid for 10 minutes", async () => {
    const c = await fresh()
    const row = await api.db().kysely.selectFrom("captchas").selectAll().where("id", "=", c.id).executeTakeFirstOrThrow()
    expect(JSON.stringify(row).toLowerCase()).not.toContain(c.text.toLowerCase())
    expect(row.answer_digest).toMatch(/^[0-9a-f]{64}$/)
    const ttl = Date.parse(row.expires_at) - Date.parse(row.created_at)
    expect(ttl).toBe(10 * 60 * 1000)
  })
})

describe("verifyCaptcha (the check other routes use)", () => {
  it("accepts the right answer in any letter case and with surrounding spaces", async () => {
    const c = await fresh()
    expect(await verifyCaptcha(api.db(), { id: c.id, answer: ` ${c.text.toUpperCase()} ` })).toBe(true)
    const d = await fresh()
    expect(await verifyCaptcha(api.db(), { id: d.id, answer: d.text.toLowerCase() })).toBe(true)
  })

  it("is used up by one check: a right answer works once", async () => {
    const c = await fresh()
    expect(await verifyCaptcha(api.db(), { id: c.id, answer: c.text })).toBe(true)
    expect(await verifyCaptcha(api.db(), { id: c.id, answer: c.text })).toBe(false)
  })

  it("is used up by a wrong answer too: no second guess on the same picture", async () => {
    const c = await fresh()
    const wrong = c.text.slice(1) + (c.text[0] === "2" ? "3" : "2")
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
