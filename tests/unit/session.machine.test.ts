import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { decodeJwtPayload, isTokenUsable, levelOf, sessionMachine, tokenContextOf, type SessionUser } from "../../machines/session.machine.ts"

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url")
const jwt = (payload: Record<string, unknown>) => `${b64url({ alg: "HS256", typ: "JWT" })}.${b64url(payload)}.signature`
const admin: SessionUser = { id: "1", type: "admin_user", attributes: { email: "a@b.ru", fullname: "Админ" } }

function start(input: { token?: string | null; now?: number } = {}, fetchUser: () => Promise<SessionUser | null> = async () => admin) {
  const persistToken = vi.fn()
  const clearToken = vi.fn()
  const actor = createActor(
    sessionMachine.provide({
      actions: { persistToken: (_, p) => persistToken(p), clearToken },
      actors: { fetchUser: fromPromise(fetchUser) },
    }),
    { input },
  ).start()
  return { actor, persistToken, clearToken }
}

describe("JWT helpers", () => {
  test("decode the payload (base64url, UTF-8) without verifying", () => {
    expect(decodeJwtPayload(jwt({ lvl: 2, name: "Иван" }))).toEqual({ lvl: 2, name: "Иван" })
    expect(decodeJwtPayload("garbage")).toBeNull()
    expect(decodeJwtPayload("a.%%%.c")).toBeNull()
  })
  test("level is director only when lvl === 2", () => {
    expect(levelOf(jwt({ lvl: 2 }))).toBe("director")
    expect(levelOf(jwt({ lvl: 1 }))).toBe("user")
    expect(levelOf(jwt({ lvl: "2" }))).toBe("user")
    expect(levelOf(null)).toBe("user")
  })
  test("token context and expiry", () => {
    expect(tokenContextOf(jwt({ ctx: "admin" }))).toBe("admin")
    expect(tokenContextOf(jwt({ ctx: "other" }))).toBeNull()
    expect(isTokenUsable(jwt({ exp: 100 }), 99)).toBe(true)
    expect(isTokenUsable(jwt({ exp: 100 }), 100)).toBe(false)
    expect(isTokenUsable("nope", 1)).toBe(false)
  })
})

describe("session machine", () => {
  test("starts signed out without a cookie token", () => {
    const { actor, clearToken } = start()
    expect(actor.getSnapshot().matches("signedOut")).toBe(true)
    expect(clearToken).toHaveBeenCalled()
  })

  test("restores the cookie token and fetches the user", async () => {
    const token = jwt({ ctx: "admin", lvl: 1, exp: 2000 })
    const { actor } = start({ token, now: 1000 })
    expect(actor.getSnapshot().matches({ signedIn: "fetchingUser" })).toBe(true)
    await waitFor(actor, (s) => s.matches({ signedIn: "ready" }))
    expect(actor.getSnapshot().context).toMatchObject({ token, level: "user", user: admin })
  })

  test("drops an expired cookie token", () => {
    const { actor } = start({ token: jwt({ exp: 10 }), now: 1000 })
    expect(actor.getSnapshot().matches("signedOut")).toBe(true)
  })

  test("a failure to fetch the user logs out", async () => {
    const { actor, clearToken } = start({ token: jwt({ ctx: "admin" }) }, async () => {
      throw new Error("401")
    })
    await waitFor(actor, (s) => s.matches("signedOut"))
    expect(actor.getSnapshot().context.token).toBeNull()
    expect(clearToken).toHaveBeenCalledTimes(1)
  })

  test("LOGIN persists the token (remember or not) and keeps the given user", () => {
    const { actor, persistToken } = start()
    const token = jwt({ ctx: "site", lvl: 2 })
    actor.send({ type: "LOGIN", token, remember: true, user: admin })
    expect(actor.getSnapshot().matches({ signedIn: "ready" })).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ token, level: "director", remember: true, user: admin })
    expect(persistToken).toHaveBeenLastCalledWith({ token, remember: true })
    const other = jwt({ ctx: "admin", lvl: 1 })
    actor.send({ type: "LOGIN", token: other, remember: false, user: admin })
    expect(actor.getSnapshot().context.level).toBe("user")
    expect(persistToken).toHaveBeenLastCalledWith({ token: other, remember: false })
  })

  test("TOKEN_REFRESHED replaces the token and its level (level-up)", () => {
    const { actor, persistToken } = start()
    actor.send({ type: "LOGIN", token: jwt({ lvl: 1 }), remember: true, user: admin })
    const up = jwt({ lvl: 2 })
    actor.send({ type: "TOKEN_REFRESHED", token: up })
    expect(actor.getSnapshot().context).toMatchObject({ token: up, level: "director" })
    expect(persistToken).toHaveBeenLastCalledWith({ token: up, remember: true })
  })

  test("LOGOUT clears the token; signed out it is harmless", () => {
    const { actor, clearToken } = start()
    clearToken.mockClear()
    actor.send({ type: "LOGOUT" })
    expect(clearToken).not.toHaveBeenCalled()
    actor.send({ type: "LOGIN", token: jwt({ lvl: 1 }), remember: false, user: admin })
    actor.send({ type: "LOGOUT" })
    expect(actor.getSnapshot().matches("signedOut")).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null, level: "user" })
    expect(clearToken).toHaveBeenCalledTimes(1)
  })
})
