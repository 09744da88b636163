import { beforeAll, describe, expect, it } from "vitest"
import { afterPaymentMessages as t } from "../../schemas/messages/account.ts"
import { ORDER_SCANS_MAX } from "../../server/services/order-scans.ts"
import { confirmedCustomer } from "../support/users.ts"
import { errorsOf, serverWithAdmin } from "../api/helpers.ts"
import { fixtures, upload } from "../api/multipart.ts"
import { insertOrder } from "../api/order-rows.ts"
import { insertUploads, scansPath, stepsPath } from "../api/order-scans-rows.ts"

/**
 * Attacks on the scans an order's page attaches (docs/account.md, "After payment"; docs/security.md):
 * another customer's order, another customer's upload, one file past the per-order limit, and a burst
 * racing for the last places under it.
 */
const api = serverWithAdmin()
let owner: { id: number; jwt: string }
let other: { id: number; jwt: string }
beforeAll(async () => {
  owner = await confirmedCustomer(api.url, api.db())
  other = await confirmedCustomer(api.url, api.db())
})

const countScans = async (orderId: number) =>
  Number((await api.db().kysely.selectFrom("order_documents").select((eb) => eb.fn.countAll<number | string>().as("n")).where("order_id", "=", orderId).where("kind", "=", "upload").executeTakeFirstOrThrow()).n)

describe("the scans of an order", () => {
  it("another customer's order is a 404 for reading, attaching and removing, and nothing is stored", async () => {
    const id = await insertOrder(api.db(), owner.id, { status: "paid" })
    const [mine] = await insertUploads(api.db(), owner.id, 1)
    const attached = await api.as(owner.jwt)<{ id: number }>("POST", scansPath(id), { json: { field: "passport_scan", url: mine } })
    expect(attached.status).toBe(201)
    const [theirs] = await insertUploads(api.db(), other.id, 1)
    const intruder = api.as(other.jwt)
    expect((await intruder("GET", stepsPath(id))).status).toBe(404)
    expect((await intruder("POST", scansPath(id), { json: { field: "passport_scan", url: theirs } })).status).toBe(404)
    expect((await intruder("DELETE", `${scansPath(id)}${attached.body.id}/`)).status).toBe(404)
    // The same answer as an order that does not exist.
    expect((await intruder("GET", stepsPath(2_000_000_000))).status).toBe(404)
    expect(await countScans(id)).toBe(1)
  })

  it("someone else's upload id is refused as an unknown file: not attached, its owner's file not served", async () => {
    const id = await insertOrder(api.db(), owner.id, { status: "paid" })
    const stolen = await upload<{ url: string }>(`${api.url}/api/v1/uploads/`, other.jwt, [{ name: "file", filename: "чужой-паспорт.pdf", contentType: "application/pdf", data: fixtures.pdf }])
    expect(stolen.status).toBe(201)
    const a = await api.as(owner.jwt)("POST", scansPath(id), { json: { field: "passport_scan", url: stolen.body.url } })
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({ url: [t.errors.file] })
    expect(await countScans(id)).toBe(0)
  })

  it(`a file past the limit of ${ORDER_SCANS_MAX} is a 422 and is not stored`, async () => {
    const id = await insertOrder(api.db(), owner.id, { status: "paid" })
    const urls = await insertUploads(api.db(), owner.id, ORDER_SCANS_MAX + 1)
    for (const url of urls.slice(0, ORDER_SCANS_MAX)) expect((await api.as(owner.jwt)("POST", scansPath(id), { json: { field: "snils_scan", url } })).status).toBe(201)
    const over = await api.as(owner.jwt)("POST", scansPath(id), { json: { field: "snils_scan", url: urls[ORDER_SCANS_MAX] } })
    expect(over.status).toBe(422)
    expect(errorsOf(over)).toEqual({ url: [t.errors.tooMany(ORDER_SCANS_MAX)] })
    expect(await countScans(id)).toBe(ORDER_SCANS_MAX)
  })

  it("a burst racing for the last two places gets exactly two through", async () => {
    const id = await insertOrder(api.db(), owner.id, { status: "paid" })
    const urls = await insertUploads(api.db(), owner.id, ORDER_SCANS_MAX - 2 + 8)
    for (const url of urls.slice(0, ORDER_SCANS_MAX - 2)) expect((await api.as(owner.jwt)("POST", scansPath(id), { json: { field: "passport_scan", url } })).status).toBe(201)
    const burst = await Promise.all(urls.slice(ORDER_SCANS_MAX - 2).map((url) => api.as(owner.jwt)("POST", scansPath(id), { json: { field: "passport_scan", url } })))
    expect(burst.map((a) => a.status).sort()).toEqual([201, 201, 422, 422, 422, 422, 422, 422])
    expect(await countScans(id)).toBe(ORDER_SCANS_MAX)
  })
})
