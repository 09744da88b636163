/** Browser cookies; every call checks for `document`, so modules stay importable on the server. */
export function readCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined
  for (const part of document.cookie.split("; ")) {
    const eq = part.indexOf("=")
    if (eq > 0 && part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1))
  }
  return undefined
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
