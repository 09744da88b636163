import { describe, expect, it } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { RESERVED_SLUGS } from "../../schemas/routes.ts"
import { errorsOf, uniq, type List, type One } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

const BASE = "/api/v2/crm/cities"
const { crm, anonymous } = serverWithAdmin()

const city = (over: Record<string, unknown> = {}) => {
  const tag = uniq()
  return { name: `Город ${tag}`, slug: `gorod-${tag}`, ...over }
}
async function create(over: Record<string, unknown> = {}): Promise<One["data"]> {
  const a = await crm<One>("POST", `${BASE}/`, { json: { city: city(over) } })
  expect(a.status, a.text).toBe(201)
  return a.body.data
}
const read = async (id: string) => (await crm<One>("GET", `${BASE}/${id}/`)).body.data
const count = async () => (await crm<List>("GET", BASE)).body.meta.total_count!

describe("CRM cities", () => {
  it("lists with defaults page 1 and per 25, sorted by name, with total_pages", async () => {
    const a = await crm<List>("GET", `${BASE}/`)
    expect(a.status).toBe(200)
    const total = a.body.meta.total_count!
    expect(total).toBeGreaterThanOrEqual(12)
    expect(a.body.data.length).toBe(Math.min(25, total))
    expect(a.body.meta.total_pages).toBe(Math.max(1, Math.ceil(total / 25)))
    const p = await crm<List>("GET", `${BASE}?page=2&per=5`)
    expect(p.body.data.length).toBe(5)
    expect(p.body.meta.total_pages).toBe(Math.ceil(total / 5))
    for (const c of a.body.data) expect(c).toEqual({ id: expect.stringMatching(/^\d+$/), type: "city", attributes: { name: expect.any(String), slug: expect.any(String) } })
  })

  it("searches with ?q in name and slug, case-insensitively", async () => {
    const made = await create()
    const tag = (made.attributes.slug as string).slice("gorod-".length)
    for (const q of [tag, `ГОРОД ${tag}`.toUpperCase(), `gorod-${tag}`]) {
      const a = await crm<List>("GET", `${BASE}?q=${encodeURIComponent(q)}`)
      expect(a.body.data.map((c) => c.id), q).toEqual([made.id])
    }
    const moskva = await crm<List>("GET", `${BASE}/?q=${encodeURIComponent("москв")}`)
    expect(moskva.body.data.map((c) => c.attributes.slug)).toContain("moskva")
  })

  it("creates (201), reads, updates with PUT and PATCH, deletes (204 then 404)", async () => {
    const sent = city({ name: "  Тверь  " })
    const a = await crm<One>("POST", BASE, { json: { city: sent } })
    expect(a.status).toBe(201)
    expect(a.body.data).toEqual({ id: expect.stringMatching(/^\d+$/), type: "city", attributes: { name: "Тверь", slug: sent.slug } })
    const id = a.body.data.id
    expect(await read(id)).toEqual(a.body.data)
    const pub = await anonymous<One>("GET", `/api/v2/cities/${sent.slug}`)
    expect(pub.body.data).toEqual(a.body.data)

    const next = city()
    const put = await crm<One>("PUT", `${BASE}/${id}`, { json: { city: next } })
    expect(put.status).toBe(200)
    expect(put.body.data.attributes).toEqual(next)
    const patch = await crm<One>("PATCH", `${BASE}/${id}/`, { json: { city: { name: "Тверь-2" } } })
    expect(patch.status).toBe(200)
    expect(patch.body.data.attributes).toEqual({ name: "Тверь-2", slug: next.slug })
    // Saving a city under its own slug is not a duplicate.
    const same = await crm<One>("PUT", `${BASE}/${id}/`, { json: { city: { name: "Тверь-3", slug: next.slug } } })
    expect(same.status).toBe(200)
    expect(await read(id)).toEqual(same.body.data)

    expect((await crm("DELETE", `${BASE}/${id}/`)).status).toBe(204)
    expect((await crm("GET", `${BASE}/${id}`)).status).toBe(404)
    expect((await crm("DELETE", `${BASE}/${id}`)).status).toBe(404)
    expect((await anonymous("GET", `/api/v2/cities/${next.slug}/`)).status).toBe(404)
  })

  it("duplicate slug → 422 'Город с таким адресом уже существует', nothing saved", async () => {
    const first = await create()
    const other = await create()
    const before = await count()
    const a = await crm("POST", BASE, { json: { city: city({ slug: first.attributes.slug }) } })
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({ slug: [crmMessages.duplicateSlug] })
    const b = await crm("PATCH", `${BASE}/${other.id}`, { json: { city: { slug: first.attributes.slug } } })
    expect(b.status).toBe(422)
    expect(errorsOf(b)).toEqual({ slug: [crmMessages.duplicateSlug] })
    const c = await crm("POST", BASE, { json: { city: city({ slug: "moskva" }) } })
    expect(errorsOf(c)).toEqual({ slug: [crmMessages.duplicateSlug] })
    expect(await count()).toBe(before)
    expect(await read(other.id)).toEqual(other)
  })

  it("concurrent creates of one slug: one 201, the others 422 (never a 500)", async () => {
    const sent = city()
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => crm("POST", BASE, { json: { city: sent } })))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422, 422])
    for (const a of answers.filter((x) => x.status === 422)) expect(errorsOf(a)).toEqual({ slug: [crmMessages.duplicateSlug] })
    const list = await crm<List>("GET", `${BASE}?q=${sent.slug}`)
    expect(list.body.data).toHaveLength(1)
  })

  it.each(["faq", "crm", "api", "price", "account"])("reserved slug %s → 422, nothing saved", async (slug) => {
    expect(RESERVED_SLUGS).toContain(slug)
    const made = await create()
    const before = await count()
    const a = await crm("POST", BASE, { json: { city: city({ slug }) } })
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({ slug: [crmMessages.reservedSlug] })
    const b = await crm("PATCH", `${BASE}/${made.id}`, { json: { city: { slug } } })
    expect(b.status).toBe(422)
    expect(await count()).toBe(before)
    expect(await read(made.id)).toEqual(made)
  })

  it("missing name, bad slug, malformed JSON → refused, nothing saved", async () => {
    const before = await count()
    const { name: _n, ...noName } = city()
    const a = await crm("POST", BASE, { json: { city: noName } })
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({ name: [messages.validation.required] })
    for (const slug of ["Moskva", "мск", "a b", "-a", "a--b", "a/b"]) {
      const b = await crm("POST", BASE, { json: { city: city({ slug }) } })
      expect(b.status, slug).toBe(422)
      expect(errorsOf(b)).toEqual({ slug: [crmMessages.slugFormat] })
    }
    const c = await crm("POST", BASE, { json: { city: {} } })
    expect(errorsOf(c)).toEqual({ name: [messages.validation.required], slug: [messages.validation.required] })
    const d = await crm("POST", BASE, { raw: "{\"city\":" })
    expect(d.status).toBe(400)
    expect(d.body).toEqual({ message: messages.http.badJson })
    expect(await count()).toBe(before)
  })

  it("page=abc → 422", async () => {
    const a = await crm("GET", `${BASE}/?page=abc`)
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({ page: [messages.validation.numeric] })
  })
})
