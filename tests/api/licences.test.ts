import { extractText, getDocumentProxy } from "unpdf"
import { beforeAll, describe, expect, it } from "vitest"
import { licencesOnPaid, licenceSerial, SERIAL_PATTERN } from "../../server/services/licences.ts"
import { DEMO_DIRECTOR, DEMO_USER, signInUser } from "../support/users.ts"
import { call } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"
import { insertOption, insertOrder, userIdOf } from "./services-fixtures.ts"
import { insertInvoice } from "./order-rows.ts"

interface Licence {
  id: string
  type: string
  attributes: { order_id: string; product: string; serial: string; period: number | null; confirmed_at: string | null; download_url: string }
}

const api = serverWithAdmin()
let user = ""
let director = ""
let userId = 0
let yearly = 0
let perpetual = 0
let token = 0

const list = (jwt = user, query = "") => call<{ data: Licence[] }>(api.url, "GET", `/api/v1/lk/licenses/${query}`, { token: jwt })
/** A staff move; 'paid' as staff make it: an invoice order, the payment order recorded (docs/payments.md "Marked by staff"). */
async function move(orderId: number, status: string) {
  if (status !== "paid") return call(api.url, "POST", `/api/v2/crm/orders/${orderId}/status/`, { token: api.adminToken, json: { status } })
  await api.db().kysely.updateTable("orders").set({ amount: 1000 }).where("id", "=", orderId).execute()
  await insertInvoice(api.db(), orderId, 1000)
  return call(api.url, "POST", `/api/v2/crm/orders/${orderId}/status/`, { token: api.adminToken, json: { status, amount: 1000, document_number: "1", document_date: "01.03.2026" } })
}

beforeAll(async () => {
  user = (await signInUser(api.url, DEMO_USER.email)).jwt
  director = (await signInUser(api.url, DEMO_DIRECTOR.email)).jwt
  userId = await userIdOf(api.db(), DEMO_USER.email)
  yearly = await insertOption(api.db(), { name: "Лицензия КриптоПро CSP 5.0 (тест)", kind: "license", period: 12, price: 2200 })
  perpetual = await insertOption(api.db(), { name: "Лицензия КриптоПро CSP 5.0 бессрочная (тест)", kind: "license", period: null, price: 4900 })
  token = await insertOption(api.db(), { name: "Рутокен ЭЦП 3.0 (тест)", kind: "token", price: 1900 })
})

describe("licences issued on payment", () => {
  it("serials are CryptoPro's five groups of five", () => {
    const serials = Array.from({ length: 50 }, licenceSerial)
    for (const s of serials) expect(s).toMatch(SERIAL_PATTERN)
    expect(new Set(serials).size).toBe(50)
  })

  it("each licence option of a paid order becomes the customer's licence once; tokens do not", async () => {
    const orderId = await insertOrder(api.db(), userId, { status: "awaiting_payment", option_ids: [yearly, perpetual, token], data: { values: { company: "ООО «Ромашка»" } } })
    await api.db().kysely.updateTable("orders").set({ title: "ООО «Ромашка»" }).where("id", "=", orderId).execute()
    expect((await list(user, `?order_id=${orderId}`)).body.data).toEqual([])
    expect((await move(orderId, "paid")).status).toBe(200)
    const mine = (await list(user, `?order_id=${orderId}`)).body.data
    expect(mine.map((l) => l.attributes.product).sort()).toEqual(["Лицензия КриптоПро CSP 5.0 (тест)", "Лицензия КриптоПро CSP 5.0 бессрочная (тест)"])
    for (const l of mine) expect(l.attributes.serial).toMatch(SERIAL_PATTERN)
    expect(mine.find((l) => l.attributes.product.includes("бессрочная"))?.attributes.period).toBeNull()
    // The hook again (a repeated notification, a crash between moves) issues nothing more.
    await licencesOnPaid({ db: api.db(), mailer: { send: async () => {} } as never, config: {} as never, log: { error: () => {} } as never, workers: {} as never }, orderId, { from: "awaiting_payment", to: "paid" })
    expect((await list(user, `?order_id=${orderId}`)).body.data.map((l) => l.attributes.serial).sort()).toEqual(mine.map((l) => l.attributes.serial).sort())
    // Another customer sees none of them.
    expect((await list(director)).body.data.map((l) => l.id)).not.toEqual(expect.arrayContaining([mine[0]!.id]))
  })

  it("an order without licence options, or not paid, gets none", async () => {
    const a = await insertOrder(api.db(), userId, { status: "new", option_ids: [token] })
    expect((await move(a, "paid")).status).toBe(200)
    const b = await insertOrder(api.db(), userId, { status: "new", option_ids: [yearly] })
    expect((await move(b, "cancelled")).status).toBe(200)
    expect((await list(user, `?order_id=${a}`)).body.data).toEqual([])
    expect((await list(user, `?order_id=${b}`)).body.data).toEqual([])
  })
})

describe("confirm and download", () => {
  it("the owner confirms receipt once and downloads the licence certificate with the serial; another customer gets 404", async () => {
    const orderId = await insertOrder(api.db(), userId, { status: "new", option_ids: [yearly] })
    await api.db().kysely.updateTable("orders").set({ title: "ООО «Ромашка»" }).where("id", "=", orderId).execute()
    await move(orderId, "paid")
    const [licence] = (await list(user, `?order_id=${orderId}`)).body.data
    expect(licence?.attributes.confirmed_at).toBeNull()
    const path = `/api/v1/lk/licenses/${licence!.id}`
    expect((await call(api.url, "POST", `${path}/confirm/`, { token: director })).status).toBe(404)
    expect((await call(api.url, "GET", `${path}/download/`, { token: director })).status).toBe(404)
    expect((await call(api.url, "POST", `${path}/confirm/`)).status).toBe(401)
    const a = await call<{ data: Licence }>(api.url, "POST", `${path}/confirm/`, { token: user })
    expect(a.status).toBe(200)
    const at = a.body.data.attributes.confirmed_at
    expect(at).toEqual(expect.any(String))
    const b = await call<{ data: Licence }>(api.url, "POST", `${path}/confirm/`, { token: user })
    expect(b.body.data.attributes.confirmed_at).toBe(at)
    const res = await fetch(api.url + licence!.attributes.download_url, { headers: { authorization: `Bearer ${user}` } })
    expect([res.status, res.headers.get("content-type")]).toEqual([200, "application/pdf"])
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true })
    const flat = text.replace(/\s+/g, " ")
    for (const piece of ["Лицензия на право использования СКЗИ «КриптоПро CSP»", licence!.attributes.serial, "Лицензия КриптоПро CSP 5.0 (тест)", "12 мес.", `Заказ № ${orderId}`, "ООО «Ромашка»"]) {
      expect(flat).toContain(piece)
    }
    expect((await call(api.url, "GET", "/api/v1/lk/licenses/abc/download/", { token: user })).status).toBe(404)
  })
})
