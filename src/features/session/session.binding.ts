import { fromPromise } from "xstate"
import { api, TOKEN_COOKIE } from "../../api/client.ts"
import { clearCookie, readCookie, writeCookie } from "../../api/cookies.ts"
import { TOKEN_REMEMBER_DAYS } from "../../../schemas/constants.ts"
import { sessionMachine, tokenContextOf, type SessionUser } from "../../../machines/session.machine.ts"

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

interface AdminResource {
  readonly id: string
  readonly type: string
  readonly attributes: { readonly email: string; readonly fullname: string; readonly role?: string }
}

/** The admin as the CRM API answers it (a JSON:API resource), flattened like a site user. */
export const adminAsSessionUser = (a: AdminResource): SessionUser => ({
  id: a.id,
  type: a.type,
  email: a.attributes.email,
  fullname: a.attributes.fullname,
  role: a.attributes.role,
})

/** A GET of the API with the token as its bearer: the browser's client, or the server's in-process API. */
export type TokenGet = <T>(path: string, token: string) => Promise<T>

const browserTokenGet: TokenGet = (path, token) => api(path, { headers: bearer(token) })

/**
 * The user behind a token: GET /api/v1/users/info/ for a site token, the current admin for an admin
 * token. The browser's session asks with its client; the server, rendering a page, with its own API.
 */
export async function fetchSessionUser(token: string, get: TokenGet = browserTokenGet): Promise<SessionUser> {
  const ctx = tokenContextOf(token)
  if (ctx === "admin") return adminAsSessionUser((await get<{ data: AdminResource }>("/api/v2/crm/current_admin/", token)).data)
  if (ctx === "site") return (await get<{ data: SessionUser }>("/api/v1/users/info/", token)).data
  throw new Error("unknown token context")
}

/** Revokes the token on the server: POST /api/v1/users/sign_out/ (site) or DELETE /api/v2/crm/sign_out/ (admin). */
export async function revokeToken(token: string): Promise<void> {
  if (tokenContextOf(token) === "admin") await api("/api/v2/crm/sign_out/", { method: "DELETE", headers: bearer(token) })
  else await api("/api/v1/users/sign_out/", { method: "POST", headers: bearer(token) })
}

/** The session machine with its effects: the `token` cookie, the user info, the sign-out call. */
export const boundSessionMachine = sessionMachine.provide({
  actions: {
    persistToken: (_, { token, remember }) => writeCookie(TOKEN_COOKIE, token, remember ? TOKEN_REMEMBER_DAYS : undefined),
    clearToken: () => clearCookie(TOKEN_COOKIE),
  },
  actors: {
    fetchUser: fromPromise<SessionUser | null, { token: string }>(({ input }) => fetchSessionUser(input.token)),
    signOut: fromPromise<void, { token: string }>(({ input }) => revokeToken(input.token)),
  },
})

/**
 * The session's input on start: the token cookie and the clock, to drop an expired token. `checked`
 * is what the server found for that token when it rendered the page: its user (not fetched again),
 * or null when the server refused it (then the token is dropped).
 */
export const restoredSessionInput = (checked?: { readonly user: SessionUser | null } | null) => {
  const token = readCookie(TOKEN_COOKIE) ?? null
  return { token: checked && !checked.user ? null : token, user: checked?.user ?? null, now: Math.floor(Date.now() / 1000) }
}
