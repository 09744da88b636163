import { fromPromise } from "xstate"
import { api } from "../../api/client.ts"
import { clearCookie, readCookie, writeCookie } from "../../app/cookies.ts"
import { TOKEN_REMEMBER_DAYS } from "../../../schemas/constants.ts"
import { sessionMachine, tokenContextOf, type SessionUser } from "../../../machines/session.machine.ts"

export const TOKEN_COOKIE = "token"

/**
 * The session machine with its effects: the `token` cookie, and the user behind a restored token
 * (the current admin for an admin token; site user info arrives with the site sign-in).
 */
export const boundSessionMachine = sessionMachine.provide({
  actions: {
    persistToken: (_, { token, remember }) => writeCookie(TOKEN_COOKIE, token, remember ? TOKEN_REMEMBER_DAYS : undefined),
    clearToken: () => clearCookie(TOKEN_COOKIE),
  },
  actors: {
    fetchUser: fromPromise<SessionUser | null, { token: string }>(async ({ input }) => {
      if (tokenContextOf(input.token) !== "admin") return null
      const res = await api<{ data: SessionUser }>("/api/v2/crm/current_admin/", { headers: { Authorization: `Bearer ${input.token}` } })
      return res.data
    }),
  },
})

/** The session's input on start: the token cookie and the clock, to drop an expired token. */
export const restoredSessionInput = () => ({ token: readCookie(TOKEN_COOKIE) ?? null, now: Math.floor(Date.now() / 1000) })
