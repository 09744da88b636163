import type { Context } from "hono"
import { createMiddleware } from "hono/factory"
import { messages } from "../../schemas/messages/common.ts"
import type { Config } from "../config.ts"
import { HttpError } from "./http.ts"

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"])

/** Whether the method may change state (everything but GET, HEAD and OPTIONS). */
export const changesState = (method: string) => !SAFE_METHODS.has(method.toUpperCase())

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).host.toLowerCase()
  } catch {
    return null
  }
}

/**
 * Where a browser says the request comes from, against this site: "same" when its `Origin` names the
 * site's address (SITE_URL) or the host it was sent to, else `Sec-Fetch-Site: same-origin`; "foreign"
 * when either names another site; "unknown" when the request carries neither (a program, not a page).
 */
export function pageOrigin(c: Context, config: Pick<Config, "siteUrl">): "same" | "foreign" | "unknown" {
  const origin = c.req.header("origin")
  if (origin !== undefined) {
    const host = hostOf(origin)
    const own = [hostOf(config.siteUrl), c.req.header("host")?.toLowerCase() ?? null]
    return host !== null && own.includes(host) ? "same" : "foreign"
  }
  const site = c.req.header("sec-fetch-site")
  if (site === undefined) return "unknown"
  return site === "same-origin" || site === "none" ? "same" : "foreign"
}

/** The 403 of a state-changing call a page of another site sent. */
export const foreignWrite = () => new HttpError(403, { error: messages.http.foreignOrigin })

/** Refuses (403) a state-changing call whose page is another site's; programs (no Origin) pass. */
export const sameOriginWrites = (config: Pick<Config, "siteUrl">) =>
  createMiddleware(async (c, next) => {
    if (changesState(c.req.method) && pageOrigin(c, config) === "foreign") throw foreignWrite()
    await next()
  })
