import { request } from "node:http"
import { readdirSync } from "node:fs"
import { join, resolve } from "node:path"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { describe, expect, it } from "vitest"
import { uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/**
 * Headers and transport (docs/production.md, "Caching and compression"): ETag and 304,
 * Cache-Control, gzip and Brotli, the secure headers on pages, API answers and static files. Raw
 * node:http requests: fetch would ask for and decode compressed bodies by itself.
 */

interface Raw {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: Buffer
}

function raw(base: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((done, fail) => {
    const req = request(base + path, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (c: Buffer) => chunks.push(c))
      res.on("end", () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on("error", fail)
    })
    req.on("error", fail)
    req.end()
  })
}

const SECURE = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "x-dns-prefetch-control": "off",
  "x-permitted-cross-domain-policies": "none",
}
const expectSecure = (r: Raw, what: string) => {
  for (const [name, value] of Object.entries(SECURE)) expect(r.headers[name], `${what}: ${name}`).toBe(value)
  expect(r.headers["permissions-policy"], what).toMatch(/camera=\(\)/)
}

const api = serverWithAdmin()

const MENU = "/api/v2/menu_items/"

describe("public reads: ETag, 304 and Cache-Control", () => {
  it("answers the menu with an ETag and public revalidation, and 304 to If-None-Match", async () => {
    const a = await raw(api.url, MENU)
    expect(a.status).toBe(200)
    expect(a.headers["cache-control"]).toBe("public, max-age=0, must-revalidate")
    expect(a.headers.vary).toBe("Accept-Encoding")
    const etag = a.headers.etag as string
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/)
    expect(Number(a.headers["content-length"])).toBe(a.body.length)
    expect(JSON.parse(a.body.toString()).data.length).toBeGreaterThan(0)
    expectSecure(a, "cached API answer")

    const again = await raw(api.url, MENU, { "if-none-match": etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(etag)
    expect(again.headers["cache-control"]).toBe("public, max-age=0, must-revalidate")
    // Another tag, or a list holding this one, or the tag without W/.
    expect((await raw(api.url, MENU, { "if-none-match": '"other"' })).status).toBe(200)
    expect((await raw(api.url, MENU, { "if-none-match": `"x", ${etag}` })).status).toBe(304)
    expect((await raw(api.url, MENU, { "if-none-match": etag.slice(2) })).status).toBe(304)
    console.log(`http-cache: GET ${MENU} ${a.body.length} bytes, ETag ${etag}, 304 on revalidation`)
  })

  it("answers HEAD from the kept read: the GET's headers and length, no body, 304 to its ETag", async () => {
    const get = await raw(api.url, MENU)
    const head = await raw(api.url, MENU, {}, "HEAD")
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    for (const name of ["etag", "cache-control", "content-type", "content-length", "vary"]) expect(head.headers[name], name).toBe(get.headers[name])
    expect((await raw(api.url, MENU, { "if-none-match": get.headers.etag as string }, "HEAD")).status).toBe(304)
  })

  it("gives a new ETag after a CRM write changes the answer, at once", async () => {
    const before = await raw(api.url, MENU)
    const name = `Кэш ${uniq()}`
    const res = await fetch(`${api.url}/api/v2/crm/menu_items/`, {
      method: "POST",
      headers: { authorization: `Bearer ${api.adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ menu_item: { name, url: "/price", position: 99, display_at_top: true, display_at_bottom: false, parent_id: null } }),
    })
    expect(res.status).toBe(201)
    const after = await raw(api.url, MENU, { "if-none-match": before.headers.etag as string })
    expect(after.status).toBe(200)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(after.body.toString()).toContain(name)
  })

  it("keeps answers with a token and other API answers out of shared caches", async () => {
    const crm = await raw(api.url, "/api/v2/crm/menu_items/", { authorization: `Bearer ${api.adminToken}` })
    expect(crm.status).toBe(200)
    expect(crm.headers["cache-control"]).toBe("no-store")
    expect(crm.headers.etag).toBeUndefined()
    expectSecure(crm, "CRM answer")
    const missing = await raw(api.url, "/api/v2/nothing_here/")
    expect(missing.status).toBe(404)
    expect(missing.headers["cache-control"]).toBe("no-store")
    // A cached path's error is not kept: the 422 stays a 422 and no-store.
    const bad = await raw(api.url, "/api/v2/pages/")
    expect(bad.status).toBe(422)
    expect(bad.headers["cache-control"]).toBe("no-store")
  })

  it("answers the same public read to a signed-in visitor (the routes read no token)", async () => {
    const anonymous = await raw(api.url, MENU)
    const signedIn = await raw(api.url, MENU, { authorization: `Bearer ${api.adminToken}` })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.equals(anonymous.body)).toBe(true)
  })
})

describe("gzip and Brotli", () => {
  it("sends the cached answer compressed only to clients that ask, decoding to the same bytes", async () => {
    const plain = await raw(api.url, MENU)
    expect(plain.headers["content-encoding"]).toBeUndefined()
    const br = await raw(api.url, MENU, { "accept-encoding": "gzip, deflate, br" })
    expect(br.headers["content-encoding"]).toBe("br")
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    const gz = await raw(api.url, MENU, { "accept-encoding": "gzip" })
    expect(gz.headers["content-encoding"]).toBe("gzip")
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true)
    expect(Number(gz.headers["content-length"])).toBe(gz.body.length)
    // q=0 refuses; an encoding we do not make gets the bytes as they are.
    expect((await raw(api.url, MENU, { "accept-encoding": "br;q=0, gzip" })).headers["content-encoding"]).toBe("gzip")
    expect((await raw(api.url, MENU, { "accept-encoding": "identity" })).headers["content-encoding"]).toBeUndefined()
    // The kept bodies: the same bytes the second time.
    expect((await raw(api.url, MENU, { "accept-encoding": "br" })).body.equals(br.body)).toBe(true)
    console.log(`http-cache: menu ${plain.body.length} bytes, br ${br.body.length}, gzip ${gz.body.length}`)
  })

  it("compresses other large answers for clients that ask, and never small ones", async () => {
    const path = "/api/v2/crm/menu_items/?per=100&page=1"
    const plain = await raw(api.url, path, { authorization: `Bearer ${api.adminToken}` })
    expect(plain.headers["content-encoding"]).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(1024)
    const br = await raw(api.url, path, { authorization: `Bearer ${api.adminToken}`, "accept-encoding": "br" })
    expect(br.headers["content-encoding"]).toBe("br")
    expect(br.headers.vary).toMatch(/Accept-Encoding/)
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()))
    const small = await raw(api.url, "/api/v2/nothing_here/", { "accept-encoding": "br, gzip" })
    expect(small.headers["content-encoding"]).toBeUndefined()
  })
})

describe("static files and pages", () => {
  const dist = resolve(process.env.DIST_DIR ?? "dist")
  const assets = (() => {
    try {
      return readdirSync(join(dist, "assets"))
    } catch {
      return []
    }
  })()
  const script = assets.find((f) => f.endsWith(".js"))

  it.runIf(script)("serves hashed assets immutable, with an ETag, 304, and kept Brotli and gzip bodies", async () => {
    const path = `/assets/${script}`
    const plain = await raw(api.url, path)
    expect(plain.status).toBe(200)
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
    expect(plain.headers["content-encoding"]).toBeUndefined()
    expectSecure(plain, "static file")
    const etag = plain.headers.etag as string
    expect(etag).toMatch(/^W\/"/)
    expect((await raw(api.url, path, { "if-none-match": etag })).status).toBe(304)
    if (plain.body.length >= 1024) {
      const br = await raw(api.url, path, { "accept-encoding": "br" })
      expect(br.headers["content-encoding"]).toBe("br")
      expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
      const gz = await raw(api.url, path, { "accept-encoding": "gzip" })
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true)
      console.log(`http-cache: ${path} ${plain.body.length} bytes, br ${br.body.length}, gzip ${gz.body.length}`)
    }
  })

  it.runIf(script)("revalidates the root files, and sends the secure headers with pages", async () => {
    const favicon = await raw(api.url, "/favicon.svg")
    expect(favicon.status).toBe(200)
    expect(favicon.headers["cache-control"]).toBe("public, max-age=0, must-revalidate")
    expect((await raw(api.url, "/favicon.svg", { "if-none-match": favicon.headers.etag as string })).status).toBe(304)
    const page = await raw(api.url, "/")
    expect(page.status).toBe(200)
    expect(page.headers["cache-control"]).toBe("private, no-cache")
    expectSecure(page, "page")
    const br = await raw(api.url, "/", { "accept-encoding": "br" })
    expect(br.headers["content-encoding"]).toBe("br")
    expect(brotliDecompressSync(br.body).toString()).toContain("</html>")
  })
})

describe("HSTS", () => {
  const prod = serverWithAdmin({ env: { NODE_ENV: "production", DSS_URL: "https://dss.example.ru/STS/oauth" }, admin: false })

  it("is sent in production only", async () => {
    expect((await raw(api.url, MENU)).headers["strict-transport-security"]).toBeUndefined()
    const a = await raw(prod.url, MENU)
    expect(a.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains")
    expect((await raw(prod.url, "/api/v2/nothing_here/")).headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains")
  })
})
