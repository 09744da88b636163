import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO_DIRECTOR, DEMO_LEGAL_PERSON } from "../../server/db/seed/index.ts"
import { seedAddresses } from "../../server/db/seed/suggest-addresses.ts"
import { seedCompanies } from "../../server/db/seed/suggest-companies.ts"
import { isValidInn, isValidOgrn, isValidOgrnip } from "../../schemas/rules/check-digits.ts"
import { call, errorsOf } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

interface Suggestion {
  value: string
  unrestricted_value: string
  data: Record<string, unknown> & {
    inn?: string
    kpp?: string | null
    ogrn?: string
    type?: string
    name?: { full_with_opf: string; short_with_opf: string }
    management?: { name: string; post: string } | null
    address?: { value: string; unrestricted_value: string }
    state?: { status: string }
  }
}
interface Suggestions {
  suggestions: Suggestion[]
}

const party = (url: string, body: unknown) => call<Suggestions>(url, "POST", "/api/v1/suggestions/party/", { json: body })
const address = (url: string, body: unknown) => call<Suggestions>(url, "POST", "/api/v1/suggestions/address/", { json: body })

describe("the embedded suggest (no DADATA_API_KEY)", () => {
  const server = serverWithAdmin()

  it("answers nothing for fewer than 3 characters, without a lookup", async () => {
    for (const query of ["", "р", "ро", "  ро  "]) {
      const a = await party(server.url, { query })
      expect(a.status).toBe(200)
      expect(a.body).toEqual({ suggestions: [] })
    }
    expect((await address(server.url, { query: "мо" })).body).toEqual({ suggestions: [] })
  })

  it("refuses a missing query, one over 300 characters and a bad count with 422", async () => {
    expect(errorsOf(await party(server.url, {}))).toEqual({ query: ["Обязательно для заполнения"] })
    expect(errorsOf(await party(server.url, { query: 5 }))).toEqual({ query: ["Обязательно для заполнения"] })
    expect(errorsOf(await party(server.url, { query: "а".repeat(301) }))).toEqual({ query: ["Введите не более 300 символов."] })
    expect((await party(server.url, { query: "а".repeat(300) })).status).toBe(200)
    expect(errorsOf(await address(server.url, { query: "москва", count: 0 }))).toEqual({ count: ["Укажите только цифры"] })
    expect(errorsOf(await address(server.url, { query: "москва", count: "5" }))).toEqual({ count: ["Укажите только цифры"] })
    expect((await call(server.url, "POST", "/api/v1/suggestions/party/", { raw: "{bad" })).status).toBe(400)
  })

  it("finds companies by name in DaData's shape, active and closed ones alike", async () => {
    const a = await party(server.url, { query: "ромашка" })
    expect(a.status).toBe(200)
    const statuses = a.body.suggestions.map((s) => s.data.state?.status)
    expect(statuses).toEqual(expect.arrayContaining(["ACTIVE", "LIQUIDATED", "LIQUIDATING"]))
    const demo = a.body.suggestions.find((s) => s.data.inn === DEMO_LEGAL_PERSON.inn)!
    expect(demo).toEqual({
      value: 'ООО "РОМАШКА"',
      unrestricted_value: 'ООО "РОМАШКА"',
      data: {
        inn: DEMO_LEGAL_PERSON.inn,
        kpp: DEMO_LEGAL_PERSON.kpp,
        ogrn: DEMO_LEGAL_PERSON.ogrn,
        type: "LEGAL",
        name: { full_with_opf: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "РОМАШКА"', short_with_opf: 'ООО "РОМАШКА"' },
        management: { name: DEMO_DIRECTOR.fullname, post: "ГЕНЕРАЛЬНЫЙ ДИРЕКТОР" },
        address: { value: expect.stringMatching(/^г Москва, /), unrestricted_value: expect.stringMatching(/^\d{6}, г Москва, /) },
        state: { status: "ACTIVE" },
      },
    })
  })

  it("matches case-insensitively, ё as е, inside names, and word starts first", async () => {
    const a = await party(server.url, { query: "ЕЛОЧКА" })
    expect(a.body.suggestions.length).toBeGreaterThan(0)
    expect(a.body.suggestions.every((s) => s.value.includes("ЁЛОЧКА"))).toBe(true)
    expect((await party(server.url, { query: "ёлочка" })).body).toEqual(a.body)
    // 'АО "ДОМОСТРОЙ"' holds 'строй' inside a word and sorts before 'ООО "СТРОЙРЕСУРС"', yet names where
    // a word starts with the query come first (there are more than 20 of those).
    const wordStart = (name: string) => /[ "-]СТРОЙ/.test(name)
    const seeded = seedCompanies({ ...DEMO_LEGAL_PERSON, director: DEMO_DIRECTOR.fullname }).filter((c) => c.short_with_opf.includes("СТРОЙ"))
    expect(seeded.filter((c) => wordStart(c.short_with_opf)).length).toBeGreaterThan(20)
    const inside = seeded.filter((c) => !wordStart(c.short_with_opf)).map((c) => c.short_with_opf).sort()
    expect(inside.length).toBeGreaterThan(0)
    const found = await party(server.url, { query: "строй", count: 20 })
    expect(found.body.suggestions).toHaveLength(20)
    expect(found.body.suggestions.filter((s) => !wordStart(s.value))).toEqual([])
    expect(inside[0]! < found.body.suggestions.at(-1)!.value).toBe(true)
  })

  it("finds by the first digits of ИНН or ОГРН", async () => {
    const byInn = await party(server.url, { query: DEMO_LEGAL_PERSON.inn.slice(0, 7) })
    expect(byInn.body.suggestions.map((s) => s.data.inn)).toContain(DEMO_LEGAL_PERSON.inn)
    expect(byInn.body.suggestions.every((s) => s.data.inn!.startsWith(DEMO_LEGAL_PERSON.inn.slice(0, 7)) || s.data.ogrn!.startsWith(DEMO_LEGAL_PERSON.inn.slice(0, 7)))).toBe(true)
    const byOgrn = await party(server.url, { query: DEMO_LEGAL_PERSON.ogrn })
    expect(byOgrn.body.suggestions.map((s) => s.data.inn)).toEqual([DEMO_LEGAL_PERSON.inn])
  })

  it("answers individual entrepreneurs with a 12-digit ИНН, an ОГРНИП and no КПП", async () => {
    const a = await party(server.url, { query: "индивидуальный предприниматель", count: 20 })
    expect(a.body.suggestions).toHaveLength(20)
    for (const s of a.body.suggestions) {
      expect(s.value).toMatch(/^ИП [А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+$/)
      expect(s.data.type).toBe("INDIVIDUAL")
      expect(s.data.kpp).toBeNull()
      expect(s.data.management).toBeNull()
      expect(isValidInn(s.data.inn!) && s.data.inn!.length === 12).toBe(true)
      expect(isValidOgrnip(s.data.ogrn!)).toBe(true)
    }
  })

  it("answers 5 suggestions unless count asks for more, and never more than 20", async () => {
    expect((await party(server.url, { query: "ооо" })).body.suggestions).toHaveLength(5)
    expect((await party(server.url, { query: "ооо", count: 12 })).body.suggestions).toHaveLength(12)
    expect((await party(server.url, { query: "ооо", count: 500 })).body.suggestions).toHaveLength(20)
  })

  it("finds addresses by the words of the address, abbreviations spelled out or not", async () => {
    const a = await address(server.url, { query: "москва тверская" })
    expect(a.status).toBe(200)
    expect(a.body.suggestions.length).toBeGreaterThan(0)
    for (const s of a.body.suggestions) {
      expect(s.value).toMatch(/^г Москва, ул Тверская, д \d+[АБ]?(, кв \d+)?$/)
      expect(s.unrestricted_value).toBe(`125009, ${s.value}`)
      expect(s.data).toEqual({
        postal_code: "125009",
        region_with_type: "г Москва",
        city_with_type: "г Москва",
        street_with_type: "ул Тверская",
        house: expect.stringMatching(/^\d+[АБ]?$/),
        flat: s.value.includes(", кв ") ? expect.stringMatching(/^\d+$/) : null,
      })
    }
    expect((await address(server.url, { query: "улица Тверская, Москва" })).body).toEqual(a.body)
    const region = await address(server.url, { query: "казань кремлевская" })
    expect(region.body.suggestions[0]!.unrestricted_value).toMatch(/^420111, Респ Татарстан, г Казань, ул Кремлёвская, д /)
    expect((await address(server.url, { query: "нет такого города" })).body).toEqual({ suggestions: [] })
  })
})

describe("the demo companies and addresses", () => {
  const companies = seedCompanies({ ...DEMO_LEGAL_PERSON, director: DEMO_DIRECTOR.fullname })

  it("are a few hundred, the same on every run, with valid control digits and distinct ИНН", () => {
    expect(companies.length).toBeGreaterThanOrEqual(300)
    expect(seedCompanies({ ...DEMO_LEGAL_PERSON, director: DEMO_DIRECTOR.fullname })).toEqual(companies)
    expect(new Set(companies.map((c) => c.inn)).size).toBe(companies.length)
    for (const c of companies) {
      expect(isValidInn(c.inn), c.inn).toBe(true)
      if (c.type === "LEGAL") {
        expect(c.inn).toHaveLength(10)
        expect(c.kpp).toMatch(/^\d{9}$/)
        expect(isValidOgrn(c.ogrn), c.ogrn).toBe(true)
        expect(c.short_with_opf).toMatch(/^(ООО|АО|ПАО) "/)
      } else {
        expect(c.inn).toHaveLength(12)
        expect(isValidOgrnip(c.ogrn), c.ogrn).toBe(true)
        expect(c.short_with_opf).toMatch(/^ИП /)
      }
    }
    const count = (s: string) => companies.filter((c) => c.status === s).length
    expect(count("LIQUIDATED")).toBeGreaterThan(10)
    expect(count("ACTIVE")).toBeGreaterThan(200)
  })

  it("addresses cover the twelve demo cities", () => {
    const addresses = seedAddresses()
    expect(addresses.length).toBeGreaterThanOrEqual(250)
    expect(new Set(addresses.map((a) => a.city_with_type)).size).toBe(12)
    expect(new Set(addresses.map((a) => a.value)).size).toBe(addresses.length)
  })
})

describe("with DADATA_API_KEY: DaData's answer passed through", () => {
  interface Seen {
    path: string
    authorization: string | undefined
    body: unknown
  }
  const seen: Seen[] = []
  let mode: "ok" | "error" | "slow" = "ok"
  const canned = { suggestions: [{ value: "ПАО СБЕРБАНК", unrestricted_value: "ПАО СБЕРБАНК", data: { inn: "7707083893", state: { status: "ACTIVE" }, extra: [1, 2] } }] }
  let upstream: Server
  let upstreamPort = 0
  let deadPort = 0

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = ""
      req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")))
      req.on("end", () => resolve(text))
    })

  beforeAll(async () => {
    upstream = createServer(async (req, res) => {
      seen.push({ path: req.url ?? "", authorization: req.headers.authorization, body: JSON.parse(await readBody(req)) })
      if (mode === "error") {
        res.writeHead(500, { "content-type": "application/json" }).end('{"message":"internal"}')
      } else if (mode === "slow") {
        setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(canned)), 4000)
      } else {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(canned))
      }
    })
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve))
    upstreamPort = (upstream.address() as AddressInfo).port
    // A port nothing listens on: the upstream is unreachable.
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve))
    deadPort = (probe.address() as AddressInfo).port
    await new Promise<void>((resolve) => probe.close(() => resolve()))
  })
  afterAll(async () => {
    upstream?.closeAllConnections()
    await new Promise<void>((resolve) => upstream.close(() => resolve()))
  })
  const server = serverWithAdmin({ env: () => ({ DADATA_API_KEY: "test-key-123", DADATA_URL: `http://127.0.0.1:${upstreamPort}/suggestions/api/4_1/rs` }) })
  const closedPortServer = serverWithAdmin({ env: () => ({ DADATA_API_KEY: "test-key-123", DADATA_URL: `http://127.0.0.1:${deadPort}` }) })

  it("forwards query and count with the token and answers DaData's body as it is", async () => {
    mode = "ok"
    seen.length = 0
    const a = await party(server.url, { query: "сбербанк", count: 7, status: ["ACTIVE"] })
    expect(a.status).toBe(200)
    expect(a.body).toEqual(canned)
    expect(seen).toEqual([{ path: "/suggestions/api/4_1/rs/suggest/party", authorization: "Token test-key-123", body: { query: "сбербанк", count: 7 } }])
    const b = await address(server.url, { query: "москва тверская" })
    expect(b.body).toEqual(canned)
    expect(seen[1]).toEqual({ path: "/suggestions/api/4_1/rs/suggest/address", authorization: "Token test-key-123", body: { query: "москва тверская", count: 5 } })
  })

  it("does not call DaData for fewer than 3 characters", async () => {
    seen.length = 0
    expect((await party(server.url, { query: "сб" })).body).toEqual({ suggestions: [] })
    expect(seen).toEqual([])
  })

  it("answers 502 'Сервис подсказок временно недоступен' when DaData fails, is slow or unreachable", async () => {
    const unavailable = { message: "Сервис подсказок временно недоступен" }
    mode = "error"
    const failed = await party(server.url, { query: "сбербанк" })
    expect([failed.status, failed.body]).toEqual([502, unavailable])
    mode = "slow"
    const started = Date.now()
    const slow = await address(server.url, { query: "москва" })
    expect([slow.status, slow.body]).toEqual([502, unavailable])
    expect(Date.now() - started).toBeLessThan(3900)
    const dead = await party(closedPortServer.url, { query: "сбербанк" })
    expect([dead.status, dead.body]).toEqual([502, unavailable])
    mode = "ok"
  })
})
