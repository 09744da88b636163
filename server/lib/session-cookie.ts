import type { Context } from "hono"
import { deleteCookie, getCookie, setCookie } from "hono/cookie"
import { decodeJwt } from "jose"
import { SESSION_COOKIE } from "../../schemas/constants.ts"
import type { Config } from "../config.ts"

/** The token of an `Authorization: Bearer` header. */
export const bearer = (header: string | undefined) => {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "")
  return match?.[1]
}

/** The session token of a request: the bearer header (API clients) first, else the cookie (the browser). */
export function requestToken(c: Context): { readonly token: string; readonly fromCookie: boolean } | null {
  const header = bearer(c.req.header("authorization"))
  if (header) return { token: header, fromCookie: false }
  const cookie = getCookie(c, SESSION_COOKIE)
  return cookie ? { token: cookie, fromCookie: true } : null
}

const attributes = (config: Pick<Config, "production">) => ({ path: "/", httpOnly: true, sameSite: "Lax" as const, secure: config.production })

/**
 * Sets the session cookie of an answer that signs in or raises the level: `persistent` keeps it until
 * the token expires (remember, staff), else it is a browser-session cookie.
 */
export function setSessionCookie(c: Context, config: Pick<Config, "production">, jwt: string, persistent: boolean): void {
  const exp = decodeJwt(jwt).exp
  const maxAge = persistent && exp ? Math.max(0, exp - Math.floor(Date.now() / 1000)) : undefined
  setCookie(c, SESSION_COOKIE, jwt, { ...attributes(config), ...(maxAge === undefined ? {} : { maxAge }) })
}

/** Removes the session cookie (sign-out, a refused token). */
export function clearSessionCookie(c: Context, config: Pick<Config, "production">): void {
  deleteCookie(c, SESSION_COOKIE, attributes(config))
}
