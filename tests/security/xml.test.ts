import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { DEMO_DIRECTOR, improveSession, signInUser } from "../support/users.ts"
import { serverWithAdmin } from "../api/helpers.ts"
import { keepTrustList } from "../support/trust-list.ts"
import { signedEpoa } from "../api/epoa-signing.ts"
import { upload } from "../api/multipart.ts"

/**
 * Hostile XML wherever the site takes XML: the МЧД upload of staff (`/api/v2/crm/epoas/upload/`) and
 * of a director (`/api/v1/lk/epoas/`), and the trust list (`/api/v2/crm/trust_roots/upload/`, the
 * Минцифры TSL.xml). A document nested ten thousand levels deep, and elements or attributes named
 * `__proto__`, `constructor`, `prototype`: each is a 422 with a Russian message, never a 500, and
 * nothing is polluted or stored.
 */
const api = serverWithAdmin()
keepTrustList(api)

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n`
const ROOT = `Доверенность xmlns="urn://x-artefacts/EMCHD_1" ВерсФорм="EMCHD_1"`
const nested = (depth: number) => `${HEAD}<${ROOT}>${"<Д>".repeat(depth)}${"</Д>".repeat(depth)}</Доверенность>`
const CERT = readFileSync("tests/fixtures/pki/rsa-ca.cer").toString("base64")
const tsl = (inner: string) => `${HEAD}<АккредитованныеУдостоверяющиеЦентры>${inner}<УдостоверяющийЦентр><Данные>${CERT}</Данные></УдостоверяющийЦентр></АккредитованныеУдостоверяющиеЦентры>`

const HOSTILE: Record<string, string> = {
  "10,000 levels": nested(10_000),
  "100,000 levels": nested(100_000),
  "<__proto__>": `${HEAD}<${ROOT}><__proto__><polluted>yes</polluted></__proto__></Доверенность>`,
  "<constructor>": `${HEAD}<${ROOT}><constructor><prototype><polluted>yes</polluted></prototype></constructor></Доверенность>`,
  "<prototype>": `${HEAD}<${ROOT}><prototype>yes</prototype></Доверенность>`,
  "<ns:__proto__>": `${HEAD}<${ROOT} xmlns:x="urn:x"><x:__proto__ polluted="yes"/></Доверенность>`,
  'attributes __proto__="…"': `${HEAD}<${ROOT} __proto__="yes" constructor="yes" prototype="yes"><Документ/></Доверенность>`,
}

const TSL_HOSTILE: Record<string, string> = {
  "10,000 levels": tsl(`${"<Д>".repeat(10_000)}${"</Д>".repeat(10_000)}`),
  "<__proto__>": tsl("<__proto__><polluted>yes</polluted></__proto__>"),
  'attribute constructor="…"': tsl('<Ключ constructor="yes" prototype="yes"/>'),
}

type Answer = { errors?: Record<string, string[]>; data?: unknown; meta?: unknown }
const russian = /[а-яё]/i

const sentAs = async (url: string, token: string, xml: string) =>
  upload<Answer>(`${api.url}${url}`, token, [
    { name: "file", filename: "doverennost.xml", contentType: "application/xml", data: xml },
    { name: "signature", filename: "doverennost.xml.sig", data: Buffer.from("MAA=") },
  ])

const note = (where: string, label: string, a: { status: number; body: Answer }) => {
  const line = `xml: ${where} ${label} → ${a.status} ${JSON.stringify(a.body).slice(0, 160)}`
  console.log(line)
}

describe("hostile XML", () => {
  it("an МЧД upload by staff: each is a 422 with a Russian message", async () => {
    const operator = await api.staff("operator")
    const got: Array<[string, number, boolean]> = []
    for (const [label, xml] of Object.entries(HOSTILE)) {
      const a = await sentAs("/api/v2/crm/epoas/upload/", operator, xml)
      note("crm epoas", label, a)
      got.push([label, a.status, russian.test(a.body.errors?.file?.[0] ?? "")])
    }
    expect(got).toEqual(got.map(([label]) => [label, 422, true]))
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it("an МЧД upload by a director: each is a 422 with a Russian message", async () => {
    const { jwt } = await signInUser(api.url, DEMO_DIRECTOR.email)
    const director = await improveSession(api.url, api.dataDir, jwt, DEMO_DIRECTOR.password, DEMO_DIRECTOR.phone)
    const got: Array<[string, number, boolean]> = []
    for (const [label, xml] of Object.entries(HOSTILE)) {
      const a = await sentAs("/api/v1/lk/epoas/", director, xml)
      note("lk epoas", label, a)
      got.push([label, a.status, russian.test(a.body.errors?.file?.[0] ?? "")])
    }
    expect(got).toEqual(got.map(([label]) => [label, 422, true]))
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it("a TSL.xml for the trust list: each is a 422 with a Russian message, and the list is unchanged", async () => {
    const before = await api.db().kysely.selectFrom("trust_roots").select("thumbprint").orderBy("thumbprint").execute()
    const got: Array<[string, number, boolean]> = []
    for (const [label, xml] of Object.entries(TSL_HOSTILE)) {
      const a = await upload<Answer>(`${api.url}/api/v2/crm/trust_roots/upload/`, api.adminToken, [{ name: "file", filename: "TSL.xml", contentType: "application/xml", data: xml }])
      note("trust list", label, a)
      got.push([label, a.status, russian.test(a.body.errors?.file?.[0] ?? "")])
    }
    expect(got).toEqual(got.map(([label]) => [label, 422, true]))
    expect(await api.db().kysely.selectFrom("trust_roots").select("thumbprint").orderBy("thumbprint").execute()).toEqual(before)
  })

  it("a valid МЧД and a plain TSL.xml are still taken", async () => {
    const { xml, signature } = signedEpoa()
    const a = await upload<Answer>(`${api.url}/api/v2/crm/epoas/upload/`, api.adminToken, [
      { name: "file", filename: "doverennost.xml", contentType: "application/xml", data: xml },
      { name: "signature", filename: "doverennost.xml.sig", data: signature },
    ])
    expect(a.status, JSON.stringify(a.body)).toBe(201)
    const b = await upload<{ meta: { count: number } }>(`${api.url}/api/v2/crm/trust_roots/upload/`, api.adminToken, [{ name: "file", filename: "TSL.xml", data: tsl("") }])
    expect([b.status, b.body.meta.count]).toEqual([200, 1])
  })
})
