import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { decodeJwtPayload, isTokenUsable, levelOf, rememberOf, sessionMachine, tokenContextOf, type SessionUser } from "../../machines/session.machine.ts"

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url")
const jwt = (payload: Record<string, unknown>) => `${b64url({ alg: "HS256", typ: "JWT" })}.${b64url(payload)}.signature`
const admin: SessionUser = { id: "1", type: "admin_user", email: "a@b.ru", fullname: "Админ" }

function start(
  input: { token?: string | null; now?: number } = {},
  fetchUser: () => Promise<SessionUser | null> = async () => admin,
  signOut: (token: string) => Promise<void> = async () => {},
) {
  const persistToken = vi.fn()
  const clearToken = vi.fn()
  const signOutCalls = vi.fn(signOut)
  const actor = createActor(
    sessionMachine.provide({
      actions: { persistToken: (_, p) => persistToken(p), clearToken },
      actors: { fetchUser: fromPromise(fetchUser), signOut: fromPromise<void, { token: string }>(({ input: i }) => signOutCalls(i.token)) },
    }),
    { input },
  ).start()
  return { actor, persistToken, clearToken, signOut: signOutCalls }
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
  test("remember is read from the token's lifetime (a year vs hours)", () => {
    expect(rememberOf(jwt({ iat: 0, exp: 365 * 86400 }))).toBe(true)
    expect(rememberOf(jwt({ iat: 0, exp: 12 * 3600 }))).toBe(false)
    expect(rememberOf(jwt({}))).toBe(false)
    expect(rememberOf(null)).toBe(false)
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

  test("a failure to fetch the user logs out (the server is told)", async () => {
    const token = jwt({ ctx: "site" })
    const { actor, clearToken, signOut } = start({ token }, async () => {
      throw new Error("401")
    })
    await waitFor(actor, (s) => s.matches("signedOut"))
    expect(signOut).toHaveBeenCalledWith(token)
    expect(actor.getSnapshot().context.token).toBeNull()
    expect(clearToken).toHaveBeenCalledTimes(1)
  })

  test("a restored remembered token stays remembered through a level-up", async () => {
    const token = jwt({ ctx: "site", lvl: 1, iat: 0, exp: 365 * 86400 })
    const { actor, persistToken } = start({ token, now: 1 })
    await waitFor(actor, (s) => s.matches({ signedIn: "ready" }))
    const up = jwt({ ctx: "site", lvl: 2, iat: 0, exp: 365 * 86400 })
    actor.send({ type: "TOKEN_REFRESHED", token: up })
    expect(persistToken).toHaveBeenLastCalledWith({ token: up, remember: true })
    expect(actor.getSnapshot().context.level).toBe("director")
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

  test("LOGOUT calls the server, then clears the token; signed out it is harmless", async () => {
    const { actor, clearToken, signOut } = start()
    clearToken.mockClear()
    actor.send({ type: "LOGOUT" })
    expect(clearToken).not.toHaveBeenCalled()
    expect(signOut).not.toHaveBeenCalled()
    const token = jwt({ lvl: 1 })
    actor.send({ type: "LOGIN", token, remember: false, user: admin })
    actor.send({ type: "LOGOUT" })
    expect(actor.getSnapshot().matches("signingOut")).toBe(true)
    expect(signOut).toHaveBeenCalledWith(token)
    await waitFor(actor, (s) => s.matches("signedOut"))
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null, level: "user" })
    expect(clearToken).toHaveBeenCalledTimes(1)
  })

  test.each([
    ["a 401", { status: 401 }],
    ["a network failure", new TypeError("fetch failed")],
  ])("LOGOUT clears the token after %s as well", async (_, failure) => {
    const { actor, clearToken } = start({}, async () => admin, async () => {
      throw failure
    })
    clearToken.mockClear()
    actor.send({ type: "LOGIN", token: jwt({ lvl: 1 }), remember: true, user: admin })
    actor.send({ type: "LOGOUT" })
    await waitFor(actor, (s) => s.matches("signedOut"))
    expect(actor.getSnapshot().context.token).toBeNull()
    expect(clearToken).toHaveBeenCalledTimes(1)
  })

  test("TOKEN_REJECTED (an API 401) clears at once without calling the server", () => {
    const { actor, clearToken, signOut } = start()
    clearToken.mockClear()
    actor.send({ type: "LOGIN", token: jwt({ lvl: 1 }), remember: true, user: admin })
    actor.send({ type: "TOKEN_REJECTED" })
    expect(actor.getSnapshot().matches("signedOut")).toBe(true)
    expect(signOut).not.toHaveBeenCalled()
    expect(clearToken).toHaveBeenCalledTimes(1)
  })
})
