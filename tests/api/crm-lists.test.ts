import { describe, expect, it } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { errorsOf, uniq, type List } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/** The lists of every declared resource: the filter presets' fields as query parameters, and `?sort=`. */
const { crm, anonymous } = serverWithAdmin()
const MENU = "/api/v2/crm/menu_items"

async function menuItem(over: Record<string, unknown>) {
  const a = await crm<{ data: { id: string } }>("POST", `${MENU}/`, { json: { menu_item: { url: "/faq", position: 1, ...over } } })
  expect(a.status, a.text).toBe(201)
  return a.body.data.id
}

describe("CRM lists: filters", () => {
  it("crm_menu_items_filter_frm's `display` filters where an item shows, with `q` alike", async () => {
    const tag = uniq()
    const top = await menuItem({ name: `Фильтр ${tag} верх`, display_at_top: true })
    const bottom = await menuItem({ name: `Фильтр ${tag} низ`, display_at_bottom: true })
    const hidden = await menuItem({ name: `Фильтр ${tag} скрыт` })
    const ids = async (display: string) => (await crm<List>("GET", `${MENU}/?q=${tag}&display=${display}`)).body.data.map((r) => r.id)
    expect(await ids("top")).toEqual([top])
    expect(await ids("bottom")).toEqual([bottom])
    expect(await ids("hidden")).toEqual([hidden])
    expect((await ids("")).sort()).toEqual([top, bottom, hidden].sort())
    const none = await crm<List>("GET", `${MENU}/?q=${tag}-нет&display=top`)
    expect(none.body).toEqual({ data: [], meta: { total_pages: 1, total_count: 0 } })
  })

  it("a choice outside the filter form's options, or a too long query → 422 with the form's message", async () => {
    const a = await crm("GET", `${MENU}/?display=everywhere`)
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({ display: [messages.validation.select] })
    const b = await crm("GET", `/api/v2/crm/cities/?q=${"я".repeat(256)}`)
    expect(b.status).toBe(422)
    expect(errorsOf(b)).toEqual({ q: [messages.validation.maxLength(255)] })
    const c = await crm("GET", "/api/v2/crm/feedbacks/?rating=11")
    expect(errorsOf(c)).toEqual({ rating: [messages.validation.select] })
  })

  it("a filter of a column's value: feedbacks by rating", async () => {
    const all = await crm<List>("GET", "/api/v2/crm/feedbacks/?per=100&rating=7")
    expect(all.status).toBe(200)
    for (const r of all.body.data) expect(r.attributes.rating).toBe(7)
  })

  it("filters need an administrator like the rest (401)", async () => {
    expect((await anonymous("GET", `${MENU}/?display=top`)).status).toBe(401)
  })
})

describe("CRM lists: sort", () => {
  it("?sort=name ascending, ?sort=-position descending; ties keep the declared order", async () => {
    const tag = uniq()
    const b = await menuItem({ name: `Сорт ${tag} Б`, position: 5 })
    const a = await menuItem({ name: `Сорт ${tag} А`, position: 9 })
    const c = await menuItem({ name: `Сорт ${tag} В`, position: 5 })
    const ids = async (sort: string) => (await crm<List>("GET", `${MENU}/?q=${tag}&sort=${encodeURIComponent(sort)}`)).body.data.map((r) => r.id)
    expect(await ids("name")).toEqual([a, b, c])
    expect(await ids("-name")).toEqual([c, b, a])
    expect(await ids("-position")).toEqual([a, b, c])
    expect(await ids("position")).toEqual([b, c, a])
  })

  it("the cities sort by slug both ways", async () => {
    const asc = (await crm<List>("GET", "/api/v2/crm/cities/?sort=slug&per=100")).body.data.map((r) => String(r.attributes.slug))
    expect(asc).toEqual([...asc].sort())
    const desc = (await crm<List>("GET", "/api/v2/crm/cities/?sort=-slug&per=100")).body.data.map((r) => String(r.attributes.slug))
    expect(desc).toEqual([...asc].reverse())
  })

  it.each(["password_digest", "-id; drop table cities", "display_at_top", "nope"])("a sort by %j (no sortable column) → 422", async (sort) => {
    const a = await crm("GET", `${MENU}/?sort=${encodeURIComponent(sort)}`)
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({ sort: [messages.validation.select] })
  })
})

describe("CRM lists: pages from either end", () => {
  it("every page, read from the nearer end, is that page of the whole ordered list, in both directions and with ties", async () => {
    const tag = uniq()
    // Seven items, two positions each shared (ties broken by the id), so the reversed read must turn them around exactly.
    for (let i = 0; i < 7; i++) await menuItem({ name: `Страницы ${tag} ${String.fromCharCode(1072 + (i % 3))}`, position: i % 2 })
    for (const sort of ["position", "-position", "name", "-name"]) {
      const all = (await crm<List>("GET", `${MENU}/?q=${tag}&sort=${sort}&per=100`)).body.data.map((r) => r.id)
      expect(all).toHaveLength(7)
      const paged: string[] = []
      for (let page = 1; page <= 4; page++) {
        const a = await crm<List>("GET", `${MENU}/?q=${tag}&sort=${sort}&per=2&page=${page}`)
        expect(a.body.meta.total_pages, sort).toBe(4)
        paged.push(...a.body.data.map((r) => r.id))
      }
      expect(paged, sort).toEqual(all)
      expect((await crm<List>("GET", `${MENU}/?q=${tag}&sort=${sort}&per=2&page=5`)).body.data, sort).toEqual([])
    }
  })
})
