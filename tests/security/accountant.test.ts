import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { confirmedCustomer } from "../support/users.ts"
import { serverWithAdmin } from "../api/helpers.ts"
import { insertLegalEntityOrder, insertOffice, insertScan, PNG } from "../api/crm-order-page-rows.ts"

/**
 * 'Бухгалтер' as an attacker (docs/security.md "Order moves"; docs/decisions.md): the raw calls its page
 * never offers — a move other than the money, the identity check, the issue, a customer's scan, and
 * making itself an administrator. Each is 403 and changes nothing: no history row, no confirmation,
 * no identification, no certificate, no file view logged, the role unchanged.
 */
const API = "/api/v2/crm/orders"
const api = serverWithAdmin()
let accountant = ""
let officeId = 0
let order = 0
let scan = 0

const eventsOf = async (id: number) => (await api.db().kysely.selectFrom("order_events").select("id").where("order_id", "=", id).execute()).length
const downloadsOf = async (id: number) => (await api.db().kysely.selectFrom("audit_log").select("id").where("action", "=", "download").where("resource", "=", "orders").where("record_id", "=", id).execute()).length

beforeAll(async () => {
  accountant = await api.staff("accountant")
  const customer = await confirmedCustomer(api.url, api.db())
  officeId = await insertOffice(api.db(), "Офис бухгалтера")
  order = await insertLegalEntityOrder(api.db(), customer.id, officeId, { status: "ready_for_identification" })
  scan = await insertScan(api.db(), join(api.dataDir, "uploads"), order, customer.id, { field: "passport_scan", title: "Скан паспорта", name: "p.png", mime: "image/png", content: PNG })
})

describe("an accountant's raw calls beyond the money", () => {
  it("every move but 'paid', by its raw POST: 403, the order and its history unchanged", async () => {
    const before = await eventsOf(order)
    for (const status of ["cancelled", "checking_documents", "ready_for_identification", "completed", "issued", "new"]) {
      const a = await api.as(accountant)("POST", `${API}/${order}/status/`, { json: { status, reason: "Возврат", note: "x" } })
      expect(a.status, status).toBe(403)
    }
    const row = await api.db().kysely.selectFrom("orders").select("status").where("id", "=", order).executeTakeFirstOrThrow()
    expect(row.status).toBe("ready_for_identification")
    expect(await eventsOf(order)).toBe(before)
  })

  it("the identity check and the identification, the issue: 403, nothing recorded, no certificate", async () => {
    const as = api.as(accountant)
    for (const item of ["passport", "snils", "inn", "registry"]) expect((await as("PUT", `${API}/${order}/identity-check/items/${item}/`, { json: { confirmed: true } })).status, item).toBe(403)
    expect((await as("POST", `${API}/${order}/identity-check/identification/`, { json: { office_id: officeId } })).status).toBe(403)
    expect((await as("POST", `${API}/${order}/issue/`, { json: { csr: "-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----" } })).status).toBe(403)
    const k = api.db().kysely
    expect(await k.selectFrom("identity_check_items").select("id").where("order_id", "=", order).execute()).toEqual([])
    expect(await k.selectFrom("order_identifications").select("id").where("order_id", "=", order).execute()).toEqual([])
    expect(await k.selectFrom("certificates").select("id").where("order_id", "=", order).execute()).toEqual([])
  })

  it("a customer's scan, inline or as a download: 403 and no view logged", async () => {
    for (const query of ["", "?view=inline"]) {
      const a = await api.as(accountant)("GET", `${API}/${order}/documents/${scan}/${query}`)
      expect(a.status, query).toBe(403)
      expect(a.text).not.toContain("PNG")
    }
    expect(await downloadsOf(order)).toBe(0)
  })

  it("making itself an administrator or giving itself an office: 403, the profile unchanged", async () => {
    const me = await api.as(accountant)("GET", "/api/v2/crm/current_admin/")
    const id = (me.body as { data: { id: string } }).data.id
    for (const body of [{ admin_user: { role: "admin" } }, { admin_user: { office_id: officeId } }]) {
      expect((await api.as(accountant)("PATCH", `/api/v2/crm/admin_users/${id}/`, { json: body })).status).toBe(403)
    }
    const row = await api.db().kysely.selectFrom("admin_users").select(["role", "office_id"]).where("id", "=", Number(id)).executeTakeFirstOrThrow()
    expect(row).toEqual({ role: "accountant", office_id: null })
  })
})
