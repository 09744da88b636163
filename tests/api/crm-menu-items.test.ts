import { describe, expect, it } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { errorsOf, uniq, type List, type One } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

const BASE = "/api/v2/crm/menu_items"
const { crm, anonymous } = serverWithAdmin()

const item = (over: Record<string, unknown> = {}) => ({
  name: `Пункт ${uniq()}`,
  url: "/price",
  position: 10,
  display_at_top: true,
  display_at_bottom: false,
  parent_id: null,
  ...over,
})

async function create(over: Record<string, unknown> = {}): Promise<One["data"]> {
  const a = await crm<One>("POST", `${BASE}/`, { json: { menu_item: item(over) } })
  expect(a.status, a.text).toBe(201)
  return a.body.data
}
const read = async (id: string) => (await crm<One>("GET", `${BASE}/${id}/`)).body.data
/** Everything the CRM can see of the menu, to prove a refused request changed nothing. */
const snapshot = async () => (await crm<List>("GET", `${BASE}/?per=100&page=1`)).body.meta.total_count

describe("CRM menu items: list", () => {
  it("pages with defaults page 1 and per 25, and total_pages", async () => {
    for (let i = 0; i < 3; i++) await create()
    const a = await crm<List>("GET", `${BASE}/`)
    expect(a.status).toBe(200)
    const total = a.body.meta.total_count!
    expect(total).toBeGreaterThanOrEqual(3)
    expect(a.body.data.length).toBe(Math.min(25, total))
    expect(a.body.meta.total_pages).toBe(Math.max(1, Math.ceil(total / 25)))

    const per2 = await crm<List>("GET", `${BASE}?page=2&per=2`)
    expect(per2.body.data.length).toBe(Math.min(2, Math.max(0, total - 2)))
    expect(per2.body.meta.total_pages).toBe(Math.ceil(total / 2))
    const page1 = await crm<List>("GET", `${BASE}?page=1&per=2`)
    expect(page1.body.data.map((r) => r.id)).not.toContain(per2.body.data[0]?.id)

    const beyond = await crm<List>("GET", `${BASE}?page=100000&per=25`)
    expect(beyond.status).toBe(200)
    expect(beyond.body.data).toEqual([])
  })

  it("caps per at 100", async () => {
    const a = await crm<List>("GET", `${BASE}?per=1000`)
    expect(a.status).toBe(200)
    expect(a.body.data.length).toBeLessThanOrEqual(100)
    expect(a.body.meta.total_pages).toBe(Math.max(1, Math.ceil(a.body.meta.total_count! / 100)))
  })

  it("sorts by position", async () => {
    const a = await crm<List>("GET", `${BASE}?per=100`)
    const positions = a.body.data.map((r) => r.attributes.position as number)
    expect(positions).toEqual([...positions].sort((x, y) => x - y))
  })

  it("searches with ?q in name and url, case-insensitively, in Russian too", async () => {
    const tag = uniq()
    const made = await create({ name: `Поиск Ёлка ${tag}` })
    const byUrl = await create({ url: `/faq#q${tag}` })
    for (const q of [tag, tag.toUpperCase(), `ёлка ${tag}`, `ПОИСК ЁЛКА ${tag}`]) {
      const a = await crm<List>("GET", `${BASE}/?q=${encodeURIComponent(q)}`)
      expect(a.status).toBe(200)
      expect(a.body.data.map((r) => r.id), q).toContain(made.id)
    }
    const u = await crm<List>("GET", `${BASE}?q=${encodeURIComponent(`q${tag}`)}`)
    expect(u.body.data.map((r) => r.id)).toEqual([byUrl.id])
    expect(u.body.meta).toEqual({ total_pages: 1, total_count: 1 })
    const none = await crm<List>("GET", `${BASE}?q=${uniq()}${uniq()}`)
    expect(none.body).toEqual({ data: [], meta: { total_pages: 1, total_count: 0 } })
  })

  it("takes % and _ in ?q literally", async () => {
    const tag = uniq()
    const made = await create({ name: `Скидка 100% ${tag}` })
    await create({ name: `Скидка 1000 ${tag}` })
    const a = await crm<List>("GET", `${BASE}?q=${encodeURIComponent(`100% ${tag}`)}`)
    expect(a.body.data.map((r) => r.id)).toEqual([made.id])
    const b = await crm<List>("GET", `${BASE}?q=${encodeURIComponent(`${tag.slice(0, 3)}_${tag.slice(4)}`)}`)
    expect(b.body.data).toEqual([])
  })

  it.each(["page=abc", "per=abc", "page=0", "page=-1", "per=1.5"])("answers 422 for %s", async (query) => {
    const a = await crm("GET", `${BASE}/?${query}`)
    expect(a.status).toBe(422)
    const key = query.split("=")[0]!
    expect(errorsOf(a)).toEqual({ [key]: [messages.validation.numeric] })
  })
})

describe("CRM menu items: read, create, update, delete", () => {
  it("creates (201), reads, and answers the stored item in the menu_item shape", async () => {
    const sent = item({ name: `  Новый пункт ${uniq()}  `, url: "https://example.test/a", position: -5, display_at_bottom: true })
    const a = await crm<One>("POST", BASE, { json: { menu_item: sent } })
    expect(a.status).toBe(201)
    expect(a.body.data).toEqual({
      id: expect.stringMatching(/^\d+$/),
      type: "menu_item",
      attributes: { name: sent.name.trim(), url: sent.url, position: -5, display_at_top: true, display_at_bottom: true },
      relationships: { children: { data: [] }, ancestors: { data: [] } },
    })
    for (const path of [`${BASE}/${a.body.data.id}/`, `${BASE}/${a.body.data.id}`]) {
      const r = await crm<One>("GET", path)
      expect(r.status).toBe(200)
      expect(r.body).toEqual(a.body)
    }
  })

  it("defaults the display flags to false and the parent to none", async () => {
    const a = await crm<One>("POST", BASE, { json: { menu_item: { name: `Минимум ${uniq()}`, url: "/buy", position: 1 } } })
    expect(a.status).toBe(201)
    expect(a.body.data.attributes).toMatchObject({ display_at_top: false, display_at_bottom: false })
    expect(a.body.data.relationships!.ancestors!.data).toEqual([])
  })

  it("replaces with PUT", async () => {
    const parent = await create()
    const made = await create()
    const next = item({ name: `Заменён ${uniq()}`, url: "/contacts", position: 7, display_at_top: false, display_at_bottom: true, parent_id: Number(parent.id) })
    const a = await crm<One>("PUT", `${BASE}/${made.id}/`, { json: { menu_item: next } })
    expect(a.status).toBe(200)
    expect(a.body.data.attributes).toEqual({ name: next.name, url: "/contacts", position: 7, display_at_top: false, display_at_bottom: true })
    expect(a.body.data.relationships!.ancestors!.data).toEqual([{ id: parent.id, type: "menu_item" }])
    expect(await read(made.id)).toEqual(a.body.data)
    expect((await read(parent.id)).relationships!.children!.data).toEqual([{ id: made.id, type: "menu_item" }])
  })

  it("PUT without a required field is refused (it replaces the whole item)", async () => {
    const made = await create()
    const a = await crm("PUT", `${BASE}/${made.id}`, { json: { menu_item: { name: "Только имя" } } })
    expect(a.status).toBe(422)
    expect(Object.keys(errorsOf(a)).sort()).toEqual(["position", "url"])
    expect(await read(made.id)).toEqual(made)
  })

  it("updates partially with PATCH", async () => {
    const parent = await create()
    const made = await create({ parent_id: Number(parent.id), display_at_bottom: true })
    const a = await crm<One>("PATCH", `${BASE}/${made.id}`, { json: { menu_item: { position: 42 } } })
    expect(a.status).toBe(200)
    expect(a.body.data).toEqual({ ...made, attributes: { ...made.attributes, position: 42 } })
    const b = await crm<One>("PATCH", `${BASE}/${made.id}/`, { json: { menu_item: { parent_id: null, name: "Переименован" } } })
    expect(b.status).toBe(200)
    expect(b.body.data.attributes).toMatchObject({ name: "Переименован", position: 42, url: "/price", display_at_bottom: true })
    expect(b.body.data.relationships!.ancestors!.data).toEqual([])
    expect(await read(made.id)).toEqual(b.body.data)
  })

  it("deletes (204), then the item is gone (404)", async () => {
    const made = await create()
    const a = await crm("DELETE", `${BASE}/${made.id}/`)
    expect(a.status).toBe(204)
    expect(a.text).toBe("")
    for (const [method, options] of [["GET", {}], ["PUT", { json: { menu_item: item() } }], ["PATCH", { json: { menu_item: {} } }], ["DELETE", {}]] as const) {
      const b = await crm(method, `${BASE}/${made.id}`, options)
      expect(b.status, method).toBe(404)
      expect(b.body).toEqual({ message: messages.http.recordNotFound })
    }
    const pub = await anonymous<List>("GET", "/api/v2/menu_items/")
    expect([...pub.body.data, ...pub.body.included!].map((r) => r.id)).not.toContain(made.id)
  })

  it.each(["999999999", "2147483648", "9999999999", "0", "abc", "1.5", "-1"])("answers 404 JSON for id %s", async (id) => {
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const a = await crm(method, `${BASE}/${id}/`, method === "PATCH" ? { json: { menu_item: {} } } : {})
      expect(a.status, `${method} ${id}`).toBe(404)
      expect(a.body).toEqual({ message: messages.http.recordNotFound })
    }
  })
})

describe("CRM menu items: refused input changes nothing", () => {
  it("malformed JSON → 400", async () => {
    const before = await snapshot()
    const made = await create()
    for (const raw of ["{", "{\"menu_item\": ", "not json", "[1,2]", "\"text\"", "null", ""]) {
      for (const [method, path] of [["POST", BASE], ["PUT", `${BASE}/${made.id}`], ["PATCH", `${BASE}/${made.id}`]] as const) {
        const a = await crm(method, path, { raw })
        expect(a.status, `${method} ${JSON.stringify(raw)}`).toBe(400)
        expect(a.body).toEqual({ message: messages.http.badJson })
      }
    }
    expect(await read(made.id)).toEqual(made)
    expect(await snapshot()).toBe(before! + 1)
  })

  it("a missing or non-object wrapper → 422", async () => {
    for (const json of [{}, { menu_item: null }, { menu_item: "x" }, { menu_item: [] }, { city: item() }]) {
      const a = await crm("POST", BASE, { json })
      expect(a.status).toBe(422)
      expect(errorsOf(a)).toEqual({ menu_item: [messages.validation.required] })
    }
  })

  it("missing or blank name → 422 'Обязательно для заполнения'", async () => {
    const before = await snapshot()
    const { name: _name, ...noName } = item()
    for (const sent of [noName, item({ name: "" }), item({ name: "   " })]) {
      const a = await crm("POST", `${BASE}/`, { json: { menu_item: sent } })
      expect(a.status).toBe(422)
      expect(errorsOf(a)).toEqual({ name: [messages.validation.required] })
    }
    expect(await snapshot()).toBe(before)
  })

  it("every missing field is reported at once", async () => {
    const a = await crm("POST", BASE, { json: { menu_item: {} } })
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({
      name: [messages.validation.required],
      url: [messages.validation.required],
      position: [messages.validation.required],
    })
  })

  it.each([1.5, "x", "10", null, true, 2 ** 31, -(2 ** 31) - 1])("position %j → 422 'Укажите только цифры'", async (position) => {
    const before = await snapshot()
    const made = await create()
    const a = await crm("POST", BASE, { json: { menu_item: item({ position }) } })
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({ position: [messages.validation.numeric] })
    const b = await crm("PATCH", `${BASE}/${made.id}`, { json: { menu_item: { position } } })
    expect(b.status).toBe(422)
    expect(errorsOf(b)).toEqual({ position: [messages.validation.numeric] })
    expect(await read(made.id)).toEqual(made)
    expect(await snapshot()).toBe(before! + 1)
  })

  it("too long name and bad url → 422 with their messages", async () => {
    const before = await snapshot()
    const a = await crm("POST", BASE, { json: { menu_item: item({ name: "я".repeat(256), url: "javascript:alert(1)" }) } })
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({ name: [messages.validation.maxLength(255)], url: [crmMessages.urlFormat] })
    expect(await snapshot()).toBe(before)
  })

  it("non-boolean display flags → 422", async () => {
    const a = await crm("POST", BASE, { json: { menu_item: item({ display_at_top: "yes" }) } })
    expect(a.status).toBe(422)
    expect(Object.keys(errorsOf(a))).toEqual(["display_at_top"])
  })

  it("unknown parent → 422", async () => {
    const before = await snapshot()
    const made = await create()
    for (const parent_id of [999_999_999, 2_147_483_647, 9_999_999_999]) {
      const a = await crm("POST", BASE, { json: { menu_item: item({ parent_id }) } })
      expect(a.status, String(parent_id)).toBe(422)
      expect(errorsOf(a)).toEqual({ parent_id: [crmMessages.unknownParent] })
      const b = await crm("PATCH", `${BASE}/${made.id}`, { json: { menu_item: { parent_id } } })
      expect(b.status).toBe(422)
    }
    for (const parent_id of [0, -3, 1.5, "1"]) {
      const a = await crm("POST", BASE, { json: { menu_item: item({ parent_id }) } })
      expect(a.status, String(parent_id)).toBe(422)
      expect(Object.keys(errorsOf(a))).toEqual(["parent_id"])
    }
    expect(await read(made.id)).toEqual(made)
    expect(await snapshot()).toBe(before! + 1)
  })

  it("cyclic parent (self, child, grandchild) → 422", async () => {
    const a = await create()
    const b = await create({ parent_id: Number(a.id) })
    const c = await create({ parent_id: Number(b.id) })
    const [a0, b0, c0] = [await read(a.id), await read(b.id), await read(c.id)]
    const cases: [string, number][] = [[a.id, Number(a.id)], [a.id, Number(b.id)], [a.id, Number(c.id)], [b.id, Number(b.id)], [c.id, Number(c.id)]]
    for (const [id, parent_id] of cases) {
      for (const method of ["PATCH", "PUT"]) {
        const body = method === "PATCH" ? { parent_id } : item({ parent_id })
        const r = await crm(method, `${BASE}/${id}/`, { json: { menu_item: body } })
        expect(r.status, `${method} ${id} → parent ${parent_id}`).toBe(422)
        expect(errorsOf(r)).toEqual({ parent_id: [crmMessages.cyclicParent] })
      }
    }
    expect([await read(a.id), await read(b.id), await read(c.id)]).toEqual([a0, b0, c0])
  })

  it("an item with children cannot be deleted → 422", async () => {
    const parent = await create()
    const child = await create({ parent_id: Number(parent.id) })
    const a = await crm("DELETE", `${BASE}/${parent.id}`)
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({ base: [crmMessages.hasChildren] })
    expect((await read(parent.id)).relationships!.children!.data).toEqual([{ id: child.id, type: "menu_item" }])
    expect((await crm("DELETE", `${BASE}/${child.id}`)).status).toBe(204)
    expect((await crm("DELETE", `${BASE}/${parent.id}`)).status).toBe(204)
  })

  it("a refused update keeps the item as it was", async () => {
    const made = await create()
    const a = await crm("PUT", `${BASE}/${made.id}`, { json: { menu_item: item({ name: "", url: "bad", position: "x" }) } })
    expect(a.status).toBe(422)
    expect(Object.keys(errorsOf(a)).sort()).toEqual(["name", "position", "url"])
    expect(await read(made.id)).toEqual(made)
  })
})
