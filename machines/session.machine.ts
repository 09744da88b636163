import { assign, fromPromise, setup } from "xstate"
import { DIRECTOR_LEVEL } from "../schemas/constants.ts"

/**
 * Session and level (SPEC.md sections 3 and 4). The token itself lives in an HttpOnly cookie the
 * server sets and clears (docs/auth.md, "Sessions"): no script here reads it. The machine holds what
 * the page may know: the session's area and level (`claims`, decoded from the JWT a sign-in answered,
 * or given by the server with the page) and the person. A page no server rendered (development) asks
 * the server (`fetchSession`, provided). Logging out calls the server (`signOut`, provided), which
 * removes the cookie; a 401 means it is gone already; any other failure keeps the session, since only
 * the server can remove the cookie (`signOutFailed` tells the visitor). A session the API refused
 * (`TOKEN_REJECTED`, a 401 that names the session) ends at once. Level-up (`TOKEN_REFRESHED`) takes the
 * new token's level.
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
  /** An administrator's CRM role ('admin', 'editor', 'operator', 'accountant'; schemas/roles.ts). */
  readonly role?: string | undefined
  /** An administrator's office (id and name; migration 0027): their start page's identification queue. */
  readonly office?: { readonly id: number; readonly name: string } | null | undefined
}

/** What the page knows of its session's token: the area it was issued for and its level. */
export interface SessionClaims {
  readonly ctx: TokenContext
  readonly lvl: number
}

/** A session the server vouches for: its claims and person. */
export interface CheckedSession {
  readonly claims: SessionClaims
  readonly user: SessionUser
}

export interface SessionContext {
  readonly claims: SessionClaims | null
  readonly level: Level
  readonly user: SessionUser | null
  /** The area to ask the server about, when no server rendered the page; else null. */
  readonly ask: TokenContext | null
}

export interface SessionInput {
  /**
   * What the server found for the cookie when it rendered the page: the session, or null for none;
   * undefined when no server rendered it (development), and then the machine asks.
   */
  readonly checked?: CheckedSession | null | undefined
  /** The area of the page, for that question. */
  readonly area?: TokenContext | undefined
}

export type SessionEvent =
  | { type: "LOGIN"; token: string; user: SessionUser }
  | { type: "LOGOUT" }
  | { type: "TOKEN_REJECTED" }
  | { type: "TOKEN_REFRESHED"; token: string; user?: SessionUser | undefined }

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

/** The area and level of a JWT a sign-in answered, or null for a token we cannot read. */
export function claimsOf(token: string): SessionClaims | null {
  const payload = decodeJwtPayload(token)
  const ctx = payload?.ctx
  if (ctx !== "site" && ctx !== "admin") return null
  return { ctx, lvl: typeof payload?.lvl === "number" ? payload.lvl : 1 }
}

/** Director when the level claim equals 2, otherwise user. */
export const levelOf = (claims: SessionClaims | null): Level => (claims?.lvl === DIRECTOR_LEVEL ? "director" : "user")

const cleared = { claims: null, level: "user" as Level, user: null, ask: null }

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    input: {} as SessionInput | undefined,
    events: {} as SessionEvent,
  },
  actions: {
    signIn: assign((_, p: { claims: SessionClaims | null; user: SessionUser }) => ({ claims: p.claims, level: levelOf(p.claims), user: p.user })),
    clear: assign(cleared),
    /** Provided: tells the visitor the server could not sign them out (they are still signed in). */
    signOutFailed: () => {},
  },
  actors: {
    /**
     * Provided: the session the server finds for the cookie, or null for none (pages no server
     * rendered); it fails when the server cannot say, and the page is then signed out.
     */
    fetchSession: fromPromise<CheckedSession | null, { area: TokenContext }>(async () => null),
    /** Provided: ends the session on the server (site: POST /api/v1/users/sign_out/, admin: DELETE /api/v2/crm/sign_out/). */
    signOut: fromPromise<void, { ctx: TokenContext }>(async () => {}),
  },
  guards: {
    hasClaims: ({ context }) => context.claims !== null,
    unchecked: ({ context }) => context.ask !== null,
    found: (_, output: CheckedSession | null) => output !== null,
    unauthorized: (_, error: unknown) => typeof error === "object" && error !== null && (error as { status?: unknown }).status === 401,
  },
}).createMachine({
  id: "session",
  context: ({ input }) =>
    input?.checked
      ? { claims: input.checked.claims, level: levelOf(input.checked.claims), user: input.checked.user, ask: null }
      : { ...cleared, ask: input?.checked === undefined ? (input?.area ?? "site") : null },
  initial: "restoring",
  on: {
    LOGIN: {
      target: ".signedIn",
      reenter: true,
      actions: { type: "signIn", params: ({ event }) => ({ claims: claimsOf(event.token), user: event.user }) },
    },
  },
  states: {
    restoring: {
      always: [{ guard: "hasClaims", target: "signedIn" }, { guard: "unchecked", target: "asking" }, { target: "signedOut" }],
    },
    /** No server rendered the page: it is asked which session the cookie holds. */
    asking: {
      invoke: {
        id: "fetchSession",
        src: "fetchSession",
        input: ({ context }) => ({ area: context.ask ?? "site" }),
        onDone: [
          {
            guard: { type: "found", params: ({ event }) => event.output },
            target: "signedIn",
            actions: { type: "signIn", params: ({ event }) => ({ claims: event.output!.claims, user: event.output!.user }) },
          },
          { target: "signedOut" },
        ],
        onError: { target: "signedOut" },
      },
    },
    signedOut: {},
    /** Every session has its person: each sign-in answers it, and the server vouches for none without it. */
    signedIn: {
      on: {
        TOKEN_REFRESHED: {
          actions: assign(({ event, context }) => {
            const claims = claimsOf(event.token) ?? context.claims
            return { claims, level: levelOf(claims), user: event.user ?? context.user }
          }),
        },
        LOGOUT: { target: "signingOut" },
        TOKEN_REJECTED: { target: "signedOut", actions: "clear" },
      },
    },
    signingOut: {
      invoke: {
        id: "signOut",
        src: "signOut",
        input: ({ context }) => ({ ctx: context.claims?.ctx ?? "site" }),
        onDone: { target: "signedOut", actions: "clear" },
        // A 401: the server has no such session (and dropped the cookie). Anything else: only the
        // server can remove the cookie, so the session stays and the visitor is told.
        onError: [
          { guard: { type: "unauthorized", params: ({ event }: { event: { error: unknown } }) => event.error }, target: "signedOut", actions: "clear" },
          { target: "signedIn", actions: "signOutFailed" },
        ],
      },
      on: { TOKEN_REJECTED: { target: "signedOut", actions: "clear" } },
    },
  },
})
