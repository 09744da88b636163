import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { DEMO_USER, signInUser } from "../support/users.ts"
import { serverWithAdmin } from "./harness.ts"
import { fixtures, postMultipart, streamedFile, upload } from "./multipart.ts"

type Errors = { errors: Record<string, string[]> }

const api = serverWithAdmin()
const endpoint = (slash = "") => `${api.url}/api/v2/crm/images${slash}`
const imagesOnDisk = () => {
  const dir = join(api.dataDir, "uploads", "images")
  return existsSync(dir) ? readdirSync(dir) : []
}
const tmpOnDisk = () => {
  const dir = join(api.dataDir, "uploads", "tmp")
  return existsSync(dir) ? readdirSync(dir) : []
}

describe("POST /api/v2/crm/images", () => {
  it("is for administrators only", async () => {
    const parts = [{ name: "slug", data: "news" }, { name: "image", filename: "a.png", data: fixtures.png }]
    const anonymous = await upload(endpoint(), undefined, parts)
    expect([anonymous.status, anonymous.body]).toEqual([401, { error: "Требуется авторизация" }])
    const user = (await signInUser(api.url, DEMO_USER.email)).jwt
    expect((await upload(endpoint(), user, parts)).status).toBe(401)
    expect(imagesOnDisk()).toEqual([])
  })

  it("stores a PNG under the slug and serves it publicly, cached for a year", async () => {
    const a = await upload<{ url: string }>(endpoint(), api.adminToken, [
      { name: "slug", data: "Запуск нового тарифа / Tariff-2026" },
      { name: "image", filename: "clipboard.png", data: fixtures.png },
    ])
    expect(a.status).toBe(200)
    expect(a.body).toEqual({ url: expect.stringMatching(/^\/uploads\/images\/tariff-2026-[0-9a-f]{16}\.png$/) })
    const res = await fetch(api.url + a.body.url)
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(fixtures.png)).toBe(true)
    expect(res.headers.get("content-type")).toBe("image/png")
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    expect(res.headers.get("x-content-type-options")).toBe("nosniff")
  })

  it("accepts a JPEG by content whatever its name says, with or without the trailing slash", async () => {
    const a = await upload<{ url: string }>(endpoint("/"), api.adminToken, [
      { name: "slug", data: "about" },
      { name: "image", filename: "image.bin", data: fixtures.jpg },
    ])
    expect(a.status).toBe(200)
    expect(a.body.url).toMatch(/^\/uploads\/images\/about-[0-9a-f]{16}\.jpg$/)
    expect((await fetch(api.url + a.body.url)).headers.get("content-type")).toBe("image/jpeg")
  })

  it("names the file 'image-…' when the slug is missing or has no Latin letters or digits", async () => {
    const a = await upload<{ url: string }>(endpoint(), api.adminToken, [{ name: "image", filename: "a.png", data: fixtures.png }])
    expect(a.body.url).toMatch(/^\/uploads\/images\/image-[0-9a-f]{16}\.png$/)
    const b = await upload<{ url: string }>(endpoint(), api.adminToken, [
      { name: "slug", data: "../../новость" },
      { name: "image", filename: "a.png", data: fixtures.png },
    ])
    expect(b.body.url).toMatch(/^\/uploads\/images\/image-[0-9a-f]{16}\.png$/)
  })

  it("refuses anything but JPEG and PNG by content, and a missing image", async () => {
    const type = { errors: { image: ["Недопустимый формат файла"] } }
    for (const [filename, data] of [
      ["anim.gif", fixtures.gif],
      ["fake.png", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>")],
      ["doc.jpg", fixtures.pdf],
    ] as const) {
      const a = await upload<Errors>(endpoint(), api.adminToken, [{ name: "image", filename, data }])
      expect([filename, a.status, a.body]).toEqual([filename, 422, type])
    }
    const none = await upload<Errors>(endpoint(), api.adminToken, [{ name: "slug", data: "news" }])
    expect([none.status, none.body]).toEqual([422, { errors: { image: ["Обязательно для заполнения"] } }])
    expect(tmpOnDisk()).toEqual([])
  })

  it("stops an image over 30,000,000 bytes with 422 and keeps nothing of it", async () => {
    const before = imagesOnDisk().length
    const { body, contentType } = streamedFile("image", "huge.png", 30_000_001, fixtures.png)
    const a = await postMultipart<Errors>(endpoint(), api.adminToken, body, contentType)
    expect([a.status, a.body]).toEqual([422, { errors: { image: ["Размер файла не должен превышать 30 Мб"] } }])
    expect(imagesOnDisk()).toHaveLength(before)
    expect(tmpOnDisk()).toEqual([])
  })
})

describe("GET /uploads/images/{file}", () => {
  it("answers 404 for a name that is not an image of ours, without reading outside the folder", async () => {
    // DATA_DIR holds the SQLite database two levels above the images (on PostgreSQL runs the file is absent).
    for (const path of [
      "/uploads/images/nothing-0000000000000000.png",
      "/uploads/images/..%2F..%2Fuc.sqlite3",
      "/uploads/images/..%5C..%5Cuc.sqlite3",
      "/uploads/images/tariff.svg",
      "/uploads/private/anything",
    ]) {
      const res = await fetch(api.url + path)
      expect([path, res.status]).toEqual([path, 404])
      expect(await res.text()).not.toContain("SQLite format")
    }
    // Encoded dot segments are resolved by the URL itself (to /uc.sqlite3), which no route serves.
    const dots = await fetch(api.url + "/uploads/images/%2e%2e/%2e%2e/uc.sqlite3")
    expect(dots.ok).toBe(false)
    expect(await dots.text()).not.toContain("SQLite format")
  })
})
