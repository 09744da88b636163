import { fromPromise } from "xstate"
import { api, asClientError } from "../../api/client.ts"
import { sessionMachine, type CheckedSession, type SessionUser, type TokenContext } from "../../../machines/session.machine.ts"
import { pushAlert } from "../alerts/index.ts"
import { messages } from "../../../schemas/messages/common.ts"

interface AdminResource {
  readonly id: string
  readonly type: string
  readonly attributes: { readonly email: string; readonly fullname: string; readonly role?: string; readonly office_id?: number | null; readonly office_name?: string | null }
}

/** The admin as the CRM API answers it (a JSON:API resource), flattened like a site user. */
export const adminAsSessionUser = (a: AdminResource): SessionUser => ({
  id: a.id,
  type: a.type,
  email: a.attributes.email,
  fullname: a.attributes.fullname,
  role: a.attributes.role,
  office: typeof a.attributes.office_id === "number" && a.attributes.office_name ? { id: a.attributes.office_id, name: a.attributes.office_name } : null,
})

/** A GET of the API on behalf of the session: the browser's client (the cookie), or the server's in-process API (its token). */
export type SessionGet = <T>(path: string) => Promise<T>

const browserGet: SessionGet = (path) => api(path)

/**
 * The person of a session of `ctx`: GET /api/v1/users/info/ for the site, the current admin for the
 * CRM. The browser asks with its client; the server, rendering a page, with its own API.
 */
export async function fetchSessionUser(ctx: TokenContext, get: SessionGet = browserGet): Promise<SessionUser> {
  if (ctx === "admin") return adminAsSessionUser((await get<{ data: AdminResource }>("/api/v2/crm/current_admin/")).data)
  return (await get<{ data: SessionUser }>("/api/v1/users/info/")).data
}

/** Ends the session on the server, which removes the cookie: POST /api/v1/users/sign_out/ (site) or DELETE /api/v2/crm/sign_out/ (admin). */
export async function endSession(ctx: TokenContext): Promise<void> {
  if (ctx === "admin") await api("/api/v2/crm/sign_out/", { method: "DELETE" })
  else await api("/api/v1/users/sign_out/", { method: "POST" })
}

/** Revokes a token a sign-in just answered and we will not keep (its cookie goes with it). */
export async function revokeToken(token: string): Promise<void> {
  await api("/api/v1/users/sign_out/", { method: "POST", headers: { Authorization: `Bearer ${token}` } })
}

/**
 * Development (no server render): which session the cookie holds, asked in the page's area; none on
 * a 401. Any other failure is the machine's to settle (signed out).
 */
async function askSession(area: TokenContext): Promise<CheckedSession | null> {
  try {
    if (area === "admin") return { claims: { ctx: "admin", lvl: 1 }, user: await fetchSessionUser("admin") }
    const answer = await api<{ data: SessionUser; meta?: { level?: number } }>("/api/v1/users/info/")
    return { claims: { ctx: "site", lvl: answer.meta?.level ?? 1 }, user: answer.data }
  } catch (error) {
    if (asClientError(error).status === 401) return null
    throw error
  }
}

/** The session machine with its effects: the user info, the sign-out call, the alert when it fails. */
export const boundSessionMachine = sessionMachine.provide({
  actions: {
    signOutFailed: () => pushAlert({ text: messages.auth.signOutFailed, tone: "error", apiError: true }),
  },
  actors: {
    fetchSession: fromPromise<CheckedSession | null, { area: TokenContext }>(({ input }) => askSession(input.area)),
    signOut: fromPromise<void, { ctx: TokenContext }>(({ input }) => endSession(input.ctx)),
  },
})
