import { readFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { newDssProfileId } from "../../server/services/dss.ts"
import { confirmedCustomer, DEMO_USER, signInUser } from "../support/users.ts"
import { insertCertificate } from "./account-certificates-rows.ts"
import { call } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/**
 * The myDSS profile (docs/account-certificates.md): one opaque 128-bit id per customer, created on the
 * first call; its page's data only for its owner (another customer and an unknown id alike 404); the
 * certificates held in DSS; the deep link and its QR code (SVG); the link by SMS, checked by
 * dss_user_deeplink_frm and rate-limited; the page itself marked noindex.
 */

const api = serverWithAdmin({ env: { THROTTLE_STEP_MS: "0", DSS_URL: "https://dss.example.ru/STS/oauth/" } })
interface Customer {
  id: number
  jwt: string
}
let owner: Customer
let other: Customer
let dssCert = ""
let tokenCert = ""

const customer = (): Promise<Customer> => confirmedCustomer(api.url, api.db())

beforeAll(async () => {
  owner = await customer()
  other = await customer()
  dssCert = (await insertCertificate(api.db(), owner.id, { keyStorage: "dss" })).publicId
  tokenCert = (await insertCertificate(api.db(), owner.id, { keyStorage: "token" })).publicId
  await insertCertificate(api.db(), other.id, { keyStorage: "dss" })
})

const as = (who: Customer | null) => (who ? { token: who.jwt } : {})

interface Profile {
  data: { id: string; deeplink: string; qr_svg: string; certificates: { id: string; attributes: { key_storage: string } }[] }
}

describe("the profile's id", () => {
  it("is created once per customer: 32 hex digits, the same on every call, another for another customer", async () => {
    const a = await call<{ data: { id: string; url: string } }>(api.url, "POST", "/api/v1/lk/dss_profile/", as(owner))
    expect(a.status, a.text).toBe(200)
    expect(a.body.data.id).toMatch(/^[0-9a-f]{32}$/)
    expect(a.body.data.url).toBe(`/mydss/profile/${a.body.data.id}`)
    const again = await call<{ data: { id: string } }>(api.url, "POST", "/api/v1/lk/dss_profile/", as(owner))
    expect(again.body.data.id).toBe(a.body.data.id)
    const others = await call<{ data: { id: string } }>(api.url, "POST", "/api/v1/lk/dss_profile/", as(other))
    expect(others.body.data.id).not.toBe(a.body.data.id)
    expect((await call(api.url, "POST", "/api/v1/lk/dss_profile/", {})).status).toBe(401)
    expect(await api.db().kysely.selectFrom("dss_profiles").select("id").where("user_id", "=", owner.id).execute()).toHaveLength(1)
  })

  it("comes from the CSPRNG: 128 bits, no repeats, every hex digit about equally often", () => {
    const ids = Array.from({ length: 2000 }, newDssProfileId)
    expect(new Set(ids).size).toBe(ids.length)
    const counts = new Map<string, number>()
    for (const ch of ids.join("")) counts.set(ch, (counts.get(ch) ?? 0) + 1)
    expect(counts.size).toBe(16)
    // 64,000 digits: 4,000 expected each; a counter or a timestamp would be far off.
    for (const n of counts.values()) expect(Math.abs(n - 4000)).toBeLessThan(400)
  })
})

describe("the profile's page data", () => {
  it("shows its owner the DSS certificates only, the deep link and its QR code", async () => {
    const id = (await call<{ data: { id: string } }>(api.url, "POST", "/api/v1/lk/dss_profile/", as(owner))).body.data.id
    const a = await call<Profile>(api.url, "GET", `/api/v1/lk/dss_profiles/${id}/`, as(owner))
    expect(a.status, a.text).toBe(200)
    expect(a.body.data.certificates.map((c) => c.id)).toEqual([dssCert])
    expect(a.body.data.certificates.map((c) => c.id)).not.toContain(tokenCert)
    const link = new URL(a.body.data.deeplink)
    expect(link.protocol).toBe("mydss:")
    expect(link.host).toBe("register")
    expect(link.searchParams.get("url")).toBe("https://dss.example.ru/STS/oauth")
    expect(link.searchParams.get("login")).toBe(id)
    expect(a.body.data.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)
    expect(a.body.data.qr_svg).toContain("<path")
  })

  it("shows nothing to anyone else: anonymous 401, another customer 404 as an unknown id", async () => {
    const id = (await call<{ data: { id: string } }>(api.url, "POST", "/api/v1/lk/dss_profile/", as(owner))).body.data.id
    expect((await call(api.url, "GET", `/api/v1/lk/dss_profiles/${id}/`, {})).status).toBe(401)
    const foreign = await call(api.url, "GET", `/api/v1/lk/dss_profiles/${id}/`, as(other))
    expect(foreign.status).toBe(404)
    const unknown = await call(api.url, "GET", `/api/v1/lk/dss_profiles/${newDssProfileId()}/`, as(other))
    expect(unknown.status).toBe(404)
    expect(foreign.text).toBe(unknown.text)
    expect((await call(api.url, "GET", "/api/v1/lk/dss_profiles/1/", as(owner))).status).toBe(404)
    expect((await call(api.url, "POST", `/api/v1/lk/dss_profiles/${id}/sms/`, { ...as(other), json: { phone: "+7 (999) 111-22-33" } })).status).toBe(404)
  })

  it("marks the page noindex", async () => {
    const res = await fetch(`${api.url}/mydss/profile/${newDssProfileId()}`)
    expect(res.headers.get("x-robots-tag")).toContain("noindex")
    await res.body?.cancel()
  })
})

describe("the link by SMS", () => {
  it("sends the deep link to the account's own phone only, whatever number is sent, and is rate-limited", async () => {
    const id = (await call<{ data: { id: string } }>(api.url, "POST", "/api/v1/lk/dss_profile/", as(owner))).body.data.id
    const path = `/api/v1/lk/dss_profiles/${id}/sms/`
    const phone = (await api.db().kysely.selectFrom("users").select("mobile_phone").where("id", "=", owner.id).executeTakeFirstOrThrow()).mobile_phone
    const sent = await call<{ data: { phone: string } }>(api.url, "POST", path, { ...as(owner), json: { phone: "8 (999) 555-12-34" } })
    expect(sent.status, sent.text).toBe(201)
    expect(sent.body.data.phone).toBe(`+7 (9**) ***-**-${phone.slice(-2)}`)
    const log = readFileSync(join(api.dataDir, "outbox", "sms.log"), "utf8").trim().split("\n")
    const line = log.at(-1)!
    expect(line.split(" ")[1]).toBe(phone)
    expect(log.some((l) => l.split(" ")[1] === "+79995551234")).toBe(false)
    expect(line).toContain(`mydss://register?url=${encodeURIComponent("https://dss.example.ru/STS/oauth")}&login=${id}`)
    let status = 201
    for (let i = 0; i < 12 && status === 201; i++) status = (await call(api.url, "POST", path, { ...as(owner), json: { phone: "+79995551234" } })).status
    expect(status).toBe(429)
  })
})

describe("without DSS_URL (a development start; production requires it)", () => {
  const server = serverWithAdmin({ env: { DSS_URL: "" }, admin: false })

  it("offers no myDSS: site_config says so, and the profile's calls answer 404 after the sign-in's 401", async () => {
    const config = await call<{ data: { mydss: boolean } }>(server.url, "GET", "/api/v2/site_config/")
    expect(config.body.data.mydss).toBe(false)
    expect((await call(server.url, "POST", "/api/v1/lk/dss_profile/")).status).toBe(401)
    const { jwt } = await signInUser(server.url, DEMO_USER.email)
    expect((await call(server.url, "POST", "/api/v1/lk/dss_profile/", { token: jwt })).status).toBe(404)
    expect((await call(server.url, "POST", `/api/v1/lk/dss_profiles/${newDssProfileId()}/sms/`, { token: jwt, json: {} })).status).toBe(404)
    expect((await call<{ data: { mydss: boolean } }>(api.url, "GET", "/api/v2/site_config/")).body.data.mydss).toBe(true)
  })
})
