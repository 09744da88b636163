import { decodeJwt, SignJWT } from "jose"
import { describe, expect, it } from "vitest"
import { STAFF_SESSION_IDLE_SECONDS, STAFF_SESSION_MAX_SECONDS, STAFF_SESSION_RENEW_SECONDS } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { call, serverWithAdmin } from "../api/helpers.ts"
import { TEST_ADMIN, TEST_JWT_SECRET } from "../support/server.ts"
import { DEMO_DIRECTOR, DEMO_USER, lastSmsCode } from "../support/users.ts"

/**
 * The session lives in an HttpOnly cookie the server sets and clears; a page of another site cannot
 * spend it; staff sessions end after a working day idle and a week at most. Each attack is sent as
 * the attacker sends it: a script reading document.cookie (the cookie's attributes), a form or fetch
 * from another origin riding the visitor's cookie, a token kept after sign-out.
 */
const api = serverWithAdmin({ env: { TRUST_PROXY: "1", THROTTLE_STEP_MS: "0" } })
const EVIL = "https://evil.example"

/** The `token` cookie an answer sets, parsed: its value and attributes (lower-cased names). */
function setCookie(headers: Headers): { value: string; attrs: Map<string, string> } | null {
  const line = headers.getSetCookie().find((l) => l.startsWith("token="))
  if (!line) return null
  const [pair, ...rest] = line.split(";").map((p) => p.trim())
  const attrs = new Map(rest.map((a) => [a.split("=")[0]!.toLowerCase(), a.split("=").slice(1).join("=")]))
  return { value: decodeURIComponent(pair!.slice("token=".length)), attrs }
}

const signIn = (remember: boolean) => call<{ jwt: string }>(api.url, "POST", "/api/v1/users/sign_in/", { json: { user: { email: DEMO_USER.email, password: DEMO_USER.password, remember } } })
const cookieHeader = (token: string) => ({ cookie: `token=${encodeURIComponent(token)}` })
const now = () => Math.floor(Date.now() / 1000)

describe("the session's cookie: set by the server, out of scripts' reach", () => {
  it("sign-in sets an HttpOnly SameSite=Lax cookie holding the answered JWT; a year with remember, else a browser-session cookie", async () => {
    for (const remember of [true, false]) {
      const a = await signIn(remember)
      expect(a.status).toBe(200)
      const cookie = setCookie(a.headers)
      expect(cookie?.value).toBe(a.body.jwt)
      expect(cookie?.attrs.has("httponly")).toBe(true)
      expect(cookie?.attrs.get("samesite")).toBe("Lax")
      expect(cookie?.attrs.get("path")).toBe("/")
      // Outside production the site may run on http://localhost, where a Secure cookie would not be kept.
      expect(cookie?.attrs.has("secure")).toBe(false)
      if (remember) expect(Number(cookie?.attrs.get("max-age"))).toBeGreaterThan(364 * 86400)
      else expect(cookie?.attrs.has("max-age")).toBe(false)
    }
  })

  it("the cookie alone signs the browser's calls in; a bearer token still works for programs", async () => {
    const { body } = await signIn(false)
    expect((await call(api.url, "GET", "/api/v1/users/info/", { headers: cookieHeader(body.jwt) })).status).toBe(200)
    expect((await call(api.url, "GET", "/api/v1/users/info/", { token: body.jwt })).status).toBe(200)
    expect((await call(api.url, "GET", "/api/v1/users/info/")).status).toBe(401)
  })

  it("improve_session sets the level-2 cookie, keeping the session's kind (remembered stays remembered)", async () => {
    const signedIn = await call<{ jwt: string }>(api.url, "POST", "/api/v1/users/sign_in/", { json: { user: { email: DEMO_DIRECTOR.email, password: DEMO_DIRECTOR.password, remember: true } } })
    const jar = cookieHeader(signedIn.body.jwt)
    const origin = { ...jar, origin: api.url }
    expect((await call(api.url, "POST", "/api/v1/phone_codes/", { json: { purpose: "improve_session" }, headers: origin })).status).toBe(201)
    const raised = await call<{ jwt: string }>(api.url, "POST", "/api/v1/users/improve_session", {
      json: { password: DEMO_DIRECTOR.password, phone_code: lastSmsCode(api.dataDir, DEMO_DIRECTOR.phone) },
      headers: origin,
    })
    expect(raised.status, raised.text).toBe(200)
    const cookie = setCookie(raised.headers)
    expect(decodeJwt(cookie!.value).lvl).toBe(2)
    expect(cookie?.attrs.has("httponly")).toBe(true)
    expect(Number(cookie?.attrs.get("max-age"))).toBeGreaterThan(364 * 86400)
    // The level-1 cookie is spent: the server refuses it and tells the browser to drop it.
    const old = await call(api.url, "GET", "/api/v1/users/info/", { headers: jar })
    expect(old.status).toBe(401)
    expect(old.headers.get("www-authenticate")).toContain("invalid_token")
    expect(setCookie(old.headers)?.attrs.get("max-age")).toBe("0")
  })

  it("sign-out ends the session on the server and removes the cookie; the kept token is refused", async () => {
    const { body } = await signIn(true)
    const out = await call(api.url, "POST", "/api/v1/users/sign_out/", { headers: { ...cookieHeader(body.jwt), origin: api.url } })
    expect(out.status).toBe(204)
    expect(setCookie(out.headers)?.value).toBe("")
    expect(setCookie(out.headers)?.attrs.get("max-age")).toBe("0")
    expect((await call(api.url, "GET", "/api/v1/users/info/", { headers: cookieHeader(body.jwt) })).status).toBe(401)
  })

  it("a wrong password's 401 names no session (the page keeps its own)", async () => {
    const a = await call(api.url, "POST", "/api/v1/users/sign_in/", { json: { user: { email: DEMO_USER.email, password: "Wrong-2026!x" } } })
    expect(a.status).toBe(401)
    expect(a.headers.get("www-authenticate") ?? "").not.toContain("invalid_token")
  })
})

describe("a page of another site cannot spend the visitor's cookie", () => {
  it("a cross-site POST with the cookie (Origin of another site) is refused and changes nothing", async () => {
    const { body } = await signIn(false)
    const attack = await call(api.url, "POST", "/api/v1/users/sign_out/", { headers: { ...cookieHeader(body.jwt), origin: EVIL, "sec-fetch-site": "cross-site" } })
    expect(attack.status).toBe(403)
    expect((attack.body as { error: string }).error).toBe(messages.http.foreignOrigin)
    expect((await call(api.url, "GET", "/api/v1/users/info/", { headers: cookieHeader(body.jwt) })).status).toBe(200)
  })

  it("a form that hides its Origin (a sandboxed frame's Origin: null, or none with Sec-Fetch-Site: cross-site) is refused", async () => {
    const { body } = await signIn(false)
    for (const headers of [{ origin: "null" }, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }] as Record<string, string>[]) {
      const attack = await call(api.url, "POST", "/api/v1/users/sign_out/", { headers: { ...cookieHeader(body.jwt), ...headers } })
      expect(attack.status, JSON.stringify(headers)).toBe(403)
    }
    expect((await call(api.url, "GET", "/api/v1/users/info/", { headers: cookieHeader(body.jwt) })).status).toBe(200)
  })

  it("the cookie without any word of where the call comes from does not change state (programs send a bearer token)", async () => {
    const { body } = await signIn(false)
    const bare = await call(api.url, "POST", "/api/v1/users/sign_out/", { headers: cookieHeader(body.jwt) })
    expect(bare.status).toBe(403)
    // The same call with the bearer token, as a program sends it, works.
    expect((await call(api.url, "POST", "/api/v1/users/sign_out/", { token: body.jwt })).status).toBe(204)
  })

  it("the site's own page (same Origin, or Sec-Fetch-Site: same-origin) may", async () => {
    for (const headers of [{ origin: api.url }, { "sec-fetch-site": "same-origin" }] as Record<string, string>[]) {
      const { body } = await signIn(false)
      expect((await call(api.url, "POST", "/api/v1/users/sign_out/", { headers: { ...cookieHeader(body.jwt), ...headers } })).status).toBe(204)
    }
  })

  it("an anonymous form posted from another site is refused too, and nothing is stored", async () => {
    const email = `csrf-${Date.now()}@example.ru`
    const attack = await call(api.url, "POST", "/api/v1/feedbacks/", { json: { feedback: { email } }, headers: { origin: EVIL } })
    expect(attack.status).toBe(403)
    expect(await api.db().kysely.selectFrom("feedbacks").select("id").where("email", "=", email).execute()).toEqual([])
  })

  it("reads stay open to anyone (GET from another origin is not refused)", async () => {
    expect((await call(api.url, "GET", "/api/v2/cities/", { headers: { origin: EVIL } })).status).toBe(200)
  })
})

describe("staff sessions: a working day idle, a week at most", () => {
  const staffToken = async (claims: { iat: number; exp: number; auth: number; sid: string }) => {
    const { id, session_version } = await admin()
    return new SignJWT({ ctx: "admin", lvl: 1, sv: session_version, sid: claims.sid, auth: claims.auth })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(id))
      .setJti(crypto.randomUUID())
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET))
  }
  /** The test administrator's id and session version, which a token must carry to be accepted. */
  const admin = () => api.db().kysely.selectFrom("admin_users").select(["id", "session_version"]).where("email", "=", TEST_ADMIN.email).executeTakeFirstOrThrow()

  it("CRM sign-in answers a token of a working day, not a year", async () => {
    const a = await call<{ meta: { jwt: string } }>(api.url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } } })
    expect(a.status, a.text).toBe(200)
    const { exp, iat } = decodeJwt(a.body.meta.jwt)
    expect(exp! - iat!).toBe(STAFF_SESSION_IDLE_SECONDS)
    expect(setCookie(a.headers)?.attrs.has("httponly")).toBe(true)
  })

  it("a CRM call slides the session: a token older than the renewal step gets the next one, same session, another working day", async () => {
    const t = now()
    const sid = crypto.randomUUID()
    const old = await staffToken({ iat: t - STAFF_SESSION_RENEW_SECONDS - 5, exp: t + 3600, auth: t - 7200, sid })
    const a = await call(api.url, "GET", "/api/v2/crm/current_admin/", { headers: cookieHeader(old) })
    expect(a.status).toBe(200)
    const renewed = decodeJwt(setCookie(a.headers)!.value)
    expect(renewed.sid).toBe(sid)
    expect(renewed.auth).toBe(t - 7200)
    expect(renewed.exp! - now()).toBeGreaterThan(STAFF_SESSION_IDLE_SECONDS - 60)
    // A fresh token is not renewed on every call.
    const fresh = await staffToken({ iat: t, exp: t + 3600, auth: t, sid: crypto.randomUUID() })
    expect(setCookie((await call(api.url, "GET", "/api/v2/crm/current_admin/", { headers: cookieHeader(fresh) })).headers)).toBeNull()
  })

  it("never past a week from signing in: the last renewal ends with the week, and then the session is over", async () => {
    const t = now()
    const signedInAt = t - STAFF_SESSION_MAX_SECONDS + 3600
    const late = await staffToken({ iat: t - STAFF_SESSION_RENEW_SECONDS - 5, exp: t + 600, auth: signedInAt, sid: crypto.randomUUID() })
    const a = await call(api.url, "GET", "/api/v2/crm/current_admin/", { headers: cookieHeader(late) })
    expect(decodeJwt(setCookie(a.headers)!.value).exp).toBe(signedInAt + STAFF_SESSION_MAX_SECONDS)
    const expired = await staffToken({ iat: t - 7200, exp: t - 1, auth: t - STAFF_SESSION_MAX_SECONDS, sid: crypto.randomUUID() })
    expect((await call(api.url, "GET", "/api/v2/crm/current_admin/", { headers: cookieHeader(expired) })).status).toBe(401)
  })

  it("sign-out ends the whole session: a token it slid from is refused too", async () => {
    const t = now()
    const sid = crypto.randomUUID()
    const earlier = await staffToken({ iat: t - 1200, exp: t + 3600, auth: t - 1200, sid })
    const current = await staffToken({ iat: t, exp: t + STAFF_SESSION_IDLE_SECONDS, auth: t - 1200, sid })
    expect((await call(api.url, "DELETE", "/api/v2/crm/sign_out/", { headers: { ...cookieHeader(current), origin: api.url } })).status).toBe(204)
    expect((await call(api.url, "GET", "/api/v2/crm/current_admin/", { token: earlier })).status).toBe(401)
  })
})
