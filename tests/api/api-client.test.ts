import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { call, createApiClient } from "../../src/api/client.ts"
import type { ClientError } from "../../src/api/errors.ts"
import { multipart } from "../../src/api/multipart.ts"
import { createResource } from "../../src/api/resource.ts"
import { messages } from "../../schemas/messages/common.ts"
import { uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/** The browser's API client and resource client, run in Node against the real server (SPEC.md sections 7, 8). */
const api = serverWithAdmin()

const anonymous = () => createApiClient({ baseURL: api.url })
const admin = () => createApiClient({ baseURL: api.url, token: () => api.adminToken })

interface City {
  readonly id: string
  readonly attributes: { readonly name: string; readonly slug: string }
}

describe("resource client: reads", () => {
  it("lists a resource with its pages, and reads one record", async () => {
    const cities = createResource<City>({ path: "/api/v2/cities", client: anonymous() })
    const list = await cities.list()
    expect(list.error).toBeNull()
    expect(list.data.length).toBeGreaterThanOrEqual(12)
    expect(list.meta.total_pages).toBe(1)
    const first = list.data[0]!
    expect(await cities.read(first.attributes.slug)).toEqual(first)
  })

  it("passes the query and decodes each record", async () => {
    const crmCities = createResource({ path: "/api/v2/crm/cities", client: admin(), decode: (raw) => (raw as City).attributes.name })
    const page = await crmCities.list({ page: 2, per: 5 })
    expect(page.data).toHaveLength(5)
    expect(page.data.every((n) => typeof n === "string")).toBe(true)
    expect(page.meta.total_pages).toBe(Math.ceil(page.meta.total_count / 5))
  })

  it("keeps the public menu's included records", async () => {
    const menu = await createResource({ path: "/api/v2/menu_items", client: anonymous() }).list()
    expect(menu.error).toBeNull()
    expect(menu.data.length).toBeGreaterThan(0)
    expect(menu.included.length).toBeGreaterThan(0)
  })

  it("a failed list answers an empty result with 0 pages, and says why", async () => {
    const seen: ClientError[] = []
    // The CRM list without a token: 401.
    const list = await createResource({ path: "/api/v2/crm/cities", client: anonymous(), onReadFailure: (e) => seen.push(e) }).list()
    expect(list).toEqual({ data: [], included: [], meta: { total_pages: 0, total_count: 0 }, error: { message: expect.any(String), status: 401, details: undefined } })
    expect(seen.map((e) => e.status)).toEqual([401])
  })

  it("a list that cannot reach the server, or cannot decode, is empty too", async () => {
    const nowhere = createApiClient({ baseURL: "http://127.0.0.1:9" })
    const unreachable = await createResource({ path: "/api/v2/cities", client: nowhere }).list()
    expect(unreachable.meta.total_pages).toBe(0)
    expect(unreachable.error?.status).toBeUndefined()
    const undecodable = await createResource({ path: "/api/v2/cities", client: anonymous(), decode: () => { throw new Error("не то") } }).list()
    expect(undecodable.data).toEqual([])
    expect(undecodable.error?.message).toBe("не то")
  })

  it("a failed read answers null; the call's own handler hears the 404", async () => {
    const seen: (number | undefined)[] = []
    const cities = createResource<City>({ path: "/api/v2/cities", client: anonymous(), onReadFailure: () => seen.push(-1) })
    expect(await cities.read(`net-takogo-${uniq()}`, { onReadFailure: (e) => seen.push(e.status) })).toBeNull()
    expect(seen).toEqual([404])
  })

  it("reads a singleton without an id (site config)", async () => {
    const config = await createResource<{ phone: string }>({ path: "/api/v2/site_config", client: anonymous() }).read()
    expect(config?.phone).toEqual(expect.any(String))
  })
})

describe("resource client: writes pass their errors up", () => {
  const cities = () => createResource<City>({ path: "/api/v2/crm/cities", wrapper: "city", client: admin() })

  it("creates, updates (PUT and PATCH) and removes with the wrapper", async () => {
    const tag = uniq()
    const made = await cities().create({ name: `Город ${tag}`, slug: `gorod-${tag}` })
    expect(made.attributes.slug).toBe(`gorod-${tag}`)
    const put = await cities().update(made.id, { name: `Новый ${tag}`, slug: `gorod-${tag}` })
    expect(put.attributes.name).toBe(`Новый ${tag}`)
    const patched = await cities().update(made.id, { name: `Третий ${tag}` }, "PATCH")
    expect(patched.attributes).toEqual({ name: `Третий ${tag}`, slug: `gorod-${tag}` })
    await cities().remove(made.id)
    expect(await cities().read(made.id)).toBeNull()
  })

  it("a refused create rejects with the 422's field errors", async () => {
    await expect(cities().create({ name: "", slug: "" })).rejects.toEqual({
      message: messages.http.unknown,
      status: 422,
      details: { name: expect.any(Array), slug: expect.any(Array) },
    })
  })

  it("a failed update and remove reject with the status", async () => {
    await expect(cities().update("999999", { name: "Город", slug: `g-${uniq()}` })).rejects.toMatchObject({ status: 404 })
    await expect(cities().remove("999999")).rejects.toMatchObject({ status: 404 })
  })
})

/** A plain HTTP server that answers what it was sent: the real wire, not a stub of the client. */
function echoServer() {
  const seen: { headers: IncomingHttpHeaders; body: string }[] = []
  const http = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      seen.push({ headers: req.headers, body: Buffer.concat(chunks).toString("latin1") })
      res.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
  })
  return {
    seen,
    start: () => new Promise<string>((resolve) => http.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(http.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  }
}

describe("API client: authorization and multipart", () => {
  const echo = echoServer()
  let base = ""
  beforeAll(async () => {
    base = await echo.start()
  })
  afterAll(() => echo.close())

  it("sends the bearer token; basic authentication only for calls without a token; a call's own header wins", async () => {
    const withToken = createApiClient({ baseURL: base, basicAuth: "stage:пароль", token: () => "jwt-1" })
    const without = createApiClient({ baseURL: base, basicAuth: "stage:пароль", token: () => undefined })
    const plain = createApiClient({ baseURL: base })
    await withToken("/a")
    await without("/b")
    await plain("/c")
    await withToken("/d", { headers: { Authorization: "Bearer own" } })
    expect(echo.seen.map((s) => s.headers.authorization)).toEqual([
      "Bearer jwt-1",
      `Basic ${Buffer.from("stage:пароль").toString("base64")}`,
      undefined,
      "Bearer own",
    ])
  })

  it("sends multipart form data with its boundary, files with their names", async () => {
    echo.seen.length = 0
    const body = multipart({ slug: "pages", image: new File(["PNGDATA"], "картинка.png", { type: "image/png" }), skipped: undefined, tags: ["a", "b"] })
    await createApiClient({ baseURL: base })("/upload", { method: "POST", body })
    const [sent] = echo.seen
    expect(sent!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/)
    expect(sent!.body).toContain('name="slug"\r\n\r\npages')
    expect(sent!.body).toContain('name="image"; filename="')
    expect(sent!.body).toContain("PNGDATA")
    expect(sent!.body.match(/name="tags"/g)).toHaveLength(2)
    expect(sent!.body).not.toContain("skipped")
  })

  it("call() throws every failure as the section 8 ClientError, and keeps one thrown already", async () => {
    const nowhere = createApiClient({ baseURL: "http://127.0.0.1:9" })
    await expect(call(() => nowhere("/x"))).rejects.toMatchObject({ status: undefined, details: undefined })
    const own: ClientError = { message: "Своя ошибка", status: 403, details: { base: ["x"] } }
    await expect(call(() => Promise.reject(own))).rejects.toBe(own)
  })
})
