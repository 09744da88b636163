import { beforeAll, describe, expect, it } from "vitest"
import type { TariffDetail, TariffOptionRecord } from "../../schemas/entities/catalogue.ts"
import { call, errorsOf, type List, type One, uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/** The catalogue's CRM resources (docs/catalogue.md): create and edit, the join tables, the roles. */
const api = serverWithAdmin()
let editor = ""
let operator = ""
const crm = <T = unknown>(method: string, path: string, json?: unknown, token = api.adminToken) => call<T>(api.url, method, path, { token, ...(json === undefined ? {} : { json }) })

beforeAll(async () => {
  editor = await api.staff("editor")
  operator = await api.staff("operator")
})

const tariff = (over: Record<string, unknown> = {}) => ({
  name: `Тариф ${uniq()}`,
  purpose: "Для проверки",
  description: '<p>Что входит</p><script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">ссылка</a>',
  applicant_kinds: ["legal_entity", "entrepreneur"],
  qualified: true,
  position: 5,
  published: true,
  ...over,
})

describe("CRM catalogue", () => {
  it("a tariff: created with sanitized rich text and its applicant kinds; 422 on bad kinds; nothing stored", async () => {
    const a = await crm<One>("POST", "/api/v2/crm/tariffs/", { tariff: tariff() })
    expect(a.status, a.text).toBe(201)
    const attrs = a.body.data.attributes
    expect(attrs.description).not.toMatch(/script|javascript|onclick/)
    expect(attrs.applicant_kinds).toEqual(["legal_entity", "entrepreneur"])
    const before = (await crm<List>("GET", "/api/v2/crm/tariffs/")).body.meta.total_count
    const bad = await crm("POST", "/api/v2/crm/tariffs/", { tariff: tariff({ applicant_kinds: ["alien"], name: "" }) })
    expect(bad.status).toBe(422)
    expect(errorsOf(bad)).toEqual({ name: ["Обязательно для заполнения"], applicant_kinds: ["Необходимо выбрать вариант из предложенного списка"] })
    expect((await crm<List>("GET", "/api/v2/crm/tariffs/")).body.meta.total_count).toBe(before)
  })

  it("an option: its groups stored in the join table, replaced by PUT, kept by a PATCH without them; the public API answers them", async () => {
    const t = await crm<One>("POST", "/api/v2/crm/tariffs/", { tariff: tariff() })
    const g1 = await crm<One>("POST", "/api/v2/crm/option_groups/", { option_group: { name: "Группа 1", slug: `g1-${uniq()}`, position: 1 } })
    const g2 = await crm<One>("POST", "/api/v2/crm/option_groups/", { option_group: { name: "Группа 2", slug: `g2-${uniq()}`, position: 2 } })
    expect(g1.status, g1.text).toBe(201)
    const body = { name: `Сертификат ${uniq()}`, kind: "certificate", tariff_id: Number(t.body.data.id), period: 12, price: 4500, groups: [Number(g1.body.data.id), Number(g2.body.data.id)], often_buy: true, position: 1, published: true }
    const o = await crm<One>("POST", "/api/v2/crm/tariff_options/", { tariff_option: body })
    expect(o.status, o.text).toBe(201)
    expect(o.body.data.attributes).toMatchObject({ groups: [Number(g1.body.data.id), Number(g2.body.data.id)].sort((a, b) => a - b), tariff_name: t.body.data.attributes.name, period: 12, price: 4500 })
    const id = o.body.data.id

    const pub = await call<{ data: TariffOptionRecord }>(api.url, "GET", `/api/v1/uc/options/${id}/`)
    expect(pub.body.data.attributes.groups.map((g) => g.name)).toEqual(["Группа 1", "Группа 2"])

    const patched = await crm<One>("PATCH", `/api/v2/crm/tariff_options/${id}/`, { tariff_option: { price: 4700 } })
    expect(patched.body.data.attributes).toMatchObject({ price: 4700, groups: body.groups })
    const put = await crm<One>("PUT", `/api/v2/crm/tariff_options/${id}/`, { tariff_option: { ...body, groups: [Number(g2.body.data.id)] } })
    expect(put.body.data.attributes.groups).toEqual([Number(g2.body.data.id)])

    const detail = await call<{ data: TariffDetail }>(api.url, "GET", `/api/v1/uc/tariffs/${t.body.data.id}/`)
    expect(detail.body.data.relationships.periods.map((p) => p.id)).toEqual([id])

    const unknown = await crm("PUT", `/api/v2/crm/tariff_options/${id}/`, { tariff_option: { ...body, groups: [999999] } })
    expect(unknown.status).toBe(422)
    expect(errorsOf(unknown)).toEqual({ groups: ["Необходимо выбрать вариант из предложенного списка"] })
    expect((await crm<One>("GET", `/api/v2/crm/tariff_options/${id}/`)).body.data.attributes.groups).toEqual([Number(g2.body.data.id)])

    const noTariff = await crm("POST", "/api/v2/crm/tariff_options/", { tariff_option: { ...body, tariff_id: null } })
    expect(errorsOf(noTariff)).toEqual({ tariff_id: ["Обязательно для заполнения"] })
    const badPrice = await crm("POST", "/api/v2/crm/tariff_options/", { tariff_option: { ...body, price: "дорого", kind: "car" } })
    expect(Object.keys(errorsOf(badPrice)).sort()).toEqual(["kind", "price"])
  })

  it("a tariff deleted and undone comes back with its options and their groups", async () => {
    const t = await crm<One>("POST", "/api/v2/crm/tariffs/", { tariff: tariff() })
    const g = await crm<One>("POST", "/api/v2/crm/option_groups/", { option_group: { name: "Группа", slug: `g-${uniq()}`, position: 1 } })
    const o = await crm<One>("POST", "/api/v2/crm/tariff_options/", {
      tariff_option: { name: `Сертификат ${uniq()}`, kind: "certificate", tariff_id: Number(t.body.data.id), period: 12, price: 4500, groups: [Number(g.body.data.id)], position: 1, published: true },
    })
    expect(o.status, o.text).toBe(201)
    const del = await crm("DELETE", `/api/v2/crm/tariffs/${t.body.data.id}/`)
    expect(del.status).toBe(204)
    expect((await crm("GET", `/api/v2/crm/tariff_options/${o.body.data.id}/`)).status).toBe(404)
    expect((await crm("POST", "/api/v2/crm/tariffs/restore/", { token: del.headers.get("undo-token") })).status).toBe(200)
    expect((await crm<One>("GET", `/api/v2/crm/tariff_options/${o.body.data.id}/`)).body.data.attributes.groups).toEqual([Number(g.body.data.id)])
  })

  it("a platform's tariffs, an office with its city and a normalised phone, a partner with a unique code; delete and undo bring the links back", async () => {
    const t = await crm<One>("POST", "/api/v2/crm/tariffs/", { tariff: tariff() })
    const p = await crm<One>("POST", "/api/v2/crm/platforms/", {
      platform: { name: "Площадка", group: "gov", url: "https://example.ru", description: "Описание", tariffs: [Number(t.body.data.id)], position: 1, published: true },
    })
    expect(p.status, p.text).toBe(201)
    expect(p.body.data.attributes.tariffs).toEqual([Number(t.body.data.id)])
    const del = await crm("DELETE", `/api/v2/crm/platforms/${p.body.data.id}/`)
    expect(del.status).toBe(204)
    const token = del.headers.get("undo-token")
    expect((await crm("POST", "/api/v2/crm/platforms/restore/", { token })).status).toBe(200)
    expect((await crm<One>("GET", `/api/v2/crm/platforms/${p.body.data.id}/`)).body.data.attributes.tariffs).toEqual([Number(t.body.data.id)])
    expect(errorsOf(await crm("POST", "/api/v2/crm/platforms/", { platform: { name: "X", group: "moon", url: "нет", description: "Д", position: 1 } }))).toMatchObject({
      group: ["Необходимо выбрать вариант из предложенного списка"],
      url: [expect.any(String)],
    })

    const cities = await crm<List>("GET", "/api/v2/crm/cities/")
    const office = await crm<One>("POST", "/api/v2/crm/offices/", {
      office: { name: "Офис", company: "uc", city_id: Number(cities.body.data[0]!.id), address: "ул. Ленина, 1", hours: "пн–пт 9–18", phone: "8 (495) 123-45-67", email: "", metro: "", position: 1, published: true },
    })
    expect(office.status, office.text).toBe(201)
    expect(office.body.data.attributes).toMatchObject({ phone: "+74951234567", city_name: cities.body.data[0]!.attributes.name, email: null })
    expect(errorsOf(await crm("POST", "/api/v2/crm/offices/", { office: { ...office.body.data.attributes, city_id: 999999 } }))).toEqual({ city_id: ["Город не найден"] })
    expect(Object.keys(errorsOf(await crm("POST", "/api/v2/crm/offices/", { office: { ...office.body.data.attributes, phone: "12" } })))).toEqual(["phone"])

    // A city with offices stays: 422, not the database's refusal.
    const withOffice = await crm("DELETE", `/api/v2/crm/cities/${cities.body.data[0]!.id}/`)
    expect(withOffice.status).toBe(422)
    expect(errorsOf(withOffice)).toEqual({ base: ["В городе есть офисы обслуживания: сначала перенесите их в другой город или удалите"] })

    const code = `bank-${uniq()}`
    const partner = { name: "Банк", code, kind: "bank", description: "Условия", url: "https://bank.ru", logo: null, position: 1, published: true }
    expect((await crm("POST", "/api/v2/crm/partners/", { partner })).status).toBe(201)
    expect(errorsOf(await crm("POST", "/api/v2/crm/partners/", { partner }))).toEqual({ code: ["Партнёр с таким кодом уже существует"] })
  })

  it("roles: the catalogue is admin's and editor's; partner requests are read by every role and written by none", async () => {
    for (const path of ["tariffs", "tariff_options", "option_groups", "platforms", "offices", "partners"]) {
      expect((await crm("GET", `/api/v2/crm/${path}/`, undefined, editor)).status, path).toBe(200)
      expect((await crm("GET", `/api/v2/crm/${path}/`, undefined, operator)).status, path).toBe(403)
    }
    expect((await crm("POST", "/api/v2/crm/tariffs/", { tariff: tariff() }, operator)).status).toBe(403)
    expect((await crm("GET", "/api/v2/crm/partner_requests/", undefined, operator)).status).toBe(200)
    expect((await crm("POST", "/api/v2/crm/partner_requests/", {}, api.adminToken)).status).toBe(405)
    expect((await call(api.url, "GET", "/api/v2/crm/tariffs/")).status).toBe(401)
  })
})
