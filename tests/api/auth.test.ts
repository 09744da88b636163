import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose"
import { beforeAll, describe, expect, it } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { TEST_ADMIN, TEST_JWT_SECRET } from "../support/server.ts"
import { call } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

const api = serverWithAdmin()
let adminId: string

const secret = new TextEncoder().encode(TEST_JWT_SECRET)
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url")
const inAYear = () => Math.floor(Date.now() / 1000) + 3600

/** A hand-signed token of the test administrator at his current session version (the `sv` of his real token), unless `claims` say otherwise. */
const sign = (claims: Record<string, unknown>, key: Uint8Array = secret, exp: number = inAYear()) =>
  new SignJWT({ sv: decodeJwt(api.adminToken).sv, ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(adminId).setJti(crypto.randomUUID()).setIssuedAt().setExpirationTime(exp).sign(key)

beforeAll(() => {
  adminId = decodeJwt(api.adminToken).sub!
})

/** Every CRM endpoint, with a body where it takes one. */
const endpoints: ReadonlyArray<readonly [string, string, unknown?]> = [
  ["GET", "/api/v2/crm/current_admin/"],
  ["GET", "/api/v2/crm/current_admin"],
  ["GET", "/api/v2/crm/menu_items/"],
  ["GET", "/api/v2/crm/menu_items"],
  ["GET", "/api/v2/crm/menu_items/1/"],
  ["POST", "/api/v2/crm/menu_items/", { menu_item: { name: "Взлом", url: "/x", position: 1 } }],
  ["PUT", "/api/v2/crm/menu_items/1/", { menu_item: { name: "Взлом", url: "/x", position: 1 } }],
  ["PATCH", "/api/v2/crm/menu_items/1", { menu_item: { name: "Взлом" } }],
  ["DELETE", "/api/v2/crm/menu_items/1/"],
  ["GET", "/api/v2/crm/cities/"],
  ["GET", "/api/v2/crm/cities/1"],
  ["POST", "/api/v2/crm/cities", { city: { name: "Взлом", slug: "vzlom" } }],
  ["PUT", "/api/v2/crm/cities/1/", { city: { name: "Взлом", slug: "vzlom" } }],
  ["PATCH", "/api/v2/crm/cities/1/", { city: { name: "Взлом" } }],
  ["DELETE", "/api/v2/crm/cities/1"],
  // Unknown CRM paths are guarded too: nothing below /crm answers without a token.
  ["GET", "/api/v2/crm/admin_users/"],
  ["GET", "/api/v2/crm/nothing_here"],
]

async function expectAllRefused(tokenFor: () => Promise<string | undefined>, label: string) {
  const before = (await call<{ data: unknown[] }>(api.url, "GET", "/api/v2/menu_items/")).text
  for (const [method, path, json] of endpoints) {
    const t = await tokenFor()
    const a = await call(api.url, method, path, { token: t, ...(json ? { json } : {}) })
    expect(a.status, `${label}: ${method} ${path}`).toBe(401)
    expect(a.body).toEqual({ error: messages.http.unauthorized })
  }
  expect((await call(api.url, "GET", "/api/v2/menu_items/")).text).toBe(before)
}

describe("CRM endpoints refuse every request without a valid admin token (401)", () => {
  it("without a token", async () => {
    await expectAllRefused(async () => undefined, "no token")
  })

  it("with a garbage token", async () => {
    await expectAllRefused(async () => "garbage", "garbage")
    await expectAllRefused(async () => "a.b.c", "a.b.c")
  })

  it("with an Authorization header that is not Bearer", async () => {
    const a = await call(api.url, "GET", "/api/v2/crm/current_admin/", { headers: { authorization: api.adminToken } })
    expect(a.status).toBe(401)
    const b = await call(api.url, "GET", "/api/v2/crm/current_admin/", { headers: { authorization: `Basic ${api.adminToken}` } })
    expect(b.status).toBe(401)
  })

  it("with a token signed by another secret", async () => {
    const other = new TextEncoder().encode("another-secret-another-secret-another-secret")
    await expectAllRefused(() => sign({ ctx: "admin", lvl: 1 }, other), "other secret")
  })

  it("with alg none", async () => {
    const unsigned = () => Promise.resolve(`${b64({ alg: "none", typ: "JWT" })}.${b64({ sub: adminId, ctx: "admin", lvl: 1, exp: inAYear() })}.`)
    await expectAllRefused(unsigned, "alg none")
    // The same unsigned token carrying a copy of a real signature is refused as well.
    const realSig = api.adminToken.split(".")[2]
    await expectAllRefused(async () => (await unsigned()) + realSig, "alg none with signature")
  })

  it("with a token whose payload was altered after signing", async () => {
    const [h, , s] = api.adminToken.split(".")
    const forged = `${h}.${b64({ ...decodeJwt(api.adminToken), sub: "2" })}.${s}`
    await expectAllRefused(async () => forged, "altered payload")
  })

  it("with an expired token", async () => {
    await expectAllRefused(() => sign({ ctx: "admin", lvl: 1 }, secret, Math.floor(Date.now() / 1000) - 60), "expired")
  })

  it("with a token without exp", async () => {
    const noExp = () => new SignJWT({ ctx: "admin", lvl: 1 }).setProtectedHeader({ alg: "HS256" }).setSubject(adminId).sign(secret)
    await expectAllRefused(noExp, "no exp")
  })

  it("with a site-context token signed with the right secret", async () => {
    await expectAllRefused(() => sign({ ctx: "site", lvl: 2 }), "site context")
  })

  it("with a token of an administrator who does not exist", async () => {
    const ghost = () =>
      new SignJWT({ ctx: "admin", lvl: 1 }).setProtectedHeader({ alg: "HS256" }).setSubject("999999999").setExpirationTime("1h").sign(secret)
    await expectAllRefused(ghost, "unknown admin")
    const huge = () =>
      new SignJWT({ ctx: "admin", lvl: 1 }).setProtectedHeader({ alg: "HS256" }).setSubject("99999999999999").setExpirationTime("1h").sign(secret)
    await expectAllRefused(huge, "out of range admin id")
  })

  it("a hand-signed admin token with the right secret is accepted (the checks above are not vacuous)", async () => {
    const a = await call<{ data: { attributes: { email: string } } }>(api.url, "GET", "/api/v2/crm/current_admin/", {
      token: await sign({ ctx: "admin", lvl: 1 }),
    })
    expect(a.status).toBe(200)
    expect(a.body.data.attributes.email).toBe(TEST_ADMIN.email)
  })
})

describe("POST /api/v2/crm/sign_in/", () => {
  it("answers data and meta.jwt: HS256 with exp, admin context", async () => {
    for (const path of ["/api/v2/crm/sign_in/", "/api/v2/crm/sign_in"]) {
      const a = await call<{ data: { id: string; type: string; attributes: Record<string, string> }; meta: { jwt: string } }>(
        api.url,
        "POST",
        path,
        { json: { admin: { email: ` ${TEST_ADMIN.email.toUpperCase()} `, password: TEST_ADMIN.password } } },
      )
      expect(a.status).toBe(200)
      expect(a.body.data).toEqual({ id: adminId, type: "admin_user", attributes: { email: TEST_ADMIN.email, fullname: expect.any(String), role: "admin", office_id: null, office_name: null } })
      expect(a.text).not.toContain("password")
      const header = decodeProtectedHeader(a.body.meta.jwt)
      expect(header.alg).toBe("HS256")
      const claims = decodeJwt(a.body.meta.jwt)
      expect(claims.exp).toBeGreaterThan(Date.now() / 1000)
      expect(claims).toMatchObject({ sub: adminId, ctx: "admin" })
    }
  })

  it("wrong password and unknown e-mail answer 401 with the same body", async () => {
    const wrong = await call(api.url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email: TEST_ADMIN.email, password: "wrong-password" } } })
    const unknown = await call(api.url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email: "nobody@test.local", password: TEST_ADMIN.password } } })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual({ error: messages.http.signInFailed })
    expect(unknown.text).toBe(wrong.text)
  })

  it("missing fields → 422", async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{ admin: { email: TEST_ADMIN.email } }, { password: [messages.validation.required] }],
      [{ admin: { password: "x" } }, { email: [messages.validation.required] }],
      [{ admin: { email: "", password: "" } }, { email: [messages.validation.required], password: [messages.validation.required] }],
      [{ admin: { email: "not-an-email", password: "x" } }, { email: [messages.validation.email] }],
    ]
    for (const [json, errors] of cases) {
      const a = await call<{ errors: unknown }>(api.url, "POST", "/api/v2/crm/sign_in/", { json })
      expect(a.status, JSON.stringify(json)).toBe(422)
      expect(a.body.errors).toEqual(errors)
    }
    for (const json of [{}, { admin: null }, { user: TEST_ADMIN }]) {
      const a = await call(api.url, "POST", "/api/v2/crm/sign_in/", { json })
      expect(a.status, JSON.stringify(json)).toBe(422)
    }
  })

  it("malformed JSON → 400", async () => {
    const a = await call(api.url, "POST", "/api/v2/crm/sign_in/", { raw: "{admin" })
    expect(a.status).toBe(400)
    expect(a.body).toEqual({ message: messages.http.badJson })
  })
})

describe("GET /api/v2/crm/current_admin/", () => {
  it("answers the signed-in admin with a valid token", async () => {
    const a = await call<{ data: { id: string; type: string; attributes: { email: string } } }>(api.url, "GET", "/api/v2/crm/current_admin/", { token: api.adminToken })
    expect(a.status).toBe(200)
    expect(a.body.data).toMatchObject({ id: adminId, type: "admin_user", attributes: { email: TEST_ADMIN.email } })
  })
})
