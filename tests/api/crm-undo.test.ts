import { describe, expect, it } from "vitest"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { call, errorsOf, uniq, type List, type One } from "./helpers.ts"
import { roleToken, serverWithAdmin } from "./harness.ts"

/** Bulk delete (all or nothing) and the undo of every delete: the same ids, with their dependants. */
const api = serverWithAdmin()

const crm = <T = unknown>(method: string, path: string, json?: unknown, as = api.adminToken) => call<T>(api.url, method, path, { token: as, ...(json !== undefined ? { json } : {}) })
type Deleted = { meta: { deleted_count: number; undo_token: string; undo_expires_at: string } }

const newCity = async () => {
  const tag = uniq()
  const ans = await crm<One>("POST", "/api/v2/crm/cities/", { city: { name: `Город ${tag}`, slug: `gorod-${tag}` } })
  expect(ans.status, ans.text).toBe(201)
  return ans.body.data
}
const rowOf = (table: "cities" | "menu_items" | "faq_rubrics", id: string) => api.db().kysely.selectFrom(table).selectAll().where("id", "=", Number(id)).executeTakeFirst()

describe("bulk delete", () => {
  it("deletes the selected records in one call and answers the undo's token", async () => {
    const [a, b, c] = [await newCity(), await newCity(), await newCity()]
    const ans = await crm<Deleted>("DELETE", `/api/v2/crm/cities/?ids=${a.id},${b.id}`)
    expect(ans.status, ans.text).toBe(200)
    expect(ans.body.meta.deleted_count).toBe(2)
    expect(ans.body.meta.undo_token).toMatch(/^[\w-]{32}$/)
    expect(await rowOf("cities", a.id)).toBeUndefined()
    expect(await rowOf("cities", b.id)).toBeUndefined()
    expect(await rowOf("cities", c.id)).toBeDefined()
  })

  it("is all or nothing: an unknown id is 404, a refused row (a menu item with children) is 422, and nothing is deleted", async () => {
    const city = await newCity()
    expect((await crm("DELETE", `/api/v2/crm/cities/?ids=${city.id},999999`)).status).toBe(404)
    expect(await rowOf("cities", city.id)).toBeDefined()

    const parent = (await crm<One>("POST", "/api/v2/crm/menu_items/", { menu_item: { name: `Родитель ${uniq()}`, url: "/faq", position: 1 } })).body.data
    const child = (await crm<One>("POST", "/api/v2/crm/menu_items/", { menu_item: { name: `Потомок ${uniq()}`, url: "/faq", position: 2, parent_id: Number(parent.id) } })).body.data
    const lone = (await crm<One>("POST", "/api/v2/crm/menu_items/", { menu_item: { name: `Один ${uniq()}`, url: "/faq", position: 3 } })).body.data
    const refused = await crm("DELETE", `/api/v2/crm/menu_items/?ids=${lone.id},${parent.id}`)
    expect(refused.status).toBe(422)
    expect(errorsOf(refused)).toEqual({ base: [crmMessages.hasChildren] })
    for (const r of [parent, child, lone]) expect(await rowOf("menu_items", r.id)).toBeDefined()
  })

  it("bad ids are 422 'ids'", async () => {
    for (const q of ["", "?ids=", "?ids=abc", "?ids=1,x", "?ids=0", "?ids=-1"]) {
      const ans = await crm("DELETE", `/api/v2/crm/cities/${q}`)
      expect(ans.status, q).toBe(422)
      expect(errorsOf(ans), q).toEqual({ ids: [crmMessages.bulkIds] })
    }
    const many = Array.from({ length: 1001 }, (_, i) => i + 1).join(",")
    expect(errorsOf(await crm("DELETE", `/api/v2/crm/cities/?ids=${many}`))).toEqual({ ids: [crmMessages.bulkTooMany(1000)] })
  })
})

describe("undo", () => {
  it("restores bulk-deleted records whole, with the same ids; the token works once", async () => {
    const a = await newCity()
    const b = await newCity()
    const before = [await rowOf("cities", a.id), await rowOf("cities", b.id)]
    const { undo_token } = (await crm<Deleted>("DELETE", `/api/v2/crm/cities/?ids=${a.id},${b.id}`)).body.meta
    const restored = await crm<{ meta: { restored_count: number } }>("POST", "/api/v2/crm/cities/restore/", { token: undo_token })
    expect(restored.status, restored.text).toBe(200)
    expect(restored.body.meta.restored_count).toBe(2)
    expect([await rowOf("cities", a.id), await rowOf("cities", b.id)]).toEqual(before)
    expect((await crm<One>("GET", `/api/v2/crm/cities/${a.id}/`)).body.data).toEqual(a)

    const again = await crm("POST", "/api/v2/crm/cities/restore/", { token: undo_token })
    expect(again.status).toBe(422)
    expect(errorsOf(again)).toEqual({ base: [crmMessages.undoExpired] })
  })

  it("a single delete answers its token in the Undo-Token header", async () => {
    const a = await newCity()
    const del = await crm("DELETE", `/api/v2/crm/cities/${a.id}/`)
    expect(del.status).toBe(204)
    const undo = del.headers.get("undo-token")
    expect(undo).toMatch(/^[\w-]{32}$/)
    expect((await crm("POST", "/api/v2/crm/cities/restore/", { token: undo })).status).toBe(200)
    expect((await crm<One>("GET", `/api/v2/crm/cities/${a.id}/`)).body.data).toEqual(a)
  })

  it("brings back the dependants the database deleted (a rubric's questions and articles, ON DELETE CASCADE)", async () => {
    const tag = uniq()
    const rubric = (await crm<One>("POST", "/api/v2/crm/faq/rubrics/", { faq_rubric: { name: `Рубрика ${tag}`, slug: `rubrika-${tag}`, position: 1 } })).body.data
    const at = new Date().toISOString()
    const rubricId = Number(rubric.id)
    await api.db().kysely
      .insertInto("faq_questions")
      .values([1, 2].map((i) => ({ rubric_id: rubricId, question: `Вопрос ${i} ${tag}`, answer: `<p>Ответ ${i}</p>`, position: i, published: 1, created_at: at, updated_at: at })))
      .execute()
    await api.db().kysely.insertInto("faq_articles").values({ rubric_id: rubricId, title: `Статья ${tag}`, body: "<p>Текст</p>", published: 0, created_at: at, updated_at: at }).execute()
    const questions = await api.db().kysely.selectFrom("faq_questions").selectAll().where("rubric_id", "=", rubricId).orderBy("id").execute()
    const articles = await api.db().kysely.selectFrom("faq_articles").selectAll().where("rubric_id", "=", rubricId).execute()

    const del = await crm("DELETE", `/api/v2/crm/faq/rubrics/${rubric.id}/`)
    expect(del.status).toBe(204)
    expect(await api.db().kysely.selectFrom("faq_questions").selectAll().where("rubric_id", "=", rubricId).execute()).toEqual([])
    expect((await crm("POST", "/api/v2/crm/faq/rubrics/restore/", { token: del.headers.get("undo-token") })).status).toBe(200)
    expect(await rowOf("faq_rubrics", rubric.id)).toBeDefined()
    expect(await api.db().kysely.selectFrom("faq_questions").selectAll().where("rubric_id", "=", rubricId).orderBy("id").execute()).toEqual(questions)
    expect(await api.db().kysely.selectFrom("faq_articles").selectAll().where("rubric_id", "=", rubricId).execute()).toEqual(articles)
  })

  it("refuses (422, nothing restored) when a record's unique value was taken again meanwhile", async () => {
    const a = await newCity()
    const del = await crm("DELETE", `/api/v2/crm/cities/${a.id}/`)
    const retaken = await crm<One>("POST", "/api/v2/crm/cities/", { city: { name: "Другой", slug: a.attributes.slug } })
    expect(retaken.status).toBe(201)
    const ans = await crm("POST", "/api/v2/crm/cities/restore/", { token: del.headers.get("undo-token") })
    expect(ans.status).toBe(422)
    expect(errorsOf(ans)).toEqual({ base: [crmMessages.undoConflict] })
    expect(await rowOf("cities", a.id)).toBeUndefined()
  })

  it("only the administrator who deleted, for that resource, before the batch expires", async () => {
    const a = await newCity()
    const undo = (await crm("DELETE", `/api/v2/crm/cities/${a.id}/`)).headers.get("undo-token")
    const other = await roleToken(api.url, api.adminToken, "admin")
    expect(errorsOf(await crm("POST", "/api/v2/crm/cities/restore/", { token: undo }, other))).toEqual({ base: [crmMessages.undoExpired] })
    expect(errorsOf(await crm("POST", "/api/v2/crm/menu_items/restore/", { token: undo }))).toEqual({ base: [crmMessages.undoExpired] })
    expect(errorsOf(await crm("POST", "/api/v2/crm/cities/restore/", { token: "" }))).toEqual({ base: [crmMessages.undoExpired] })
    await api.db().kysely.updateTable("deleted_batches").set({ expires_at: "2000-01-01T00:00:00.000Z" }).where("token", "=", undo!).execute()
    expect(errorsOf(await crm("POST", "/api/v2/crm/cities/restore/", { token: undo }))).toEqual({ base: [crmMessages.undoExpired] })
    expect(await rowOf("cities", a.id)).toBeUndefined()
    // The next delete clears expired batches.
    const b = await newCity()
    await crm("DELETE", `/api/v2/crm/cities/${b.id}/`)
    expect(await api.db().kysely.selectFrom("deleted_batches").select("id").where("token", "=", undo!).executeTakeFirst()).toBeUndefined()
    expect((await crm<List>("GET", "/api/v2/crm/cities/")).status).toBe(200)
  })
})
