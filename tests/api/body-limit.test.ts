import { request } from "node:http"
import { connect } from "node:net"
import { beforeAll, describe, expect, it } from "vitest"
import { JSON_BODY_MAX_BYTES } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { DEMO_USER, signInUser } from "../support/users.ts"
import { call, uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"
import { fixtures, multipart } from "./multipart.ts"

const api = serverWithAdmin()
let user = ""
beforeAll(async () => {
  user = (await signInUser(api.url, DEMO_USER.email)).jwt
})

const rubrics = async () => (await call<{ meta: { total_count: number } }>(api.url, "GET", "/api/v2/crm/faq/rubrics/?per=1", { token: api.adminToken })).body.meta.total_count

/**
 * A POST with node:http, the whole body written as a browser writes it; the answer is the server's
 * early refusal when it gives one (fetch would report the request as failed if the server stops
 * reading the rest). `declared`: the Content-Length to announce (else the body goes chunked).
 */
function post(path: string, headers: Record<string, string>, chunks: readonly Buffer[], declared?: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let answered = false
    const req = request(new URL(api.url + path), { method: "POST", headers: declared === undefined ? headers : { ...headers, "content-length": declared } }, (res) => {
      answered = true
      let text = ""
      res.setEncoding("utf8")
      res.on("data", (d: string) => (text += d))
      res.on("end", () => resolve({ status: res.statusCode!, text }))
    })
    req.on("error", (e) => (answered ? undefined : reject(e)))
    for (const c of chunks) req.write(c)
    req.end()
  })
}

/** A request's head alone on a raw socket, announcing `length` bytes of body; the answer as text. */
function rawHead(path: string, headers: Record<string, string>, length: number): Promise<string> {
  const { hostname, port } = new URL(api.url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const lines = Object.entries({ ...headers, host: `${hostname}:${port}`, "content-length": String(length), connection: "close" }).map(([k, v]) => `${k}: ${v}`)
      socket.write(`POST ${path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`)
    })
    let text = ""
    socket.setEncoding("utf8")
    socket.on("data", (d: string) => {
      text += d
      if (/\r\n\r\n\{.*\}$/s.test(text)) socket.destroy()
    })
    socket.on("close", () => resolve(text))
    socket.on("error", reject)
  })
}

describe("the cap on JSON bodies", () => {
  it("a JSON body over JSON_BODY_MAX_BYTES is refused with 413 and a Russian message, unread; nothing is stored", async () => {
    const before = await rubrics()
    const json = { "content-type": "application/json", authorization: `Bearer ${api.adminToken}` }
    // Only the head is sent: the server answers from the announced length, without waiting for a byte of the body.
    const head = await rawHead("/api/v2/crm/faq/rubrics/", json, JSON_BODY_MAX_BYTES + 1)
    expect(head).toMatch(/^HTTP\/1\.1 413 /)
    expect(JSON.parse(head.slice(head.indexOf("\r\n\r\n") + 4))).toEqual({ message: messages.http.bodyTooLarge })
    expect(await rubrics()).toBe(before)
  })

  it("a JSON body under the cap is read as before; a multipart upload over it is the upload's own limit's", async () => {
    const ok = await call(api.url, "POST", "/api/v2/crm/faq/rubrics/", { token: api.adminToken, json: { faq_rubric: { name: `Раздел ${uniq()}`, slug: `razdel-${uniq()}`, position: 3 } } })
    expect(ok.status).toBe(201)
    const pdf = Buffer.concat([fixtures.pdf, Buffer.alloc(JSON_BODY_MAX_BYTES + 1024, 0x20)])
    const { body, contentType } = multipart([{ name: "file", filename: "скан.pdf", contentType: "application/pdf", data: pdf }])
    const big = await post("/api/v1/uploads/", { "content-type": contentType, authorization: `Bearer ${user}` }, [body], body.length)
    expect(big.status).toBe(201)
  })
})
