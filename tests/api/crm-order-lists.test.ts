import { beforeAll, describe, expect, it } from "vitest"
import { call, errorsOf, type List } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"
import { insertOrder } from "./order-rows.ts"
import { confirmedCustomer } from "../support/users.ts"
import { orderQueues } from "../../src/features/crm/order-queues.ts"
import { insertOffice } from "./crm-order-page-rows.ts"

/**
 * The orders list that uses the screen (docs/crm-resources.md, "Counts and catalogue filters"): filters
 * by status (several), office, tariff, applicant kind and the dates; the counts by status under the
 * other filters; the catalogue's choices for roles that cannot list the catalogue; the preview of an
 * unsaved record through the save's sanitizer. Only the roles that see orders get any of it.
 */
const api = serverWithAdmin()
const API = "/api/v2/crm/orders"
let operator = ""
let editor = ""
const ids: Record<string, number> = {}
let office = 0
let tariff = 0

const as = <T>(token: string, method: string, path: string, json?: unknown) => call<T>(api.url, method, path, { token, ...(json !== undefined ? { json } : {}) })

beforeAll(async () => {
  operator = await api.staff("operator")
  editor = await api.staff("editor")
  const customer = await confirmedCustomer(api.url, api.db())
  const k = api.db().kysely
  const at = "2026-05-04T10:00:00.000Z"
  tariff = (
    await k
      .insertInto("tariffs")
      .values({ name: "Списки: тариф", purpose: "44-ФЗ", description: "<p>КЭП</p>", applicant_kinds: '["legal_entity"]', qualified: 1, position: 0, published: 1, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id
  const city = await k.insertInto("cities").values({ name: "Списки-город", slug: "lists-city", created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()
  office = (
    await k
      .insertInto("offices")
      .values({ company: "uc", city_id: city.id, name: "Офис на Тверской", address: "ул. Тверская, 1", hours: "пн–пт 9:00–18:00", phone: "+74950000000", email: null, metro: null, position: 0, published: 1, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id
  ids.paid = await insertOrder(api.db(), customer.id, { status: "paid", title: "ООО «Списки-1»", createdAt: "2026-05-01T09:00:00.000Z" })
  ids.checking = await insertOrder(api.db(), customer.id, { status: "checking_documents", title: "ООО «Списки-2»", createdAt: "2026-05-02T09:00:00.000Z", tariffId: tariff })
  ids.checking2 = await insertOrder(api.db(), customer.id, { status: "checking_documents", title: "ИП Списков", createdAt: "2026-05-03T09:00:00.000Z" })
  ids.ready = await insertOrder(api.db(), customer.id, { status: "ready_for_identification", title: "ООО «Списки-3»", createdAt: "2026-05-03T10:00:00.000Z", tariffId: tariff })
  ids.issued = await insertOrder(api.db(), customer.id, { status: "issued", title: "ООО «Списки-4»", createdAt: "2026-05-04T09:00:00.000Z" })
  await k.updateTable("orders").set({ office_id: office, applicant_kind: "legal_entity" }).where("id", "in", [ids.checking!, ids.ready!]).execute()
  await k.updateTable("orders").set({ applicant_kind: "entrepreneur" }).where("id", "=", ids.checking2!).execute()
  await k.updateTable("orders").set({ updated_at: "2026-05-10T15:00:00.000Z" }).where("id", "=", ids.issued!).execute()
})

const titles = (list: { body: List }) => list.body.data.map((r) => r.attributes.title).sort()

// On PostgreSQL the files share one database: a list or count without this file's office or tariff is
// narrowed to this file's orders by their common word.
const MINE = encodeURIComponent("Списк")

describe("the orders list's filters", () => {
  it("takes several statuses, the office, the tariff, the applicant kind and the day it changed", async () => {
    const queue = await as<List>(operator, "GET", `${API}/?status=paid,checking_documents&q=${MINE}`)
    expect(queue.status, queue.text).toBe(200)
    expect(titles(queue)).toEqual(["ИП Списков", "ООО «Списки-1»", "ООО «Списки-2»"])
    const atOffice = await as<List>(operator, "GET", `${API}/?office_id=${office}`)
    expect(titles(atOffice)).toEqual(["ООО «Списки-2»", "ООО «Списки-3»"])
    const byTariff = await as<List>(operator, "GET", `${API}/?tariff_id=${tariff}&status=ready_for_identification`)
    expect(titles(byTariff)).toEqual(["ООО «Списки-3»"])
    const entrepreneurs = await as<List>(operator, "GET", `${API}/?applicant_kind=entrepreneur&q=${MINE}`)
    expect(titles(entrepreneurs)).toEqual(["ИП Списков"])
    const changed = await as<List>(operator, "GET", `${API}/?status=issued&updated_from=10.05.2026&updated_to=10.05.2026&q=${MINE}`)
    expect(titles(changed)).toEqual(["ООО «Списки-4»"])
    expect(titles(await as<List>(operator, "GET", `${API}/?status=issued&updated_from=11.05.2026&q=${MINE}`))).toEqual([])
  })

  it("answers a choice outside the lists with the field's message, never a 500", async () => {
    const bad = await as(operator, "GET", `${API}/?applicant_kind=martian&office_id=abc&status=paid,shipped`)
    expect(bad.status).toBe(422)
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(["applicant_kind", "office_id", "status"])
  })
})

describe("GET /api/v2/crm/orders/counts/", () => {
  it("counts every status in one answer", async () => {
    const all = await as<{ counts: Record<string, number> }>(operator, "GET", `${API}/counts/?q=${MINE}`)
    expect(all.status, all.text).toBe(200)
    expect(all.body.counts).toEqual({ paid: 1, checking_documents: 2, ready_for_identification: 1, issued: 1 })
  })

  it("counts under the other filters, ignoring its own status filter", async () => {
    const atOffice = await as<{ counts: Record<string, number> }>(operator, "GET", `${API}/counts/?office_id=${office}&status=paid`)
    expect(atOffice.body.counts).toEqual({ checking_documents: 1, ready_for_identification: 1 })
    const searched = await as<{ counts: Record<string, number> }>(api.adminToken, "GET", `${API}/counts/?q=${encodeURIComponent("Списки-1")}`)
    expect(searched.body.counts).toEqual({ paid: 1 })
    const bad = await as(operator, "GET", `${API}/counts/?created_from=31.02.2026`)
    expect(bad.status).toBe(422)
  })

  it("is the orders' roles' only: an editor gets 403 for the counts, the choices and the list", async () => {
    for (const path of [`${API}/counts/`, `${API}/filter_options/`, `${API}/?status=paid`]) expect((await as(editor, "GET", path)).status, path).toBe(403)
    expect((await call(api.url, "GET", `${API}/counts/`)).status).toBe(401)
  })
})

describe("the start page's identification queue of the staff member's office", () => {
  it("counts and lists the orders ready for identification at that office only, by the list's own office filter", async () => {
    const customer = await confirmedCustomer(api.url, api.db())
    const [mine, other] = [await insertOffice(api.db(), "Офис очереди"), await insertOffice(api.db(), "Другой офис очереди")]
    const k = api.db().kysely
    const at = await insertOrder(api.db(), customer.id, { status: "ready_for_identification", title: "ООО «Очередь офиса»" })
    const elsewhere = await insertOrder(api.db(), customer.id, { status: "ready_for_identification", title: "ООО «Очередь другого офиса»" })
    const checking = await insertOrder(api.db(), customer.id, { status: "checking_documents", title: "ООО «Очередь: проверка»" })
    await k.updateTable("orders").set({ office_id: mine }).where("id", "in", [at, checking]).execute()
    await k.updateTable("orders").set({ office_id: other }).where("id", "=", elsewhere).execute()

    const queue = orderQueues(API, new Date(), { id: mine, name: "Офис очереди" }).find((q) => q.key === "identification")!
    const counts = await as<{ counts: Record<string, number> }>(operator, "GET", `${API}/counts/?${new URLSearchParams(queue.filters)}`)
    expect(counts.status).toBe(200)
    expect(counts.body.counts).toEqual({ ready_for_identification: 1, checking_documents: 1 })
    const list = await as<List>(operator, "GET", queue.href.replace(API, `${API}/`))
    expect(list.status).toBe(200)
    expect(list.body.data.map((r) => Number(r.id))).toEqual([at])
  })
})

describe("GET /api/v2/crm/orders/filter_options/", () => {
  it("gives an operator the catalogue's offices and tariffs, which the operator cannot list in the CRM", async () => {
    expect((await as(operator, "GET", "/api/v2/crm/offices/")).status).toBe(403)
    const options = await as<Record<string, { value: string; label: string }[]>>(operator, "GET", `${API}/filter_options/`)
    expect(options.status, options.text).toBe(200)
    expect(options.body.offices).toContainEqual({ value: String(office), label: "Офис на Тверской" })
    expect(options.body.tariffs).toContainEqual({ value: String(tariff), label: "Списки: тариф" })
  })
})

describe("POST {apiPath}/preview/", () => {
  it("answers the unsaved text with its HTML as a save would store it", async () => {
    const shown = await as<{ data: { title: string; body: string } }>(api.adminToken, "POST", "/api/v2/crm/pages/preview/", {
      title: "Черновик <b>страницы</b>",
      body: '<p>Текст <a href="javascript:alert(1)">ссылки</a></p><script>alert(1)</script><img src="x" onerror="alert(1)">',
    })
    expect(shown.status, shown.text).toBe(200)
    expect(shown.body.data.title).toBe("Черновик <b>страницы</b>")
    expect(shown.body.data.body).toBe("<p>Текст <a target=\"_blank\" rel=\"noopener noreferrer\">ссылки</a></p>")
    expect((await as(operator, "POST", "/api/v2/crm/pages/preview/", { title: "", body: "" })).status).toBe(403)
    expect((await as(api.adminToken, "POST", "/api/v2/crm/pages/preview/", [])).status).toBe(400)
    const half = await as(api.adminToken, "POST", "/api/v2/crm/pages/preview/", { title: "Только заголовок", body: 42 })
    expect(half.status).toBe(422)
    expect(errorsOf(half)).toEqual({ body: ["Некорректно заполнено поле"] })
  })
})
