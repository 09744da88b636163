import { FetchError, ofetch } from "ofetch"
import { readCookie } from "./cookies.ts"
import { activityFinished, activityStarted } from "./activity.ts"
import { type ClientError, toClientError } from "./errors.ts"
import { reportUnauthorized } from "./unauthorized.ts"

export const TOKEN_COOKIE = "token"

/** The API host: same origin unless VITE_API_BASE names another (chosen per environment). */
const baseURL = import.meta.env.VITE_API_BASE ?? ""

/** JSON over HTTP with the bearer token from the `token` cookie when there is one; drives the loading bar. */
export const api = ofetch.create({
  baseURL,
  retry: 0,
  onRequest({ options }) {
    const token = readCookie(TOKEN_COOKIE)
    const headers = new Headers(options.headers)
    // A call may name its own token (sign-out, user info); else the cookie's.
    if (token && !headers.has("Authorization")) {
      headers.set("Authorization", `Bearer ${token}`)
      options.headers = headers
    }
    activityStarted()
  },
  // Every answer (good or bad) passes onResponse; a network failure passes onRequestError instead.
  onResponse: ({ options, response }) => {
    activityFinished()
    if (response.status === 401) reportUnauthorized(new Headers(options.headers).get("Authorization")?.replace(/^Bearer /, "") ?? null)
  },
  onRequestError: () => activityFinished(),
})

/** Any thrown value from `api` as a ClientError (section 8 mapping); network failures have no status. */
export function asClientError(err: unknown): ClientError {
  if (err instanceof FetchError) return toClientError(err.data, err.status ?? err.statusCode)
  return toClientError(err instanceof Error ? { message: err.message } : err, undefined)
}
