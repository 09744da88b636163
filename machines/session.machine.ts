import { assign, fromPromise, setup } from "xstate"
import { DIRECTOR_LEVEL } from "../schemas/constants.ts"

/**
 * Session and token level (SPEC.md sections 3 and 4). Holds the JWT and its level; persisting the
 * token (cookie `token`, 365 days with remember, else a session cookie) is the provided action
 * `persistToken`, clearing it `clearToken`. A restored token without a user fetches the user
 * (`fetchUser`, provided); a failure to fetch it logs out. Logging out calls the server
 * (`signOut`, provided) and clears the token on success, on a 401 and on any other failure alike
 * (then only locally). A token the API refused (`TOKEN_REJECTED`, any 401) clears at once.
 * Level-up (`TOKEN_REFRESHED`) swaps the token and keeps the remember choice.
 */
export type Level = "user" | "director"
export type TokenContext = "site" | "admin"

/**
 * The signed-in person: a site user (type "user" | "director", with mobile_phone and confirmed_at)
 * or an administrator (type "admin_user").
 */
export interface SessionUser {
  readonly id: string
  readonly type: string
  readonly email: string
  readonly fullname: string
  readonly mobile_phone?: string | null | undefined
  readonly confirmed_at?: string | null | undefined
  /** An administrator's CRM role ('admin', 'editor', 'operator'; schemas/roles.ts). */
  readonly role?: string | undefined
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
  /** The token's user when already known (the server checked the token for the page): not fetched again. */
  readonly user?: SessionUser | null | undefined
}

export type SessionEvent =
  | { type: "LOGIN"; token: string; remember: boolean; user?: SessionUser | undefined }
  | { type: "LOGOUT" }
  | { type: "TOKEN_REJECTED" }
  | { type: "TOKEN_REFRESHED"; token: string; user?: SessionUser | undefined }
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

/**
 * Whether a restored token was issued with remember: the server gives remembered tokens a year and
 * others hours, so a lifetime above a day means remember (a level-up then keeps the cookie's kind).
 */
export function rememberOf(token: string | null): boolean {
  const p = token ? decodeJwtPayload(token) : null
  return typeof p?.exp === "number" && typeof p.iat === "number" && p.exp - p.iat > 86400
}

/** A token is usable when it decodes and, if it carries `exp`, has not expired at `now` (seconds). */
export function isTokenUsable(token: string | null | undefined, now?: number): token is string {
  if (!token) return false
  const payload = decodeJwtPayload(token)
  if (!payload) return false
  return !(typeof payload.exp === "number" && now !== undefined && payload.exp <= now)
}

const cleared = { token: null, level: "user" as Level, user: null, remember: false }

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
    signIn: assign((_, p: { token: string; remember: boolean; user: SessionUser | null }) => ({
      token: p.token,
      level: levelOf(p.token),
      remember: p.remember,
      user: p.user,
    })),
    clear: assign(cleared),
  },
  actors: {
    /** Provided: the user behind the token (site user info or the current admin). */
    fetchUser: fromPromise<SessionUser | null, { token: string }>(async () => null),
    /** Provided: revokes the token on the server (site: POST /api/v1/users/sign_out/, admin: DELETE /api/v2/crm/sign_out/). */
    signOut: fromPromise<void, { token: string }>(async () => {}),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    hasUser: ({ context }) => context.user !== null,
  },
}).createMachine({
  id: "session",
  context: ({ input }) => {
    const token = isTokenUsable(input?.token, input?.now) ? input!.token! : null
    return { token, level: levelOf(token), remember: rememberOf(token), user: token ? (input?.user ?? null) : null }
  },
  initial: "restoring",
  on: {
    LOGIN: {
      target: ".signedIn",
      reenter: true,
      actions: [
        { type: "signIn", params: ({ event }) => ({ token: event.token, remember: event.remember, user: event.user ?? null }) },
        { type: "persistToken", params: ({ event }) => ({ token: event.token, remember: event.remember }) },
      ],
    },
  },
  states: {
    restoring: {
      always: [{ guard: "hasToken", target: "signedIn" }, { target: "signedOut", actions: "clearToken" }],
    },
    signedOut: {},
    signedIn: {
      initial: "checking",
      on: {
        TOKEN_REFRESHED: {
          actions: [
            assign(({ event, context }) => ({ token: event.token, level: levelOf(event.token), user: event.user ?? context.user })),
            { type: "persistToken", params: ({ event, context }) => ({ token: event.token, remember: context.remember }) },
          ],
        },
        USER_LOADED: { actions: assign(({ event }) => ({ user: event.user })) },
        LOGOUT: { target: "signingOut" },
        TOKEN_REJECTED: { target: "signedOut", actions: ["clear", "clearToken"] },
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
            // A failure to fetch the user info triggers logout.
            onError: { target: "#session.signingOut" },
          },
        },
        ready: {},
      },
    },
    signingOut: {
      invoke: {
        id: "signOut",
        src: "signOut",
        input: ({ context }) => ({ token: context.token ?? "" }),
        // Success, a 401, or any other failure (then only locally): the token is gone either way.
        onDone: { target: "signedOut", actions: ["clear", "clearToken"] },
        onError: { target: "signedOut", actions: ["clear", "clearToken"] },
      },
      on: { TOKEN_REJECTED: { target: "signedOut", actions: ["clear", "clearToken"] } },
    },
  },
})
