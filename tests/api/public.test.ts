import { describe, expect, it } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { DEMO_REQUISITES } from "../../server/db/seed/requisites.ts"
import { call, uniq, type List, type One, type Resource } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

const api = serverWithAdmin()
const get = <T = List>(path: string) => call<T>(api.url, "GET", path)

const refs = (r: Resource, rel: "children" | "ancestors") => r.relationships![rel]!.data.map((d) => d.id)

describe("GET /api/v2/menu_items/", () => {
  it("answers roots in data and nested items in included, with total_pages", async () => {
    const a = await get("/api/v2/menu_items/")
    expect(a.status).toBe(200)
    expect(a.headers.get("content-type")).toContain("application/json")
    expect(a.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate")
    const { data, included, meta } = a.body
    expect(meta.total_pages).toBe(1)
    expect(data.length).toBeGreaterThan(0)
    expect(included!.length).toBeGreaterThan(0)
    for (const r of [...data, ...included!]) {
      expect(r.type).toBe("menu_item")
      expect(typeof r.id).toBe("string")
      expect(Object.keys(r.attributes).sort()).toEqual(["display_at_bottom", "display_at_top", "name", "position", "url"])
      expect(typeof r.attributes.name).toBe("string")
      expect(typeof r.attributes.url).toBe("string")
      expect(Number.isInteger(r.attributes.position)).toBe(true)
      expect(typeof r.attributes.display_at_top).toBe("boolean")
      expect(typeof r.attributes.display_at_bottom).toBe("boolean")
      expect(Array.isArray(r.relationships!.children!.data)).toBe(true)
      expect(Array.isArray(r.relationships!.ancestors!.data)).toBe(true)
    }
    for (const r of data) expect(refs(r, "ancestors")).toEqual([])
    for (const r of included!) expect(refs(r, "ancestors").length).toBeGreaterThan(0)
  })

  it("links children and ancestors consistently; the parent is the first ancestor", async () => {
    const { data, included } = (await get("/api/v2/menu_items")).body
    const all = new Map([...data, ...included!].map((r) => [r.id, r]))
    for (const r of all.values()) {
      const parent = refs(r, "ancestors")[0]
      if (parent) expect(refs(all.get(parent)!, "children")).toContain(r.id)
      for (const child of refs(r, "children")) expect(refs(all.get(child)!, "ancestors")[0]).toBe(r.id)
    }
  })

  it("sorts data and included by position", async () => {
    const { data, included } = (await get("/api/v2/menu_items/")).body
    for (const list of [data, included!]) {
      const positions = list.map((r) => r.attributes.position as number)
      expect(positions).toEqual([...positions].sort((x, y) => x - y))
    }
  })

  it("shows a nested item created in the CRM with all its ancestors, nearest first", async () => {
    const tag = uniq()
    const make = async (name: string, parent_id: number | null, position: number) =>
      (
        await call<One>(api.url, "POST", "/api/v2/crm/menu_items/", {
          token: api.adminToken,
          json: { menu_item: { name, url: "/faq", position, parent_id, display_at_top: true, display_at_bottom: false } },
        })
      ).body.data.id
    const a = await make(`A ${tag}`, null, 100_000)
    const b = await make(`B ${tag}`, Number(a), 2)
    const c2 = await make(`C2 ${tag}`, Number(b), 20)
    const c1 = await make(`C1 ${tag}`, Number(b), 10)
    const { data, included } = (await get("/api/v2/menu_items/")).body
    const all = new Map([...data, ...included!].map((r) => [r.id, r]))
    expect(data.map((r) => r.id)).toContain(a)
    expect(included!.map((r) => r.id)).toEqual(expect.arrayContaining([b, c1, c2]))
    expect(refs(all.get(c1)!, "ancestors")).toEqual([b, a])
    expect(refs(all.get(b)!, "ancestors")).toEqual([a])
    expect(refs(all.get(b)!, "children")).toEqual([c1, c2])
    expect(refs(all.get(a)!, "children")).toEqual([b])
    expect(all.get(a)!.attributes).toEqual({ name: `A ${tag}`, url: "/faq", position: 100_000, display_at_top: true, display_at_bottom: false })
  })
})

describe("GET /api/v2/cities/", () => {
  it("lists cities with name and slug", async () => {
    const a = await get("/api/v2/cities/")
    expect(a.status).toBe(200)
    expect(a.body.meta.total_pages).toBe(1)
    const moskva = a.body.data.find((c) => c.attributes.slug === "moskva")
    expect(moskva).toMatchObject({ type: "city", attributes: { name: "Москва", slug: "moskva" } })
    for (const c of a.body.data) {
      expect(typeof c.id).toBe("string")
      expect(Object.keys(c.attributes).sort()).toEqual(["name", "slug"])
    }
  })

  it("reads one city by id and by slug, with and without the trailing slash", async () => {
    const moskva = (await get("/api/v2/cities/")).body.data.find((c) => c.attributes.slug === "moskva")!
    for (const path of [`/api/v2/cities/${moskva.id}/`, `/api/v2/cities/${moskva.id}`, "/api/v2/cities/moskva/", "/api/v2/cities/moskva"]) {
      const a = await get<One>(path)
      expect(a.status, path).toBe(200)
      expect(a.body.data).toEqual({ id: moskva.id, type: "city", attributes: { name: "Москва", slug: "moskva" } })
    }
  })

  it("answers 404 JSON for an unknown id or slug", async () => {
    for (const path of ["/api/v2/cities/999999999/", "/api/v2/cities/no-such-city/", "/api/v2/cities/99999999999/", "/api/v2/cities/9999999999/", "/api/v2/cities/0/"]) {
      const a = await get(path)
      expect(a.status, path).toBe(404)
      expect(a.headers.get("content-type")).toContain("application/json")
      expect(a.body).toEqual({ message: messages.http.recordNotFound })
    }
  })
})

describe("footer links and site config", () => {
  const other = serverWithAdmin({ env: { SITE_PHONE: "8 800 000-00-00", SUPPORT_EMAIL: "help@example.test" }, admin: false })

  it("GET /api/v2/footer_links/ answers documents and partner links sorted by position", async () => {
    const a = await get("/api/v2/footer_links/")
    expect(a.status).toBe(200)
    expect(a.body.data.length).toBeGreaterThan(0)
    const groups = new Set(a.body.data.map((l) => l.attributes.group))
    expect([...groups].sort()).toEqual(["document", "partner"])
    for (const l of a.body.data) {
      expect(l.type).toBe("footer_link")
      expect(typeof l.attributes.name).toBe("string")
      expect(l.attributes.url).toMatch(/^(\/|https?:\/\/)/)
    }
    const positions = a.body.data.map((l) => l.attributes.position as number)
    expect(positions).toEqual([...positions].sort((x, y) => x - y))
  })

  it("GET /api/v2/site_config/ answers the phone and support e-mail", async () => {
    const a = await get<{ data: { phone: string; support_email: string } }>("/api/v2/site_config/")
    expect(a.status).toBe(200)
    expect(typeof a.body.data.phone).toBe("string")
    expect(a.body.data.support_email).toContain("@")
  })

  it("GET /api/v2/site_config/ follows SITE_PHONE, SUPPORT_EMAIL; the policy's operator is the requisites record (tests/api/requisites.test.ts)", async () => {
    const r = DEMO_REQUISITES
    const operator = { name: r.name, inn: r.inn, ogrn: r.ogrn, address: r.legal_address }
    const a = await call<{ data: unknown }>(other.url, "GET", "/api/v2/site_config")
    expect(a.body.data).toEqual({ phone: "8 800 000-00-00", support_email: "help@example.test", operator, mydss: true })
  })
})

describe("unknown API paths", () => {
  it.each(["GET", "POST", "DELETE"])("%s on an unknown /api path answers 404 JSON", async (method) => {
    for (const path of ["/api/v2/nothing_here/", "/api/v9/menu_items", "/api/"]) {
      const a = await call(api.url, method, path)
      expect(a.status, `${method} ${path}`).toBe(404)
      expect(a.headers.get("content-type")).toContain("application/json")
      expect(a.body).toEqual({ message: messages.http.notFound })
    }
  })
})
