import { existsSync } from "node:fs"
import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { call, serverWithAdmin } from "../api/helpers.ts"
import { TEST_ADMIN } from "../support/server.ts"
import { DEMO_DIRECTOR, DEMO_USER } from "../support/users.ts"

/**
 * A signed-in visitor's page of the site is written from the anonymous page the server keeps, with
 * their user button and session put in (src/app/personal-page.tsx). The attack: make the kept page
 * carry one visitor's name or session to the next visitor, or keep a signed-out token's page signed in.
 */
const api = serverWithAdmin()
const built = existsSync(join(resolve(process.env.DIST_DIR ?? "dist"), "index.html"))
const IVAN = "Иванов Иван Иванович"
const PETROV = "Петров Пётр Петрович"

const tokenOf = async (who: { email: string; password: string }) => {
  const a = await call<{ jwt: string }>(api.url, "POST", "/api/v1/users/sign_in/", { json: { user: { email: who.email, password: who.password } } })
  expect(a.status).toBe(200)
  return a.body.jwt
}
const page = async (path: string, cookie: string) => {
  const res = await fetch(api.url + path, { headers: cookie ? { cookie } : {} })
  return { status: res.status, html: await res.text(), cleared: res.headers.getSetCookie().some((c) => /^token=;/.test(c)) }
}
const sessionOf = (html: string) => JSON.parse(/<script type="application\/json" id="boot-data"[^>]*>(.*?)<\/script>/s.exec(html)![1]!).session as { user: { email: string } } | null

describe.runIf(built)("the kept anonymous page and the visitors it is written for", () => {
  it("each visitor gets their own name and session on the same page, and the anonymous visitor neither, in any order", async () => {
    const [ivan, petrov] = [`token=${await tokenOf(DEMO_USER)}`, `token=${await tokenOf(DEMO_DIRECTOR)}`]
    for (const path of ["/faq", "/price", "/kazan", "/no-such-city"]) {
      const first = await page(path, `city=kazan; ${ivan}`)
      const second = await page(path, `${petrov}; city=kazan`)
      const anonymous = await page(path, "city=kazan")
      expect(first.html, path).toContain(IVAN)
      expect(sessionOf(first.html)?.user.email, path).toBe(DEMO_USER.email)
      expect(second.html, path).toContain(PETROV)
      expect(second.html, path).not.toContain(IVAN)
      expect(sessionOf(second.html)?.user.email, path).toBe(DEMO_DIRECTOR.email)
      expect(anonymous.html, path).not.toContain(IVAN)
      expect(anonymous.html, path).not.toContain(PETROV)
      expect(sessionOf(anonymous.html), path).toBeNull()
      expect(new Set([first.status, second.status, anonymous.status]).size, path).toBe(1)
    }
  })

  it("a signed-out token sees the anonymous page and its cookie is removed", async () => {
    const jwt = await tokenOf(DEMO_USER)
    expect((await page("/faq", `token=${jwt}`)).html).toContain(IVAN)
    const out = await call(api.url, "POST", "/api/v1/users/sign_out/", { headers: { cookie: `token=${jwt}`, origin: api.url } })
    expect(out.status).toBe(204)
    const after = await page("/faq", `token=${jwt}`)
    expect(after.html).not.toContain(IVAN)
    expect(sessionOf(after.html)).toBeNull()
    expect(after.cleared).toBe(true)
  })

  it("a forged token on a kept page gets the anonymous page, never a session", async () => {
    const forged = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: "1", ctx: "site", lvl: 2 })).toString("base64url")}.Zm9yZ2Vk`
    const res = await page("/faq", `token=${forged}`)
    expect(res.status).toBe(200)
    expect(sessionOf(res.html)).toBeNull()
    expect(res.cleared).toBe(true)
  })

  it("an administrator's session on the site keeps 'Войти' and carries the session the page hydrates with", async () => {
    const res = await page("/faq", `token=${api.adminToken}`)
    expect(res.html).toContain(">Войти</button>")
    expect(sessionOf(res.html)?.user.email).toBe(TEST_ADMIN.email)
  })
})
