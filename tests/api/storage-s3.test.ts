import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadConfig } from "../../server/config.ts"
import { storageOf, type Storage } from "../../server/services/storage/index.ts"
import { startS3, type TestS3 } from "../support/s3rver.ts"
import { DEMO_USER, signInUser } from "../support/users.ts"
import { expectNoLeak } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"
import { fixtures, upload } from "./multipart.ts"

let s3: TestS3
const scratch = mkdtempSync(join(tmpdir(), "uc-storage-"))

beforeAll(async () => {
  s3 = await startS3()
})
afterAll(async () => {
  await s3?.close()
  rmSync(scratch, { recursive: true, force: true })
})

const text = (body: ReadableStream<Uint8Array>) => new Response(body).text()

// The same contract on both storages: what the routes rely on.
describe.each([
  ["local", () => storageOf(loadConfig({ DATA_DIR: join(scratch, "local"), JWT_SECRET: "x".repeat(40) }))],
  ["s3", () => storageOf(loadConfig({ DATA_DIR: join(scratch, "s3"), JWT_SECRET: "x".repeat(40), ...s3.env }))],
] as const)("the %s storage", (kind, make) => {
  let storage: Storage
  beforeAll(() => {
    storage = make()
    expect(storage.kind).toBe(kind)
  })

  it("keeps bytes, answers them with their size and tag, and deletes them", async () => {
    const key = `private/${"a".repeat(31)}${kind === "s3" ? "1" : "2"}`
    expect(await storage.get(key)).toBeNull()
    expect(await storage.head(key)).toBeNull()
    await storage.put(key, Buffer.from("первая версия"), { contentType: "text/plain; charset=utf-8" })
    const first = await storage.get(key)
    expect(first && (await text(first.body))).toBe("первая версия")
    expect(first?.size).toBe(Buffer.byteLength("первая версия"))
    const head = await storage.head(key)
    expect(head).toEqual({ size: first?.size, etag: first?.etag })
    expect(head?.etag).toMatch(/^"[^"]+"$/)
    await storage.put(key, Buffer.from("вторая, другой длины"), { contentType: "text/plain; charset=utf-8" })
    expect((await storage.head(key))?.etag).not.toBe(head?.etag)
    await storage.delete(key)
    expect(await storage.get(key)).toBeNull()
    await storage.delete(key)
  })

  it("moves a received file from the local disk into place", async () => {
    const path = join(scratch, `${kind}.part`)
    writeFileSync(path, fixtures.png)
    const key = `images/news-${kind === "s3" ? "0123456789abcdef" : "fedcba9876543210"}.png`
    await storage.put(key, { path, size: fixtures.png.length }, { contentType: "image/png" })
    expect(existsSync(path)).toBe(false)
    const kept = await storage.get(key)
    expect(kept && Buffer.from(await new Response(kept.body).arrayBuffer())).toEqual(fixtures.png)
    await storage.delete(key)
  })

  it("refuses keys outside its three folders", async () => {
    for (const key of ["../etc/passwd", "private/../x", "tmp/x", "private/a/b", "/private/x", "images/.hidden"]) {
      await expect(storage.put(key, Buffer.from("x"), { contentType: "text/plain" })).rejects.toThrow(/bad storage key/)
    }
  })
})

describe("the app with S3_BUCKET", () => {
  const api = serverWithAdmin({ env: () => s3.env })
  let user = ""
  const onDisk = (dir: string) => {
    const path = join(api.dataDir, "uploads", dir)
    return existsSync(path) ? readdirSync(path) : []
  }
  beforeAll(async () => {
    user = (await signInUser(api.url, DEMO_USER.email)).jwt
  })

  it("seeds the content's files into the bucket", async () => {
    const files = await s3.keys("files/")
    console.log(`storage-s3: ${files.length} seeded files in the bucket, ${onDisk("files").length} on the local disk`)
    expect(files.length).toBeGreaterThan(0)
    expect(onDisk("files")).toEqual([])
  })

  it("keeps a private upload in the bucket, gives it to its owner alone, and answers 404 once it is deleted", async () => {
    const a = await upload<{ url: string }>(`${api.url}/api/v1/uploads/`, user, [{ name: "file", filename: "скан.pdf", contentType: "application/pdf", data: fixtures.pdf }])
    expect(a.status).toBe(201)
    const id = a.body.url.split("/")[4]!
    expect(await s3.keys("private/")).toContain(`private/${id}`)
    expect(onDisk("private")).toEqual([])
    expect(onDisk("tmp")).toEqual([])

    const mine = await fetch(api.url + a.body.url, { headers: { authorization: `Bearer ${user}` } })
    expect(mine.status).toBe(200)
    expect(mine.headers.get("content-length")).toBe(String(fixtures.pdf.length))
    expect(mine.headers.get("cache-control")).toBe("private, no-store")
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(fixtures.pdf)
    const anonymous = await fetch(api.url + a.body.url)
    expect(anonymous.status).toBe(401)
    await anonymous.body?.cancel()

    await storageOf(loadConfig({ DATA_DIR: api.dataDir, JWT_SECRET: "x".repeat(40), ...s3.env })).delete(`private/${id}`)
    expect(await s3.keys("private/")).not.toContain(`private/${id}`)
    const gone = await fetch(api.url + a.body.url, { headers: { authorization: `Bearer ${user}` } })
    expect(gone.status).toBe(404)
    expectNoLeak(await gone.text())
  })

  it("keeps a CRM image in the bucket and serves it publicly with its tag, 304 on revalidation, 404 once deleted", async () => {
    const a = await upload<{ url: string }>(`${api.url}/api/v2/crm/images`, api.adminToken, [
      { name: "slug", data: "s3-news" },
      { name: "image", filename: "a.png", data: fixtures.png },
    ])
    expect(a.status).toBe(200)
    const key = a.body.url.replace(/^\/uploads\//, "")
    expect(await s3.keys("images/")).toContain(key)
    expect(onDisk("images")).toEqual([])

    const got = await fetch(api.url + a.body.url)
    expect(got.status).toBe(200)
    expect(got.headers.get("content-type")).toBe("image/png")
    expect(got.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    const etag = got.headers.get("etag")
    expect(etag).toMatch(/^"[^"]+"$/)
    expect(Buffer.from(await got.arrayBuffer())).toEqual(fixtures.png)
    const head = await fetch(api.url + a.body.url, { method: "HEAD" })
    expect([head.status, head.headers.get("content-length"), head.headers.get("etag")]).toEqual([200, String(fixtures.png.length), etag])
    const again = await fetch(api.url + a.body.url, { headers: { "if-none-match": etag! } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe("")
    const other = await fetch(api.url + a.body.url, { headers: { "if-none-match": '"something-else"' } })
    expect(other.status).toBe(200)
    expect(Buffer.from(await other.arrayBuffer())).toEqual(fixtures.png)

    await storageOf(loadConfig({ DATA_DIR: api.dataDir, JWT_SECRET: "x".repeat(40), ...s3.env })).delete(key)
    const gone = await fetch(api.url + a.body.url)
    expect(gone.status).toBe(404)
    expectNoLeak(await gone.text())
  })

  it("serves a CRM public file from the bucket", async () => {
    const a = await upload<{ url: string; size: number }>(`${api.url}/api/v2/crm/files`, api.adminToken, [
      { name: "accept", data: "epDocs" },
      { name: "file", filename: "Регламент.pdf", data: fixtures.pdf },
    ])
    expect(a.status).toBe(201)
    expect(await s3.keys("files/")).toContain(a.body.url.replace(/^\/uploads\//, ""))
    const got = await fetch(api.url + a.body.url)
    expect(got.status).toBe(200)
    expect(got.headers.get("content-disposition")).toMatch(/^attachment; /)
    expect(Buffer.from(await got.arrayBuffer())).toEqual(fixtures.pdf)
    expect(onDisk("files")).toEqual([])
  })
})
