import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BACKEND_HEADER } from "../support/balancer.ts"
import { startS3, type TestS3 } from "../support/s3rver.ts"
import { TEST_JWT_SECRET } from "../support/server.ts"
import { DEMO_USER, signInUser } from "../support/users.ts"
import { serverWithAdmin } from "./harness.ts"
import { type Answer, call, type List, type One, uniq } from "./helpers.ts"
import { fixtures, upload } from "./multipart.ts"

/**
 * Two app processes (server/main.ts, each its own memory) on one database — the PostgreSQL database of
 * TEST_DATABASE_URL, else one SQLite file — and one S3 bucket, behind a round-robin balancer with
 * TRUST_PROXY=1: whatever one process learns, the other must know (docs/production.md, "Scale").
 */
let s3: TestS3
beforeAll(async () => {
  s3 = await startS3()
})
afterAll(() => s3?.close())
const api = serverWithAdmin({ twoProcesses: true, env: () => ({ JWT_SECRET: TEST_JWT_SECRET, ...s3.env }) })
const backendOf = (a: { headers: Headers }) => a.headers.get(BACKEND_HEADER)
const through = <T>(method: string, path: string, options: Parameters<typeof call>[3] = {}): Promise<Answer<T>> => call<T>(api.url, method, path, options)

describe("two app processes behind a round-robin balancer", () => {
  it("are two processes, answering in turn", async () => {
    expect(new Set(api.two.processes.map((p) => p.pid)).size).toBe(2)
    const order = []
    for (let i = 0; i < 4; i++) order.push(backendOf(await through("GET", "/healthz")))
    expect(new Set(order)).toEqual(new Set(["0", "1"]))
    expect(order[0]).not.toBe(order[1])
  })

  it("know a session made through the other, and its sign-out", async () => {
    const { jwt } = await signInUser(api.url, DEMO_USER.email)
    const infos = [await through("GET", "/api/v1/users/info/", { token: jwt }), await through("GET", "/api/v1/users/info/", { token: jwt })]
    expect(infos.map((a) => a.status)).toEqual([200, 200])
    expect(new Set(infos.map(backendOf))).toEqual(new Set(["0", "1"]))
    const out = await through("DELETE", "/api/v1/users/sign_out/", { token: jwt })
    expect(out.status).toBe(204)
    const after = [await through("GET", "/api/v1/users/info/", { token: jwt }), await through("GET", "/api/v1/users/info/", { token: jwt })]
    expect(after.map((a) => a.status)).toEqual([401, 401])
    expect(new Set(after.map(backendOf))).toEqual(new Set(["0", "1"]))
  })

  it("give an upload made through one back through the other", async () => {
    const { jwt } = await signInUser(api.url, DEMO_USER.email)
    const made = await upload<{ url: string }>(`${api.url}/api/v1/uploads/`, jwt, [{ name: "file", filename: "скан.png", contentType: "image/png", data: fixtures.png }])
    expect(made.status).toBe(201)
    const downloads = []
    for (let i = 0; i < 2; i++) {
      const res = await fetch(api.url + made.body.url, { headers: { authorization: `Bearer ${jwt}` } })
      downloads.push({ status: res.status, backend: backendOf(res), bytes: Buffer.from(await res.arrayBuffer()) })
    }
    expect(downloads.map((d) => d.status)).toEqual([200, 200])
    expect(downloads.map((d) => d.bytes)).toEqual([fixtures.png, fixtures.png])
    expect(new Set(downloads.map((d) => d.backend))).toEqual(new Set(["0", "1"]))
    expect(downloads.map((d) => d.backend)).toContain(made.headers.get(BACKEND_HEADER) === "0" ? "1" : "0")

    const admin = api.adminToken
    const image = await upload<{ url: string }>(`${api.url}/api/v2/crm/images`, admin, [
      { name: "slug", data: "two-servers" },
      { name: "image", filename: "a.png", data: fixtures.png },
    ])
    expect(image.status).toBe(200)
    const shown = [await fetch(api.url + image.body.url), await fetch(api.url + image.body.url)]
    expect(shown.map((r) => r.status)).toEqual([200, 200])
    expect(new Set(shown.map(backendOf))).toEqual(new Set(["0", "1"]))
    expect(shown[0]!.headers.get("etag")).toBe(shown[1]!.headers.get("etag"))
    for (const r of shown) expect(Buffer.from(await r.arrayBuffer())).toEqual(fixtures.png)
  })

  it("show a CRM write made through one in the other's public read at once", async () => {
    const token = api.adminToken
    const names = async () => {
      const both = [await through<List>("GET", "/api/v2/menu_items/"), await through<List>("GET", "/api/v2/menu_items/")]
      expect(new Set(both.map(backendOf))).toEqual(new Set(["0", "1"]))
      return both.map((a) => [...a.body.data, ...((a.body as { included?: List["data"] }).included ?? [])].map((r) => r.attributes.name))
    }
    const name = `Пункт ${uniq()}`
    // Both processes have read (and may keep) the menu before the write.
    for (const seen of await names()) expect(seen).not.toContain(name)
    const made = await through<One>("POST", "/api/v2/crm/menu_items/", { token, json: { menu_item: { name, url: "/buy", position: 999, display_at_top: false } } })
    expect(made.status).toBe(201)
    for (const seen of await names()) expect(seen).toContain(name)
    const removed = await through("DELETE", `/api/v2/crm/menu_items/${made.body.data.id}/`, { token })
    expect(removed.status).toBe(204)
    for (const seen of await names()) expect(seen).not.toContain(name)
  })

  // Last: it leaves the balancer's address throttled for sign-ins.
  it("share the brute-force counter: failures through both end in 429 from both", async () => {
    const email = `nobody-${uniq()}@test.local`
    const answers: { status: number; backend: string | null }[] = []
    for (let i = 0; i < 12; i++) {
      const a = await through("POST", "/api/v1/users/sign_in/", { json: { user: { email, password: "wrong-password-1" } } })
      answers.push({ status: a.status, backend: backendOf(a) })
    }
    const failed = answers.filter((a) => a.status === 401)
    const refused = answers.filter((a) => a.status === 429)
    console.log(
      `two-servers: ${failed.length} failed sign-ins (${failed.filter((a) => a.backend === "0").length} on process 0, ${failed.filter((a) => a.backend === "1").length} on process 1), then ${refused.length} × 429 from processes ${[...new Set(refused.map((a) => a.backend))].sort().join(" and ")}; requests served per process: ${api.two.balancer.served.join(" / ")}`,
    )
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(401))
    expect(answers.slice(10).map((a) => a.status)).toEqual([429, 429])
    // Neither process saw 10 failures itself: the count is the database's.
    expect(failed.filter((a) => a.backend === "0")).toHaveLength(5)
    expect(new Set(refused.map((a) => a.backend))).toEqual(new Set(["0", "1"]))
  })
})
