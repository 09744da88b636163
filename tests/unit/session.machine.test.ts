import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { claimsOf, decodeJwtPayload, levelOf, sessionMachine, type CheckedSession, type SessionInput, type SessionUser, type TokenContext } from "../../machines/session.machine.ts"

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url")
const jwt = (payload: Record<string, unknown>) => `${b64url({ alg: "HS256", typ: "JWT" })}.${b64url(payload)}.signature`
const admin: SessionUser = { id: "1", type: "admin_user", email: "a@b.ru", fullname: "Админ" }
const customer: SessionUser = { id: "7", type: "director", email: "d@b.ru", fullname: "Директор" }

function start(
  input: SessionInput = { checked: null },
  options: {
    fetchSession?: (area: TokenContext) => Promise<CheckedSession | null>
    signOut?: (ctx: TokenContext) => Promise<void>
  } = {},
) {
  const signOut = vi.fn(options.signOut ?? (async () => {}))
  const fetchSession = vi.fn(options.fetchSession ?? (async () => null))
  const signOutFailed = vi.fn()
  const actor = createActor(
    sessionMachine.provide({
      actions: { signOutFailed },
      actors: {
        fetchSession: fromPromise<CheckedSession | null, { area: TokenContext }>(({ input: i }) => fetchSession(i.area)),
        signOut: fromPromise<void, { ctx: TokenContext }>(({ input: i }) => signOut(i.ctx)),
      },
    }),
    { input },
  ).start()
  return { actor, signOut, fetchSession, signOutFailed }
}

describe("JWT helpers", () => {
  test("decode the payload (base64url, UTF-8) without verifying", () => {
    expect(decodeJwtPayload(jwt({ lvl: 2, name: "Иван" }))).toEqual({ lvl: 2, name: "Иван" })
    expect(decodeJwtPayload("garbage")).toBeNull()
    expect(decodeJwtPayload("a.%%%.c")).toBeNull()
  })
  test("a sign-in's token gives the area and level; anything else none", () => {
    expect(claimsOf(jwt({ ctx: "admin", lvl: 1 }))).toEqual({ ctx: "admin", lvl: 1 })
    expect(claimsOf(jwt({ ctx: "site" }))).toEqual({ ctx: "site", lvl: 1 })
    expect(claimsOf(jwt({ ctx: "other", lvl: 2 }))).toBeNull()
    expect(claimsOf("nope")).toBeNull()
  })
  test("level is director only when lvl === 2", () => {
    expect(levelOf({ ctx: "site", lvl: 2 })).toBe("director")
    expect(levelOf({ ctx: "site", lvl: 1 })).toBe("user")
    expect(levelOf(null)).toBe("user")
  })
})

describe("session machine", () => {
  test("the server found nobody: signed out, nothing asked", () => {
    const { actor, fetchSession } = start({ checked: null })
    expect(actor.getSnapshot().matches("signedOut")).toBe(true)
    expect(fetchSession).not.toHaveBeenCalled()
  })

  test("the server's session is ready at once, with its level and person", () => {
    const { actor, fetchSession } = start({ checked: { claims: { ctx: "site", lvl: 2 }, user: customer } })
    expect(actor.getSnapshot().matches("signedIn")).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ claims: { ctx: "site", lvl: 2 }, level: "director", user: customer })
    expect(fetchSession).not.toHaveBeenCalled()
  })

  test("no server rendered the page: the page's area is asked once", async () => {
    const found = { claims: { ctx: "admin" as const, lvl: 1 }, user: admin }
    const { actor, fetchSession } = start({ area: "admin" }, { fetchSession: async () => found })
    expect(actor.getSnapshot().matches("asking")).toBe(true)
    await waitFor(actor, (s) => s.matches("signedIn"))
    expect(fetchSession).toHaveBeenCalledWith("admin")
    expect(actor.getSnapshot().context.user).toEqual(admin)
  })

  test.each([
    ["no session", async () => null],
    [
      "a failure",
      async () => {
        throw new TypeError("fetch failed")
      },
    ],
  ])("asking finds %s: signed out", async (_, fetchSession) => {
    const { actor } = start({}, { fetchSession })
    await waitFor(actor, (s) => s.matches("signedOut"))
    expect(actor.getSnapshot().context.claims).toBeNull()
  })

  test("LOGIN reads the area and level of the answered token and keeps the given person", () => {
    const { actor } = start()
    actor.send({ type: "LOGIN", token: jwt({ ctx: "site", lvl: 2 }), user: customer })
    expect(actor.getSnapshot().matches("signedIn")).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ claims: { ctx: "site", lvl: 2 }, level: "director", user: customer })
    actor.send({ type: "LOGIN", token: jwt({ ctx: "admin", lvl: 1 }), user: admin })
    expect(actor.getSnapshot().context).toMatchObject({ claims: { ctx: "admin", lvl: 1 }, level: "user", user: admin })
  })

  test("TOKEN_REFRESHED takes the new token's level (level-up)", () => {
    const { actor } = start({ checked: { claims: { ctx: "site", lvl: 1 }, user: customer } })
    actor.send({ type: "TOKEN_REFRESHED", token: jwt({ ctx: "site", lvl: 2 }) })
    expect(actor.getSnapshot().context).toMatchObject({ level: "director", user: customer })
  })

  test("LOGOUT asks the server to end the session of its area; signed out it is harmless", async () => {
    const { actor, signOut } = start()
    actor.send({ type: "LOGOUT" })
    expect(signOut).not.toHaveBeenCalled()
    actor.send({ type: "LOGIN", token: jwt({ ctx: "admin", lvl: 1 }), user: admin })
    actor.send({ type: "LOGOUT" })
    expect(actor.getSnapshot().matches("signingOut")).toBe(true)
    expect(signOut).toHaveBeenCalledWith("admin")
    await waitFor(actor, (s) => s.matches("signedOut"))
    expect(actor.getSnapshot().context).toMatchObject({ claims: null, user: null, level: "user" })
  })

  test("LOGOUT answered 401: the session was gone on the server already, signed out", async () => {
    const { actor, signOutFailed } = start({ checked: { claims: { ctx: "site", lvl: 1 }, user: customer } }, {
      signOut: async () => {
        throw { status: 401 }
      },
    })
    actor.send({ type: "LOGOUT" })
    await waitFor(actor, (s) => s.matches("signedOut"))
    expect(signOutFailed).not.toHaveBeenCalled()
  })

  test("LOGOUT that cannot reach the server keeps the session (only the server removes the cookie) and says so", async () => {
    const { actor, signOutFailed } = start({ checked: { claims: { ctx: "site", lvl: 1 }, user: customer } }, {
      signOut: async () => {
        throw new TypeError("fetch failed")
      },
    })
    actor.send({ type: "LOGOUT" })
    await waitFor(actor, (s) => !s.matches("signingOut"))
    expect(actor.getSnapshot().matches("signedIn")).toBe(true)
    expect(actor.getSnapshot().context.user).toEqual(customer)
    expect(signOutFailed).toHaveBeenCalledTimes(1)
  })

  test("TOKEN_REJECTED (a 401 that ends the session) clears at once without calling the server", () => {
    const { actor, signOut } = start({ checked: { claims: { ctx: "site", lvl: 1 }, user: customer } })
    actor.send({ type: "TOKEN_REJECTED" })
    expect(actor.getSnapshot().matches("signedOut")).toBe(true)
    expect(signOut).not.toHaveBeenCalled()
  })
})
