import { existsSync } from "node:fs"
import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { DEMO_PASSWORD } from "../support/users.ts"
import { serverWithAdmin } from "./harness.ts"

/**
 * A signed-in visitor's page is never kept (server/page-cache.ts), so it is composed with its answer's
 * CSP nonce at once, without the kept pages' mark (docs/production.md, "Server render"): every script of
 * the page carries the header's nonce, each answer its own, and the page names the visitor.
 */
const built = existsSync(join(resolve(process.env.DIST_DIR ?? "dist"), "index.html"))
const api = serverWithAdmin()

describe.runIf(built)("a signed-in visitor's rendered page", () => {
  it("carries the answer's nonce on every script and the session in its boot data, a fresh nonce each time", async () => {
    const signIn = await api.anonymous<{ jwt: string }>("POST", "/api/v1/users/sign_in", { json: { user: { email: "user@demo.local", password: DEMO_PASSWORD } } })
    expect(signIn.status).toBe(200)
    const cookie = `token=${signIn.body.jwt}`
    const nonces: string[] = []
    for (let i = 0; i < 2; i++) {
      const res = await fetch(api.url + "/faq", { headers: { cookie } })
      expect(res.status).toBe(200)
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1]
      expect(nonce).toBeTruthy()
      const html = await res.text()
      const attributes = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => /nonce="([^"]*)"/.exec(m[0])?.[1])
      expect(attributes.length).toBeGreaterThan(0)
      expect(attributes.every((n) => n === nonce)).toBe(true)
      expect(html).not.toContain("nonce-mark-")
      expect(html).toContain('"session":{')
      expect(html).toContain("Иванов Иван Иванович")
      nonces.push(nonce!)
    }
    expect(nonces[0]).not.toBe(nonces[1])
  })
})
