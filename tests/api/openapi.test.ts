import { describe, expect, it } from "vitest"
import { mountedApiRoutes } from "../support/api-routes.ts"
import { call } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/**
 * GET /api/openapi.json describes every mounted API route (a route added without its
 * description fails here), as a well-formed OpenAPI 3.1 document; /api/docs shows it with Swagger UI.
 */
const api = serverWithAdmin()

type Doc = {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, { summary?: string; responses?: Record<string, unknown>; requestBody?: unknown }>>
  components: { schemas: Record<string, unknown> }
}

/** Every `$ref` anywhere in `value`. */
const refsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(refsOf) : typeof value === "object" && value !== null ? Object.entries(value).flatMap(([k, v]) => (k === "$ref" && typeof v === "string" ? [v] : refsOf(v))) : []

describe("GET /api/openapi.json", () => {
  it("describes every mounted /api/ route, method and path", async () => {
    const a = await call<Doc>(api.url, "GET", "/api/openapi.json")
    expect(a.status).toBe(200)
    const described = new Set(Object.entries(a.body.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path.replace(/\{[^}]+\}/g, "{}")}`)))
    const mounted = new Set(
      (await mountedApiRoutes(api.dataDir))
        .filter((r) => !r.path.includes("*"))
        .map((r) => `${r.method} ${r.path.replace(/\/$/, "").replace(/:[A-Za-z_]+\??/g, "{}")}`),
    )
    const missing = [...mounted].filter((k) => !described.has(k))
    const extra = [...described].filter((k) => !mounted.has(k))
    console.log(`OpenAPI: ${mounted.size} mounted API routes, ${described.size} described operations, ${missing.length} missing, ${extra.length} not mounted`)
    expect(missing).toEqual([])
    expect(extra).toEqual([])
  })

  it("is a well-formed OpenAPI 3.1 document: info, operations with summaries and answers, every $ref resolving", async () => {
    const a = await call<Doc>(api.url, "GET", "/api/openapi.json")
    const doc = a.body
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/)
    expect(doc.info.title).toMatch(/[А-Яа-яЁё]/)
    expect(doc.info.version).toBeTruthy()
    const METHODS = new Set(["get", "post", "put", "patch", "delete"])
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/api\//)
      for (const [method, op] of Object.entries(item)) {
        expect(METHODS.has(method), `${method} ${path}`).toBe(true)
        expect(op.summary, `${method} ${path}`).toMatch(/[А-Яа-яЁё]/)
        expect(Object.keys(op.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0)
        for (const param of path.match(/\{[^}]+\}/g) ?? []) {
          const declared = ((op as { parameters?: { name: string; in: string }[] }).parameters ?? []).some((p) => p.in === "path" && `{${p.name}}` === param)
          expect(declared, `${method} ${path} ${param}`).toBe(true)
        }
      }
    }
    const refs = refsOf(doc)
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\/components\/schemas\//)
      expect(doc.components.schemas[ref.slice("#/components/schemas/".length)], ref).toBeDefined()
    }
    const bodies = Object.values(doc.paths).flatMap((item) => Object.values(item)).filter((op) => op.requestBody).length
    console.log(`OpenAPI: ${Object.keys(doc.paths).length} paths, ${bodies} request bodies, ${refs.length} references, ${Object.keys(doc.components.schemas).length} component schemas`)
  })

  it("describes a body with the schema the route decodes with: registration's fields, a CRM resource's declaration", async () => {
    const doc = (await call<Doc>(api.url, "GET", "/api/openapi.json")).body
    const json = (op: { requestBody?: unknown } | undefined) => JSON.stringify((op?.requestBody as { content: Record<string, { schema: unknown }> }).content["application/json"]!.schema)
    // The sign-up preset (user_sign_up_frm) in its `user` wrapper, with return_to and order beside it.
    const registration = json(doc.paths["/api/v1/users"]!.post)
    for (const key of ['"user"', '"user_sign_up_frm"', '"email"', '"captcha"', '"agreement"', '"return_to"', '"order"']) expect(registration).toContain(key)
    // The menu items' declaration (schemas/resources/menu-items.ts) in its `menu_item` wrapper.
    const menuItem = json(doc.paths["/api/v2/crm/menu_items"]!.post)
    expect(menuItem).toContain('"menu_item"')
    expect(menuItem).toContain('"display_at_top"')
    // A preset's fields (feedback form) with the API's 422 and 429 answers.
    const feedback = doc.paths["/api/v1/feedbacks"]!.post!
    expect(Object.keys(feedback.responses!)).toEqual(expect.arrayContaining(["201", "400", "422", "429"]))
    expect(Object.keys(doc.paths["/api/v2/crm/menu_items/{id}"]!.put!.responses!)).toEqual(expect.arrayContaining(["200", "401", "403", "404", "422"]))
  })
})

describe("GET /api/docs", () => {
  it("answers a Russian HTML page naming its external scripts, and serves the viewer's files", async () => {
    const page = await call(api.url, "GET", "/api/docs")
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toMatch(/^text\/html/)
    expect(page.text).toContain("<title>Документация API</title>")
    expect(page.text).toContain('src="/api/docs/assets/swagger-ui-bundle.js"')
    expect(page.text).toContain('src="/api/docs/assets/docs-init.js"')
    // No inline script: every <script> has a src.
    expect(page.text.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toBeNull()
    for (const [file, type] of [
      ["swagger-ui.css", "text/css"],
      ["swagger-ui-bundle.js", "text/javascript"],
      ["docs-init.js", "text/javascript"],
    ] as const) {
      const res = await fetch(`${api.url}/api/docs/assets/${file}`)
      expect([file, res.status, res.headers.get("content-type")?.split(";")[0]]).toEqual([file, 200, type])
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(50)
    }
    expect((await call(api.url, "GET", "/api/docs/assets/package.json")).status).toBe(404)
    expect((await call(api.url, "GET", "/api/docs/assets/..%2Fpackage.json")).status).toBe(404)
  })
})
