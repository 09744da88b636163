import { assign, fromPromise, setup } from "xstate"
import { DIRECTOR_LEVEL } from "../schemas/constants.ts"

/**
 * Session and token level (SPEC.md sections 3 and 4). Holds the JWT and its level; persisting the
 * token (cookie `token`, 365 days with remember, else a session cookie) is the provided action
 * `persistToken`, clearing it `clearToken`. A restored token without a user fetches the user
 * (`fetchUser`, provided); a failure to fetch it logs out.
 */
export type Level = "user" | "director"
export type TokenContext = "site" | "admin"

/** The signed-in user as the API answers it: a JSON:API resource with a type field. */
export interface SessionUser {
  readonly id: string
  readonly type: string
  readonly attributes: Readonly<Record<string, unknown>>
}

export interface SessionContext {
  readonly token: string | null
  readonly level: Level
  readonly remember: boolean
  readonly user: SessionUser | null
}

export interface SessionInput {
  /** The token restored from the cookie, if any. */
  readonly token?: string | null | undefined
  /** Now in seconds since the epoch: an expired restored token is dropped. */
  readonly now?: number | undefined
}

export type SessionEvent =
  | { type: "LOGIN"; token: string; remember: boolean; user?: SessionUser | undefined }
  | { type: "LOGOUT" }
  | { type: "TOKEN_REFRESHED"; token: string }
  | { type: "USER_LOADED"; user: SessionUser }

/** The JWT payload, decoded from base64url without verification (the server verifies). */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split(".")[1]
  if (!part) return null
  try {
    const b64 = part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "=")
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return typeof payload === "object" && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** Director when the numeric `lvl` claim equals 2, otherwise user. */
export const levelOf = (token: string | null): Level => (token && decodeJwtPayload(token)?.lvl === DIRECTOR_LEVEL ? "director" : "user")

/** The area a token was issued for (`ctx` claim), or null for a token we cannot read. */
export function tokenContextOf(token: string | null): TokenContext | null {
  const ctx = token ? decodeJwtPayload(token)?.ctx : undefined
  return ctx === "site" || ctx === "admin" ? ctx : null
}

/** A token is usable when it decodes and, if it carries `exp`, has not expired at `now` (seconds). */
export function isTokenUsable(token: string | null | undefined, now?: number): token is string {
  if (!token) return false
  const payload = decodeJwtPayload(token)
  if (!payload) return false
  return !(typeof payload.exp === "number" && now !== undefined && payload.exp <= now)
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    input: {} as SessionInput | undefined,
    events: {} as SessionEvent,
  },
  actions: {
    /** Provided: writes the `token` cookie (365 days when `remember`, else a session cookie). */
    persistToken: (_, _params: { token: string; remember: boolean }) => {},
    /** Provided: removes the `token` cookie. */
    clearToken: () => {},
  },
  actors: {
    /** Provided: the user behind the token (current admin or site user info). */
    fetchUser: fromPromise<SessionUser | null, { token: string }>(async () => null),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    hasUser: ({ context }) => context.user !== null,
  },
}).createMachine({
  id: "session",
  context: ({ input }) => {
    const token = isTokenUsable(input?.token, input?.now) ? input!.token! : null
    return { token, level: levelOf(token), remember: false, user: null }
  },
  initial: "restoring",
  states: {
    restoring: {
      always: [{ guard: "hasToken", target: "signedIn" }, { target: "signedOut", actions: "clearToken" }],
    },
    signedOut: {
      on: {
        LOGIN: {
          target: "signedIn",
          actions: [
            assign(({ event }) => ({ token: event.token, level: levelOf(event.token), remember: event.remember, user: event.user ?? null })),
            { type: "persistToken", params: ({ event }) => ({ token: event.token, remember: event.remember }) },
          ],
        },
      },
    },
    signedIn: {
      initial: "checking",
      on: {
        LOGIN: {
          target: "signedIn",
          reenter: true,
          actions: [
            assign(({ event }) => ({ token: event.token, level: levelOf(event.token), remember: event.remember, user: event.user ?? null })),
            { type: "persistToken", params: ({ event }) => ({ token: event.token, remember: event.remember }) },
          ],
        },
        TOKEN_REFRESHED: {
          actions: [
            assign(({ event }) => ({ token: event.token, level: levelOf(event.token) })),
            { type: "persistToken", params: ({ event, context }) => ({ token: event.token, remember: context.remember }) },
          ],
        },
        USER_LOADED: { actions: assign(({ event }) => ({ user: event.user })) },
        LOGOUT: {
          target: "signedOut",
          actions: [assign({ token: null, level: "user" as Level, user: null, remember: false }), "clearToken"],
        },
      },
      states: {
        checking: {
          always: [{ guard: "hasUser", target: "ready" }, { target: "fetchingUser" }],
        },
        fetchingUser: {
          invoke: {
            id: "fetchUser",
            src: "fetchUser",
            input: ({ context }) => ({ token: context.token ?? "" }),
            onDone: { target: "ready", actions: assign(({ event }) => ({ user: event.output })) },
            onError: {
              target: "#session.signedOut",
              actions: [assign({ token: null, level: "user" as Level, user: null, remember: false }), "clearToken"],
            },
          },
        },
        ready: {},
      },
    },
  },
})
