/**
 * Cookies of the visitor: `document.cookie` in the browser; on the server, the request's Cookie
 * header while a page renders (`withRequestCookies`), so server and browser render the same (the
 * user block, the chosen city, the cookie notice). Nothing touches `document` at import time.
 */
let requestCookies: ReadonlyMap<string, string> | null = null

/** Parses a Cookie header (`a=1; b=2`) into names and decoded values; a malformed value is skipped. */
export function parseCookies(header: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const part of header.split(";")) {
    const eq = part.indexOf("=")
    if (eq <= 0) continue
    const name = part.slice(0, eq).trim()
    if (out.has(name)) continue
    try {
      out.set(name, decodeURIComponent(part.slice(eq + 1).trim()))
    } catch {
      // not ours to read
    }
  }
  return out
}

/** Runs `render` (synchronous: one request at a time) with the request's cookies as the visitor's. */
export function withRequestCookies<T>(header: string, render: () => T): T {
  requestCookies = parseCookies(header)
  try {
    return render()
  } finally {
    requestCookies = null
  }
}

export function readCookie(name: string): string | undefined {
  if (requestCookies) return requestCookies.get(name)
  if (typeof document === "undefined") return undefined
  return parseCookies(document.cookie).get(name)
}

/** `days` undefined makes a session cookie. */
export function writeCookie(name: string, value: string, days?: number): void {
  if (typeof document === "undefined") return
  const expires = days === undefined ? "" : `; max-age=${Math.round(days * 86400)}`
  const secure = typeof location !== "undefined" && location.protocol === "https:" ? "; secure" : ""
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; samesite=lax${expires}${secure}`
}

export function clearCookie(name: string): void {
  if (typeof document === "undefined") return
  document.cookie = `${name}=; path=/; max-age=0; samesite=lax`
}
