import type { Context } from "hono"
import type { Config } from "../config.ts"
import { HttpError, unauthorized } from "./http.ts"
import { changesState, foreignWrite, pageOrigin } from "./same-origin.ts"
import { clearSessionCookie, requestToken } from "./session-cookie.ts"

/**
 * The session token a request may use. A token from the cookie counts for a state-changing call only
 * when the browser says the page is ours (Origin, or Sec-Fetch-Site): a program sends its bearer token,
 * a page of another site cannot borrow the visitor's cookie (403).
 */
export function requestSession(c: Context, config: Pick<Config, "siteUrl">): { readonly token: string; readonly fromCookie: boolean } | null {
  const sent = requestToken(c)
  if (sent?.fromCookie && changesState(c.req.method) && pageOrigin(c, config) !== "same") {
    throw foreignWrite()
  }
  return sent
}

/**
 * The 401 of a refused session (RFC 6750's `WWW-Authenticate`, which tells the page its session is
 * over, unlike a wrong password's 401); the cookie that carried it is removed with the answer.
 */
export function refuseSession(c: Context, config: Pick<Config, "production">): HttpError {
  const sent = requestToken(c)
  if (sent?.fromCookie) clearSessionCookie(c, config)
  const { body } = unauthorized()
  return new HttpError(401, body, { "WWW-Authenticate": sent ? 'Bearer error="invalid_token"' : "Bearer" })
}
