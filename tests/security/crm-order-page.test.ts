import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { confirmedCustomer } from "../support/users.ts"
import { serverWithAdmin } from "../api/helpers.ts"
import { insertLegalEntityOrder, insertOffice, insertScan, PNG } from "../api/crm-order-page-rows.ts"

/**
 * Attacks on the CRM's order page (docs/account.md, «Страница заявки в CRM»; docs/security.md): the
 * identity check called by another role or a customer, and the staff's file view asked for another
 * order's document, a path that climbs out of the order, a page on another site, an HTML file inline.
 */
const API = "/api/v2/crm/orders"
const api = serverWithAdmin()
let operator = ""
let editor = ""
let customer: { id: number; jwt: string }
let officeId = 0
let mine = 0
let theirs = 0
let mineScan = 0
let theirScan = 0

const downloads = async () => Number((await api.db().kysely.selectFrom("audit_log").select((eb) => eb.fn.countAll<number | string>().as("n")).where("action", "=", "download").executeTakeFirstOrThrow()).n)
const confirmations = async (orderId: number) => (await api.db().kysely.selectFrom("identity_check_items").select("item").where("order_id", "=", orderId).execute()).length

beforeAll(async () => {
  operator = await api.staff("operator")
  editor = await api.staff("editor")
  customer = await confirmedCustomer(api.url, api.db())
  officeId = await insertOffice(api.db(), "Офис проверки")
  mine = await insertLegalEntityOrder(api.db(), customer.id, officeId)
  theirs = await insertLegalEntityOrder(api.db(), customer.id, officeId)
  const dir = join(api.dataDir, "uploads")
  mineScan = await insertScan(api.db(), dir, mine, customer.id, { field: "passport_scan", title: "Скан паспорта", name: "p.png", mime: "image/png", content: PNG })
  theirScan = await insertScan(api.db(), dir, theirs, customer.id, { field: "passport_scan", title: "Скан паспорта", name: "x.html", mime: "text/html", content: "<script>alert(1)</script>" })
})

describe("the identity check's API", () => {
  it("refuses the editor (403) and a customer or a forged token (401), and stores nothing", async () => {
    const path = `${API}/${mine}/identity-check`
    for (const [token, status] of [[editor, 403], [customer.jwt, 401], ["forged.token.value", 401]] as const) {
      const as = api.as(token)
      expect((await as("GET", `${path}/`)).status).toBe(status)
      expect((await as("PUT", `${path}/items/passport/`, { json: { confirmed: true } })).status).toBe(status)
      expect((await as("POST", `${path}/identification/`, { json: { office_id: officeId } })).status).toBe(status)
    }
    // The customer's own account calls know no such path either.
    expect((await api.as(customer.jwt)("PUT", `/api/v1/lk/leads/${mine}/identity-check/items/passport/`, { json: { confirmed: true } })).status).toBe(404)
    expect(await confirmations(mine)).toBe(0)
    expect(await api.db().kysely.selectFrom("order_identifications").select("id").where("order_id", "=", mine).executeTakeFirst()).toBeUndefined()
  })

  it("takes only its own item names: a climbing or unknown item changes nothing", async () => {
    for (const item of ["..%2Fidentification", "passport%00", "PASSPORT", "registry%2F..%2Fpassport"]) {
      const r = await api.as(operator)("PUT", `${API}/${mine}/identity-check/items/${item}/`, { json: { confirmed: true } })
      expect([404, 422], item).toContain(r.status)
    }
    expect(await confirmations(mine)).toBe(0)
  })
})

describe("the staff's view of a customer's file", () => {
  it("another order's document, a climbing or malformed id are a 404, and nothing is logged", async () => {
    const before = await downloads()
    const as = api.as(operator)
    for (const path of [
      `${API}/${mine}/documents/${theirScan}/?view=inline`,
      `${API}/${theirs}/documents/${mineScan}/`,
      `${API}/${mine}/documents/..%2F..%2F..%2Fetc%2Fpasswd/`,
      `${API}/${mine}/documents/${mineScan}%2F..%2F${theirScan}/`,
      `${API}/${mine}/documents/-1/`,
      `${API}/${mine}/documents/0x10/`,
      `${API}/${mine}/documents/99999999999/`,
    ]) expect((await as("GET", path)).status, path).toBe(404)
    expect(await downloads()).toBe(before)
  })

  it("a stored path that leaves the private files is never read", async () => {
    const id = "e".repeat(32)
    await api.db().kysely.insertInto("uploads").values({ id, owner_kind: "user", owner_id: customer.id, original_name: "passwd", stored_path: "private/../../../etc/passwd", size: 1, mime: "image/png", created_at: new Date().toISOString() }).execute()
    const doc = await api.db().kysely
      .insertInto("order_documents")
      .values({ order_id: mine, kind: "upload", field: "snils_scan", title: "Скан СНИЛС", file: JSON.stringify({ name: "passwd", url: `/api/v1/uploads/${id}/`, type: "image/png" }), created_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow()
    const r = await api.as(operator)("GET", `${API}/${mine}/documents/${doc.id}/?view=inline`)
    expect(r.status).toBe(404)
    expect(r.text).not.toContain("root:")
  })

  it("is refused when a page of another site asks for it (no view, no log entry)", async () => {
    const before = await downloads()
    const r = await api.as(operator)("GET", `${API}/${mine}/documents/${mineScan}/?view=inline`, { headers: { "sec-fetch-site": "cross-site" } })
    expect(r.status).toBe(403)
    const origin = await api.as(operator)("GET", `${API}/${mine}/documents/${mineScan}/`, { headers: { origin: "https://evil.example" } })
    expect(origin.status).toBe(403)
    expect(await downloads()).toBe(before)
  })

  it("never shows an HTML file in place: asked inline it is an attachment under the sandbox policy", async () => {
    const r = await api.as(operator)("GET", `${API}/${theirs}/documents/${theirScan}/?view=inline`)
    expect(r.status).toBe(200)
    expect(r.headers.get("content-disposition")).toMatch(/^attachment; /)
    expect(r.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox")
    expect(r.headers.get("x-content-type-options")).toBe("nosniff")
  })
})
