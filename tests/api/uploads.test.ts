import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { clearCounters, counted, countedKeys } from "../support/limits.ts"
import { DEMO_DIRECTOR, DEMO_USER, signInUser } from "../support/users.ts"
import { expectNoLeak } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"
import { fixtures, multipart, postMultipart, streamedFile, upload } from "./multipart.ts"

interface Uploaded {
  name: string
  url: string
  size: number
  type: string
}
type Errors = { errors: Record<string, string[]> }

const TYPE = { errors: { file: ["Недопустимый формат файла"] } }
const SIZE = { errors: { file: ["Размер файла не должен превышать 30 Мб"] } }

const api = serverWithAdmin()
let user = ""
let other = ""
const endpoint = () => `${api.url}/api/v1/uploads/`
/** Files below UPLOAD_DIR (default DATA_DIR/uploads) in `dir`. */
const filesIn = (dir: string) => {
  const path = join(api.dataDir, "uploads", dir)
  return existsSync(path) ? readdirSync(path) : []
}

const download = async (url: string, token?: string) => {
  const res = await fetch(api.url + url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  const bytes = Buffer.from(await res.arrayBuffer())
  expectNoLeak(bytes.toString("latin1"))
  return { status: res.status, headers: res.headers, bytes }
}

beforeAll(async () => {
  user = (await signInUser(api.url, DEMO_USER.email)).jwt
  other = (await signInUser(api.url, DEMO_DIRECTOR.email)).jwt
})

describe("POST /api/v1/uploads/", () => {
  it("needs a signed-in user or an administrator", async () => {
    const a = await upload(endpoint(), undefined, [{ name: "file", filename: "a.png", data: fixtures.png }])
    expect(a.status).toBe(401)
    expect(a.body).toEqual({ error: "Требуется авторизация" })
    expect((await upload(endpoint(), "not-a-token", [{ name: "file", filename: "a.png", data: fixtures.png }])).status).toBe(401)
  })

  it("stores a file whose content matches its extension and answers name, url, size and type", async () => {
    const a = await upload<Uploaded>(endpoint(), user, [{ name: "file", filename: "скан.png", contentType: "image/png", data: fixtures.png }])
    expect(a.status).toBe(201)
    expect(a.body).toEqual({ name: "скан.png", url: expect.stringMatching(/^\/api\/v1\/uploads\/[0-9a-f]{32}\/$/), size: fixtures.png.length, type: "image/png" })
    const id = a.body.url.split("/")[4]!
    expect(filesIn("private")).toContain(id)
    expect(filesIn("tmp")).toEqual([])
  })

  it("accepts the document types of the list, each recognised by content", async () => {
    const cases: [string, Buffer, string][] = [
      ["Отчёт за 2025 год.pdf", fixtures.pdf, "application/pdf"],
      ["photo.JPG", fixtures.jpg, "image/jpeg"],
      ["photo.jpeg", fixtures.jpg, "image/jpeg"],
      ["anim.gif", fixtures.gif, "image/gif"],
      ["заметка.txt", fixtures.txt, "text/plain; charset=utf-8"],
    ]
    for (const [filename, data, type] of cases) {
      const a = await upload<Uploaded>(endpoint(), user, [{ name: "file", filename, data }])
      expect([filename, a.status, a.body.type]).toEqual([filename, 201, type])
    }
  })

  it("refuses a file whose content is not what its extension says, or a type outside the list", async () => {
    const cases: [string, Buffer | string][] = [
      ["picture.png", "это просто текст, а не картинка"],
      ["document.pdf", fixtures.png],
      ["scan.jpg", fixtures.pdf],
      ["page.html", "<html><script>alert(1)</script></html>"],
      ["setup.exe", Buffer.from("MZ\x90\0\x03\0\0\0", "latin1")],
      ["README", fixtures.txt],
      ["binary.txt", Buffer.from([0x68, 0x69, 0x00, 0x21])],
      ["latin1.txt", Buffer.from([0x63, 0x61, 0x66, 0xe9])],
      ["image-as-text.txt", fixtures.png],
      ["empty.txt", ""],
    ]
    for (const [filename, data] of cases) {
      const a = await upload<Errors>(endpoint(), user, [{ name: "file", filename, data }])
      expect([filename, a.status, a.body]).toEqual([filename, 422, TYPE])
    }
    expect(filesIn("tmp")).toEqual([])
  })

  it("answers 422 without a file part and 400 for a body that is not multipart", async () => {
    const none = await upload<Errors>(endpoint(), user, [{ name: "comment", data: "без файла" }])
    expect([none.status, none.body]).toEqual([422, { errors: { file: ["Обязательно для заполнения"] } }])
    const json = await fetch(endpoint(), { method: "POST", headers: { authorization: `Bearer ${user}`, "content-type": "application/json" }, body: "{}" })
    expect(json.status).toBe(400)
    expect(await json.json()).toEqual({ message: "Некорректный запрос: ожидается multipart/form-data" })
    const { body, contentType } = multipart([{ name: "file", filename: "a.png", data: fixtures.png }])
    const truncated = await postMultipart(endpoint(), user, body.subarray(0, body.length - 20), contentType)
    expect(truncated.status).toBe(400)
    expect(filesIn("tmp")).toEqual([])
  })

  it("keeps only the last segment of a path-like name and drops control characters", async () => {
    const a = await upload<Uploaded>(endpoint(), user, [{ name: "file", filename: "..\\..\\C:\\fakepath\\../../etc/pass\u202ewd.txt", data: fixtures.txt }])
    expect(a.status).toBe(201)
    expect(a.body.name).toBe("passwd.txt")
  })

  it("streams a file over 30,000,000 bytes to 422 and leaves no file behind", async () => {
    const before = filesIn("private").length
    const { body, contentType } = streamedFile("file", "big.png", 30_000_001, fixtures.png)
    const a = await postMultipart<Errors>(endpoint(), user, body, contentType)
    expect([a.status, a.body]).toEqual([422, SIZE])
    expect(filesIn("tmp")).toEqual([])
    expect(filesIn("private")).toHaveLength(before)
  })

  it("answers that 422 while the body is still arriving: the file is read as it comes, never whole", async () => {
    // A few bytes past the limit: the reader holds back a boundary's length until it knows they are no boundary.
    const { body, contentType } = streamedFile("file", "endless.pdf", 30_000_000 + 1024, fixtures.pdf, { endless: true })
    const a = await postMultipart<Errors>(endpoint(), user, body, contentType)
    expect([a.status, a.body]).toEqual([422, SIZE])
    expect(filesIn("tmp")).toEqual([])
  })

  it("deletes the partial file when the client goes away mid-upload", async () => {
    const abort = new AbortController()
    const { body, contentType } = streamedFile("file", "gone.pdf", 20_000_000, fixtures.pdf, { endless: true })
    const sending = fetch(endpoint(), { method: "POST", headers: { authorization: `Bearer ${user}`, "content-type": contentType }, body, duplex: "half", signal: abort.signal } as RequestInit)
    // Wait until the server has the file open, then hang up.
    for (let i = 0; i < 100 && filesIn("tmp").length === 0; i++) await new Promise((r) => setTimeout(r, 20))
    expect(filesIn("tmp")).toHaveLength(1)
    abort.abort()
    await expect(sending).rejects.toThrow()
    for (let i = 0; i < 100 && filesIn("tmp").length > 0; i++) await new Promise((r) => setTimeout(r, 20))
    expect(filesIn("tmp")).toEqual([])
  })

  it("answers 429 once an address has uploaded 100 files within 10 minutes, and stores nothing more", async () => {
    const db = api.db()
    await clearCounters(db, "upload")
    expect((await upload(endpoint(), user, [{ name: "file", filename: "a.png", data: fixtures.png }])).status).toBe(201)
    // The address as the server counts it, then 99 more uploads' worth of counts.
    const [key] = await countedKeys(db, "upload")
    await counted(db, "upload", key!, 100)
    const before = filesIn("private").length
    const a = await upload(endpoint(), user, [{ name: "file", filename: "a.png", data: fixtures.png }])
    expect(a.status).toBe(429)
    expect(a.body).toEqual({ error: "Слишком много запросов. Повторите попытку через несколько минут." })
    expect(filesIn("private").length).toBe(before)
    await clearCounters(db, "upload")
  })

  it("accepts a file of exactly 30,000,000 bytes", async () => {
    const { body, contentType } = streamedFile("file", "limit.txt", 30_000_000)
    const a = await postMultipart<Uploaded>(endpoint(), user, body, contentType)
    expect([a.status, a.body.size]).toEqual([201, 30_000_000])
  })
})

describe("GET /api/v1/uploads/{id}/", () => {
  let uploaded: Uploaded
  beforeAll(async () => {
    uploaded = (await upload<Uploaded>(endpoint(), user, [{ name: "file", filename: "Договор №5 «Ромашка».pdf", data: fixtures.pdf }])).body
  })

  it("gives the file back to its owner as an attachment named in UTF-8, never sniffed", async () => {
    const a = await download(uploaded.url, user)
    expect(a.status).toBe(200)
    expect(a.bytes.equals(fixtures.pdf)).toBe(true)
    expect(a.headers.get("content-type")).toBe("application/pdf")
    expect(a.headers.get("x-content-type-options")).toBe("nosniff")
    const disposition = a.headers.get("content-disposition")!
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/)
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!)).toBe("Договор №5 «Ромашка».pdf")
    expect(a.headers.get("cache-control")).toMatch(/no-store/)
  })

  it("lets an administrator download it", async () => {
    const a = await download(uploaded.url, api.adminToken)
    expect([a.status, a.bytes.equals(fixtures.pdf)]).toEqual([200, true])
  })

  it("answers 404 to another user, 401 to nobody, 404 for unknown or malformed ids", async () => {
    expect((await download(uploaded.url, other)).status).toBe(404)
    expect((await download(uploaded.url)).status).toBe(401)
    expect((await download(`/api/v1/uploads/${"0".repeat(32)}/`, user)).status).toBe(404)
    expect((await download("/api/v1/uploads/..%2F..%2Fjwt-secret/", user)).status).toBe(404)
  })

  it("an administrator's own upload is theirs", async () => {
    const a = await upload<Uploaded>(endpoint(), api.adminToken, [{ name: "file", filename: "admin.txt", data: fixtures.txt }])
    expect(a.status).toBe(201)
    expect((await download(a.body.url, api.adminToken)).status).toBe(200)
    expect((await download(a.body.url, user)).status).toBe(404)
  })
})
