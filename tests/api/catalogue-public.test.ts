import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { GroupedOptions, OfficeRecord, PartnerRecord, PlatformDetail, PlatformRecord, TariffDetail, TariffOptionRecord, TariffRecord } from "../../schemas/entities/catalogue.ts"
import { now } from "../../server/db/index.ts"
import { startSmtpSink, type SmtpSink } from "../support/smtp.ts"
import { call, errorsOf } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

const api = serverWithAdmin()
const get = <T>(path: string) => call<T>(api.url, "GET", path)

describe("options", () => {
  it("lists the published options with groups, kinds and extra_period; filters by tariff, kind, applicant kind", async () => {
    const all = await get<{ data: TariffOptionRecord[] }>("/api/v1/uc/options/")
    expect(all.status).toBe(200)
    const names = all.body.data.map((o) => o.attributes.name)
    expect(names).toContain("Рутокен Lite")
    expect(names).toContain("Лицензия КриптоПро CSP 5.0")
    const zakupki = all.body.data.filter((o) => o.attributes.name === "Сертификат «КЭП для госзакупок»")
    expect(zakupki.map((o) => [o.attributes.period, o.attributes.price, o.attributes.extra_period]).sort()).toEqual([
      [12, 4900, false],
      [15, 5900, true],
    ])
    expect(zakupki[0]!.attributes.groups[0]!.slug).toBe("certificates")

    const tariffId = zakupki[0]!.attributes.tariff_id!
    const ofTariff = await get<{ data: TariffOptionRecord[] }>(`/api/v1/uc/options/?tariff_id=${tariffId}`)
    expect(ofTariff.body.data.every((o) => o.attributes.tariff_id === null || o.attributes.tariff_id === tariffId)).toBe(true)
    expect(ofTariff.body.data.some((o) => o.attributes.kind === "token")).toBe(true)

    const tokens = await get<{ data: TariffOptionRecord[] }>("/api/v1/uc/options/?kind=token")
    expect(tokens.body.data.length).toBeGreaterThan(0)
    expect(tokens.body.data.every((o) => o.attributes.kind === "token")).toBe(true)

    const persons = await get<{ data: TariffOptionRecord[] }>("/api/v1/uc/options/?applicant_kind=individual_person&kind=certificate")
    expect(persons.body.data.map((o) => o.attributes.name)).not.toContain("Сертификат «КЭП для госзакупок»")
    expect(persons.body.data.map((o) => o.attributes.name)).toContain("Сертификат «Отчётность»")
  })

  it("groups: the popular group first, then groups by position", async () => {
    const a = await get<{ data: GroupedOptions[] }>("/api/v1/uc/options/grouped/")
    expect(a.status).toBe(200)
    const seeded = ["popular_purchases", "certificates", "media", "licenses", "services"]
    // On a shared PostgreSQL database other test files add groups of their own: the seeded ones keep their order.
    expect(a.body.data[0]!.slug).toBe("popular_purchases")
    expect(a.body.data.map((g) => g.slug).filter((s) => seeded.includes(s))).toEqual(seeded)
    const positions = a.body.data.slice(1).map((g) => g.position)
    expect(positions).toEqual([...positions].sort((x, y) => x - y))
    expect(a.body.data[0]!.name).toBe("Чаще всего покупают")
    expect(a.body.data[0]!.options.every((o) => o.attributes.often_buy)).toBe(true)
  })

  it("reads one option; 404 for unknown, unpublished, or a bad id", async () => {
    const list = await get<{ data: TariffOptionRecord[] }>("/api/v1/uc/options/")
    const first = list.body.data[0]!
    const one = await get<{ data: TariffOptionRecord }>(`/api/v1/uc/options/${first.id}/`)
    expect(one.body.data).toEqual(first)
    expect((await get("/api/v1/uc/options/999999/")).status).toBe(404)
    expect((await get("/api/v1/uc/options/abc/")).status).toBe(404)
    const at = now()
    const hidden = await api.db().kysely
      .insertInto("tariff_options")
      .values({ name: "Скрытая услуга", kind: "setup", tariff_id: null, period: null, price: 100, tooltip: null, published: 0, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
    expect((await get(`/api/v1/uc/options/${hidden.id}/`)).status).toBe(404)
    expect((await get<{ data: TariffOptionRecord[] }>("/api/v1/uc/options/")).body.data.map((o) => o.id)).not.toContain(String(hidden.id))
  })

  it("options of an unpublished tariff are not sold", async () => {
    const at = now()
    const t = await api.db().kysely
      .insertInto("tariffs")
      .values({ name: "Черновой тариф", purpose: "—", description: "<p>—</p>", applicant_kinds: '["legal_entity"]', published: 0, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
    const o = await api.db().kysely
      .insertInto("tariff_options")
      .values({ name: "Сертификат «Черновой»", kind: "certificate", tariff_id: t.id, period: 12, price: 1000, tooltip: null, published: 1, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
    expect((await get(`/api/v1/uc/options/${o.id}/`)).status).toBe(404)
    expect((await get(`/api/v1/uc/tariffs/${t.id}/`)).status).toBe(404)
    const bad = await get(`/api/v1/uc/options/?tariff_id=${t.id}`)
    expect(bad.status).toBe(422)
    expect(errorsOf(bad)).toEqual({ tariff_id: ["Тариф не найден"] })
  })

  it("answers 422 with Russian messages to bad filters", async () => {
    const a = await get("/api/v1/uc/options/?tariff_id=x&kind=car&applicant_kind=alien")
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({
      tariff_id: ["Некорректно заполнено поле"],
      kind: ["Необходимо выбрать вариант из предложенного списка"],
      applicant_kind: ["Необходимо выбрать вариант из предложенного списка"],
    })
    expect((await get("/api/v1/uc/options/grouped/?kind=car")).status).toBe(422)
    expect((await get("/api/v1/uc/platforms/?group=moon")).status).toBe(422)
    expect((await get("/api/v1/uc/tariffs/?applicant_kind=moon")).status).toBe(422)
  })
})

describe("tariffs and platforms", () => {
  it("lists tariffs with price_from; a tariff has periods (longest first), extras and platforms", async () => {
    const list = await get<{ data: TariffRecord[] }>("/api/v1/uc/tariffs/")
    expect(list.body.data.length).toBeGreaterThanOrEqual(7)
    const zakupki = list.body.data.find((t) => t.attributes.name === "КЭП для госзакупок")!
    expect(zakupki.attributes.price_from).toBe(4900)
    const one = await get<{ data: TariffDetail }>(`/api/v1/uc/tariffs/${zakupki.id}/`)
    const rel = one.body.data.relationships
    expect(rel.periods.map((p) => [p.attributes.period, p.attributes.extra_period])).toEqual([
      [15, true],
      [12, false],
    ])
    expect(rel.extras.every((e) => e.attributes.tariff_id === null)).toBe(true)
    expect(rel.platforms.map((p) => p.attributes.name)).toContain("Сбербанк-АСТ")
    expect((await get("/api/v1/uc/tariffs/999999/")).status).toBe(404)
  })

  it("lists platforms by group; a platform has its tariffs", async () => {
    const gov = await get<{ data: PlatformRecord[] }>("/api/v1/uc/platforms/?group=gov")
    expect(gov.body.data.length).toBeGreaterThan(0)
    expect(gov.body.data.every((p) => p.attributes.group === "gov" && p.attributes.group_name === "Госзакупки (44-ФЗ)")).toBe(true)
    const all = await get<{ data: PlatformRecord[] }>("/api/v1/uc/platforms/")
    expect(all.body.data.length).toBeGreaterThan(gov.body.data.length)
    const sber = all.body.data.find((p) => p.attributes.name === "Сбербанк-АСТ")!
    const one = await get<{ data: PlatformDetail }>(`/api/v1/uc/platforms/${sber.id}/`)
    expect(one.body.data.relationships.tariffs.map((t) => t.attributes.name)).toContain("КЭП для госзакупок")
    expect((await get("/api/v1/uc/platforms/999999/")).status).toBe(404)
  })
})

describe("sitemap", () => {
  it("lists the published tariffs, platforms and partners' request pages", async () => {
    const res = await fetch(`${api.url}/sitemap.xml`)
    const xml = await res.text()
    const tariffs = await get<{ data: TariffRecord[] }>("/api/v1/uc/tariffs/")
    for (const t of tariffs.body.data) expect(xml).toContain(`/tariffs/${t.id}</loc>`)
    expect(xml).toMatch(/\/platforms\/\d+<\/loc>/)
    expect(xml).toMatch(/\/partners\/\d+\/new<\/loc>/)
    const hidden = await api.db().kysely.selectFrom("tariffs").select("id").where("published", "=", 0).execute()
    for (const t of hidden) expect(xml).not.toContain(`/tariffs/${t.id}</loc>`)
  })
})

describe("companies, branches, delivery cities", () => {
  it("answers the default company and its branches, by city slug or name", async () => {
    const company = await get<{ data: { id: string; attributes: { name: string; inn: string } } }>("/api/v2/companies/uc/")
    expect(company.status).toBe(200)
    expect(company.body.data.attributes.inn).toMatch(/^\d{10}$/)
    expect((await get<{ data: { id: string } }>("/api/v2/companies/default/")).body.data.id).toBe("uc")
    expect((await get("/api/v2/companies/nobody/")).status).toBe(404)
    expect((await get("/api/v2/companies/nobody/branches/")).status).toBe(404)
    const all = await get<{ data: OfficeRecord[] }>("/api/v2/companies/uc/branches/")
    expect(all.body.data.length).toBeGreaterThanOrEqual(10)
    const moscow = await get<{ data: OfficeRecord[] }>(`/api/v2/companies/uc/branches/?city=${encodeURIComponent("москва")}`)
    expect(moscow.body.data.length).toBe(3)
    expect(moscow.body.data.every((o) => o.attributes.city === "Москва")).toBe(true)
    const spb = await get<{ data: OfficeRecord[] }>("/api/v2/companies/uc/branches/?city=sankt-peterburg")
    expect(spb.body.data.every((o) => o.attributes.city === "Санкт-Петербург")).toBe(true)
    expect((await get<{ data: OfficeRecord[] }>("/api/v2/companies/uc/branches/?city=nowhere")).body.data).toEqual([])
    expect((await get(`/api/v2/companies/uc/branches/?city=${"я".repeat(101)}`)).status).toBe(422)
  })

  it("finds delivery cities from 3 characters, case-insensitively, prefix first, at most 10", async () => {
    expect((await get<{ data: unknown[] }>(`/api/v1/findelivery_cities/?query=${encodeURIComponent("Мо")}`)).body.data).toEqual([])
    const a = await get<{ data: Array<{ value: string; label: string; attributes: { cost: number; days: number } }> }>(`/api/v1/findelivery_cities/?query=${encodeURIComponent("мос")}`)
    expect(a.body.data[0]).toMatchObject({ value: "Москва", label: "Москва", attributes: { cost: 500, days: 1 } })
    const b = await get<{ data: Array<{ value: string }> }>(`/api/v1/findelivery_cities/?query=${encodeURIComponent("ОВО")}`)
    expect(b.body.data.length).toBeGreaterThan(0)
    expect(b.body.data.length).toBeLessThanOrEqual(10)
    expect(b.body.data.every((c) => c.value.toLowerCase().includes("ово"))).toBe(true)
    expect((await get(`/api/v1/findelivery_cities/?query=${encodeURIComponent("%%%")}`)).body).toEqual({ data: [] })
    expect((await get(`/api/v1/findelivery_cities/?query=${"a".repeat(101)}`)).status).toBe(422)
  })
})

describe("partners", () => {
  let sink: SmtpSink
  beforeAll(async () => {
    sink = await startSmtpSink()
  })
  afterAll(() => sink?.close())
  const mailing = serverWithAdmin({ env: () => ({ SMTP_URL: sink.url, SALES_EMAIL: "sales@uc.test" }) })

  const valid = (name: string) => ({
    applicant_kind: "legal_entity",
    company: "ООО «Ромашка»",
    inn: "7707083893",
    name,
    email: "Petr@Romashka.ru",
    phone: "8 (916) 765-43-21",
    comment: "Клиент банка",
    agreement: true,
    utm: { source: "bank" },
  })

  it("lists partners, by code too; 404 for unknown", async () => {
    const list = await get<{ data: PartnerRecord[] }>("/api/v1/uc/partners/")
    expect(list.body.data.map((p) => p.attributes.code)).toContain("sberbank")
    const one = await get<{ data: PartnerRecord[] }>("/api/v1/uc/partners/?code=vtb")
    expect(one.body.data.map((p) => p.attributes.name)).toEqual(["Банк ВТБ"])
    expect((await get(`/api/v1/uc/partners/${one.body.data[0]!.id}/`)).status).toBe(200)
    expect((await get("/api/v1/uc/partners/999999/")).status).toBe(404)
  })

  it("stores and mails a partner's client's request (201); 422 with nothing stored; 404 for an unknown partner", async () => {
    const list = await call<{ data: PartnerRecord[] }>(mailing.url, "GET", "/api/v1/uc/partners/?code=sberbank")
    const partner = list.body.data[0]!
    const tariffs = await call<{ data: TariffRecord[] }>(mailing.url, "GET", "/api/v1/uc/tariffs/")
    const name = "Пётр Партнёров"
    const a = await call(mailing.url, "POST", `/api/v1/uc/partners/${partner.id}/requests/`, { json: { ...valid(name), tariff_id: tariffs.body.data[0]!.id } })
    expect(a.status).toBe(201)
    const mail = await sink.waitFor((m) => m.text.includes(name))
    expect(mail.to).toContain("sales@uc.test")
    expect(mail.text).toContain("СберБанк")
    expect(mail.text).toContain(tariffs.body.data[0]!.attributes.name)

    const before = await api.db().kysely.selectFrom("partner_requests").select("id").execute()
    const bad = await call(api.url, "POST", `/api/v1/uc/partners/${partner.id}/requests/`, { json: { ...valid("Иван"), inn: "123", email: "no", applicant_kind: "alien" } })
    expect(bad.status).toBe(422)
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(["applicant_kind", "email", "inn"])
    const badTariff = await call(api.url, "POST", `/api/v1/uc/partners/${partner.id}/requests/`, { json: { ...valid("Иван"), tariff_id: "999999" } })
    expect(errorsOf(badTariff)).toEqual({ tariff_id: ["Тариф не найден"] })
    expect(await api.db().kysely.selectFrom("partner_requests").select("id").execute()).toEqual(before)
    expect((await call(api.url, "POST", "/api/v1/uc/partners/999999/requests/", { json: valid("Иван") })).status).toBe(404)
  })
})
