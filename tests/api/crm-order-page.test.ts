import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { identityCheckComplete } from "../../server/services/identity-check.ts"
import type { IdentityCheckState } from "../../schemas/identity-check.ts"
import { confirmedCustomer } from "../support/users.ts"
import { errorsOf } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"
import { insertLegalEntityOrder, insertOffice, insertScan, PNG } from "./crm-order-page-rows.ts"
import { insertDocument } from "./order-rows.ts"

/**
 * The CRM's order page (docs/account.md, «Страница заявки в CRM»): the application by the preset's
 * sections and labels with numbers as masked, the customer's scans viewable in place with every view
 * audited, and the identity check: pre-checks, confirmations, the identification, its refusals.
 */
const API = "/api/v2/crm/orders"
const api = serverWithAdmin()
let operator = ""
let editor = ""
let customer: { id: number; jwt: string; email: string }
let officeId = 0
let orderId = 0
const scans: Record<string, number> = {}

interface Page {
  data: {
    meta: {
      application: { title: string; rows: { label: string; value: string }[] }[]
      persons: { role: string; name: string; position: string }[]
      lines: { name: string; kind: string; price: number }[]
      documents: { title: string; kind: string }[]
      scans: { id: number; title: string; name: string; mime: string; url: string; view_url: string | null }[]
      certificate: { id: number; serial: string; not_after: string } | null
    }
  }
}

const audited = async (id: number) =>
  api.db().kysely.selectFrom("audit_log").select(["action", "after", "admin_email"]).where("resource", "=", "orders").where("record_id", "=", id).where("action", "=", "download").orderBy("id").execute()

beforeAll(async () => {
  operator = await api.staff("operator")
  editor = await api.staff("editor")
  customer = await confirmedCustomer(api.url, api.db())
  officeId = await insertOffice(api.db(), "Офис на Ленина")
  const at = new Date().toISOString()
  const option = await api.db().kysely.insertInto("tariff_options").values({ name: "Рутокен ЭЦП 3.0", kind: "token", tariff_id: null, period: null, price: 2100, tooltip: null, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()
  orderId = await insertLegalEntityOrder(api.db(), customer.id, officeId, { optionIds: [option.id] })
  const dir = join(api.dataDir, "uploads")
  scans.png = await insertScan(api.db(), dir, orderId, customer.id, { field: "passport_scan", title: "Скан паспорта", name: "паспорт.png", mime: "image/png", content: PNG })
  scans.pdf = await insertScan(api.db(), dir, orderId, customer.id, { field: "snils_scan", title: "Скан СНИЛС", name: "снилс.pdf", mime: "application/pdf", content: "%PDF-1.7 снилс" })
  scans.zip = await insertScan(api.db(), dir, orderId, customer.id, { field: "poa_scan", title: "МЧД", name: "мчд.zip", mime: "application/zip", content: "PK\u0003\u0004" })
  await insertDocument(api.db(), dir, orderId, customer.id, "Заявление на выпуск", "%PDF-1.7 заявление")
})

describe("the order, readable", () => {
  it("lays the application out by the preset's sections and labels, numbers masked, the code word hidden", async () => {
    const a = await api.as(operator)<Page>("GET", `${API}/${orderId}/`)
    expect(a.status, a.text).toBe(200)
    const m = a.body.data.meta
    const group = (title: string) => Object.fromEntries(m.application.find((g) => g.title === title)?.rows.map((r) => [r.label, r.value]) ?? [])
    expect(m.application.map((g) => g.title)).toEqual(expect.arrayContaining(["Организация", "Владелец сертификата", "Паспорт", "СНИЛС", "Получение сертификата", "Контакты для связи по заявке"]))
    expect(group("СНИЛС")).toEqual({ СНИЛС: "112-233-445 95" })
    expect(group("Паспорт")).toMatchObject({ "Серия и номер паспорта": "4510 123456", "Код подразделения": "770-001", "Дата выдачи": "15.03.2014" })
    expect(group("Контакты для связи по заявке")).toMatchObject({ "Мобильный телефон": "+7 (900) 123-45-67" })
    expect(group("Организация")).toMatchObject({ "ИНН организации": "7707083893", ОГРН: "1027700132195" })
    // The office by its name and address, the choices by the customer's words.
    expect(Object.values(group("Получение сертификата"))).toEqual(expect.arrayContaining(["Офис на Ленина, г. Москва, ул. Ленина, д. 1"]))
    expect(group("Владелец сертификата")).toMatchObject({ Фамилия: "Петрова" })
    // Never a field key, never the code word.
    const text = JSON.stringify(m.application)
    for (const key of ["holder_role", "office_id", "code_word", "passport_date", "certificate_holder", "тайноеслово"]) expect(text).not.toContain(key)
    expect(a.text).not.toContain("тайноеслово")
    expect(m.persons).toEqual([
      { role: "Владелец сертификата (сотрудник организации)", name: "Петрова Анна Сергеевна", position: "Бухгалтер" },
      { role: "Руководитель", name: "Иванов Иван", position: "Генеральный директор" },
    ])
    expect(m.lines).toEqual([{ name: "Рутокен ЭЦП 3.0", kind: "Защищённый носитель", price: 2100 }])
    expect(m.documents.map((d) => d.title)).toEqual(["Заявление на выпуск"])
    expect(m.certificate).toBeNull()
  })

  it("lists the scans with a view address for images and PDFs only, and links the issued certificate", async () => {
    const m = (await api.as(operator)<Page>("GET", `${API}/${orderId}/`)).body.data.meta
    expect(m.scans.map((s) => [s.title, s.mime, s.view_url])).toEqual([
      ["Скан паспорта", "image/png", `${API}/${orderId}/documents/${scans.png}/?view=inline`],
      ["Скан СНИЛС", "application/pdf", `${API}/${orderId}/documents/${scans.pdf}/?view=inline`],
      ["МЧД", "application/zip", null],
    ])
    const at = new Date().toISOString()
    const cert = await api.db().kysely
      .insertInto("certificates")
      .values({ public_id: "c".repeat(32), serial: "0a1b2c", thumbprint: "f".repeat(40), issuer_dn: "CN=УЦ", subject_dn: "CN=Петрова", owner_kind: "legal_entity", owner_person: null, owner_org: null, owner_inn: null, owner_ogrn: null, owner_snils: null, not_before: "2026-03-15T00:00:00.000Z", not_after: "2027-03-15T00:00:00.000Z", status: "valid", revocation_reason: null, revoked_at: null, der: "", source: "issued", user_id: customer.id, order_id: orderId, code_word_hash: null, confirmed_at: null, created_at: at, updated_at: at } as never)
      .returning("id")
      .executeTakeFirstOrThrow()
    const after = (await api.as(operator)<Page>("GET", `${API}/${orderId}/`)).body.data.meta
    expect(after.certificate).toMatchObject({ id: (cert as { id: number }).id, serial: "0a1b2c", not_after: "2027-03-15T00:00:00.000Z" })
    await api.db().kysely.deleteFrom("certificates").where("order_id", "=", orderId).execute()
  })

  it("shows an image or a PDF inline under the sandbox policy, any other file as an attachment; every view and download audited", async () => {
    const before = (await audited(orderId)).length
    const image = await fetch(`${api.url}${API}/${orderId}/documents/${scans.png}/?view=inline`, { headers: { authorization: `Bearer ${operator}` } })
    expect(image.status).toBe(200)
    expect(image.headers.get("content-type")).toBe("image/png")
    expect(image.headers.get("content-disposition")).toMatch(/^inline; /)
    expect(image.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox")
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true)
    const pdf = await api.as(operator)("GET", `${API}/${orderId}/documents/${scans.pdf}/?view=inline`)
    expect(pdf.headers.get("content-disposition")).toMatch(/^inline; /)
    const zip = await api.as(operator)("GET", `${API}/${orderId}/documents/${scans.zip}/?view=inline`)
    expect(zip.status).toBe(200)
    expect(zip.headers.get("content-disposition")).toMatch(/^attachment; /)
    const download = await api.as(operator)("GET", `${API}/${orderId}/documents/${scans.png}/`)
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; /)
    const entries = (await audited(orderId)).slice(before)
    expect(entries.map((e) => JSON.parse(e.after!) as { document_id: number; view: string })).toEqual([
      expect.objectContaining({ document_id: scans.png, view: "inline", title: "Скан паспорта" }),
      expect.objectContaining({ document_id: scans.pdf, view: "inline" }),
      expect.objectContaining({ document_id: scans.zip, view: "attachment" }),
      expect.objectContaining({ document_id: scans.png, view: "attachment" }),
    ])
    expect(new Set(entries.map((e) => e.admin_email)).size).toBe(1)
  })
})

describe("the identity check", () => {
  const check = (token: string, id = orderId) => api.as(token)<{ data: IdentityCheckState }>("GET", `${API}/${id}/identity-check/`)
  const confirm = (token: string, item: string, json: unknown = { confirmed: true }, id = orderId) => api.as(token)<{ data: IdentityCheckState }>("PUT", `${API}/${id}/identity-check/items/${item}/`, { json })
  const identify = (token: string, json: unknown, id = orderId) => api.as(token)<{ data: IdentityCheckState }>("POST", `${API}/${id}/identity-check/identification/`, { json })

  it("answers the items with the server's pre-checks and the registry's 'unavailable', never a positive it did not get", async () => {
    const a = await check(operator)
    expect(a.status, a.text).toBe(200)
    const s = a.body.data
    expect(s.open).toBe(true)
    expect(s.default_office_id).toBe(officeId)
    expect(s.offices.map((o) => o.id)).toContain(officeId)
    expect(s.items.map((i) => [i.item, i.label])).toEqual([
      ["passport", "Паспорт заявителя"],
      ["snils", "СНИЛС"],
      ["inn", "ИНН"],
      ["registry", "Запись ЕГРЮЛ"],
    ])
    for (const i of s.items) expect(i.registry).toEqual({ available: false, text: "Сервис недоступен, подтвердите вручную" })
    const pre = Object.fromEntries(s.items.map((i) => [i.item, i.prechecks.map((p) => [p.label, p.ok, p.text])]))
    // Issued at 14, born 10.03.2000: void since the 20th birthday and its 90 days.
    expect(pre.passport).toEqual([
      ["Серия и номер", true, "Верно"],
      ["Срок действия по возрасту владельца", false, "Паспорт недействителен: его нужно было заменить по достижении 20 лет"],
    ])
    expect(pre.snils).toEqual([["Контрольное число СНИЛС", true, "Верно"]])
    expect(pre.inn).toEqual([
      ["Контрольные цифры: ИНН организации", true, "Верно"],
      ["Контрольные цифры: ИНН владельца", true, "Верно"],
    ])
    expect(pre.registry![0]).toEqual(["Контрольная цифра ОГРН", true, "Верно"])
    expect(pre.registry![1]![0]).toBe("Поиск по ИНН в справочнике организаций")
    expect(s.complete).toBe(false)
  })

  it("reads a wrong control digit and a company the lookup does not know as failed pre-checks", async () => {
    const id = await insertLegalEntityOrder(api.db(), customer.id, officeId, { company: "ООО «Несуществующая»" })
    const row = await api.db().kysely.selectFrom("orders").select("data").where("id", "=", id).executeTakeFirstOrThrow()
    const data = JSON.parse(row.data) as { values: Record<string, unknown> }
    Object.assign(data.values, { snils: "112-233-445 96", inn: "7707083894", ogrn: "1027700132196" })
    await api.db().kysely.updateTable("orders").set({ data: JSON.stringify(data) }).where("id", "=", id).execute()
    const s = (await check(operator, id)).body.data
    const pre = Object.fromEntries(s.items.map((i) => [i.item, i.prechecks]))
    expect(pre.snils![0]!.ok).toBe(false)
    expect(pre.inn![0]).toMatchObject({ ok: false, text: "Укажите корректный номер ИНН" })
    expect(pre.registry!.map((p) => p.ok)).toEqual([false, false])
    expect(pre.registry![1]!.text).toBe("Организация с этим ИНН не найдена")
  })

  it("refuses the identification before every item is confirmed (422), then records the employee, the office and the time", async () => {
    const early = await identify(operator, { office_id: officeId })
    expect(early.status).toBe(422)
    expect(errorsOf(early)).toEqual({ items: ["Нельзя записать идентификацию: не все пункты проверки подтверждены"] })
    for (const bad of [{}, { confirmed: "yes" }, { confirmed: 1 }]) {
      const r = await confirm(operator, "passport", bad)
      expect(r.status).toBe(422)
      expect(errorsOf(r)).toEqual({ confirmed: ["Укажите, подтверждён ли пункт: да или нет"] })
    }
    const unknown = await confirm(operator, "driving_licence")
    expect(unknown.status).toBe(422)
    expect(errorsOf(unknown)).toEqual({ item: ["Такого пункта проверки у этой заявки нет"] })
    for (const item of ["passport", "snils", "inn"]) expect((await confirm(operator, item)).status).toBe(200)
    // Withdrawn and given again: the confirmation is the operator's, with the time.
    expect((await confirm(operator, "inn", { confirmed: false })).body.data.items.find((i) => i.item === "inn")!.confirmed).toBeNull()
    const last = await confirm(operator, "inn")
    expect(last.body.data.items.find((i) => i.item === "inn")!.confirmed).toMatchObject({ admin_email: expect.stringContaining("@") })
    expect((await identify(operator, { office_id: officeId })).status).toBe(422)
    expect((await confirm(operator, "registry")).status).toBe(200)
    for (const bad of [{}, { office_id: "abc" }, { office_id: -1 }, { office_id: 2_000_000_000 }]) {
      const r = await identify(operator, bad)
      expect(r.status, JSON.stringify(bad)).toBe(422)
      expect(errorsOf(r)).toEqual({ office_id: ["Выберите офис из списка"] })
    }
    expect(await identityCheckComplete(api.db(), orderId)).toBe(false)
    const done = await identify(operator, { office_id: officeId })
    expect(done.status, done.text).toBe(201)
    expect(done.body.data.identification).toMatchObject({ office_id: officeId, office_name: "Офис на Ленина", office_address: "г. Москва, ул. Ленина, д. 1" })
    expect(Date.now() - Date.parse(done.body.data.identification!.identified_at)).toBeLessThan(60_000)
    expect(done.body.data.complete).toBe(true)
    expect(done.body.data.open).toBe(false)
    expect(await identityCheckComplete(api.db(), orderId)).toBe(true)
    // Recorded: nothing of the check changes any more.
    const late = await confirm(operator, "passport", { confirmed: false })
    expect(late.status).toBe(409)
    expect((await identify(operator, { office_id: officeId })).status).toBe(409)
  })

  it("is kept only while the order is paid, checking documents or ready for identification (409 otherwise)", async () => {
    for (const status of ["new", "awaiting_payment", "issued", "cancelled"] as const) {
      const id = await insertLegalEntityOrder(api.db(), customer.id, officeId, { status })
      expect((await check(operator, id)).body.data.open).toBe(false)
      const r = await confirm(operator, "passport", { confirmed: true }, id)
      expect(r.status).toBe(409)
      expect((r.body as unknown as { message: string }).message).toBe("Проверку личности можно вести, пока заявка оплачена, на проверке документов или ожидает идентификации")
      expect((await identify(operator, { office_id: officeId }, id)).status).toBe(409)
    }
    for (const status of ["checking_documents", "ready_for_identification"] as const) {
      const id = await insertLegalEntityOrder(api.db(), customer.id, officeId, { status })
      expect((await confirm(operator, "passport", { confirmed: true }, id)).status).toBe(200)
    }
  })

  it("belongs to the roles of 'Заказы': the editor gets 403, customers and the anonymous 401", async () => {
    expect((await check(editor)).status).toBe(403)
    expect((await confirm(editor, "passport")).status).toBe(403)
    expect((await identify(editor, { office_id: officeId })).status).toBe(403)
    expect((await check(customer.jwt)).status).toBe(401)
    expect((await api.anonymous("GET", `${API}/${orderId}/identity-check/`)).status).toBe(401)
    expect((await check(api.adminToken)).status).toBe(200)
  })
})
