import type { Context, MiddlewareHandler } from "hono"
import type { Config } from "../config.ts"
import type { AppEnv } from "./env.ts"

/**
 * The OWASP secure-headers set (docs/production.md, "Caching and compression"), computed once per
 * process into a frozen record and set on each answer in one pass, in place. The
 * Content-Security-Policy (and its `frame-ancestors`) is server/lib/csp.ts's; this set adds the rest.
 *
 * Why in place: hono's `secureHeaders()` (and any `c.header()` after the route) makes a new Response
 * from the route's, which turns @hono/node-server's lightweight response (body bytes written straight
 * to the socket) into a web stream read chunk by chunk: half the throughput of a small JSON answer.
 */
export function secureHeaderRecord(config: Pick<Config, "production">): Readonly<Record<string, string>> {
  return Object.freeze({
    // Browsers keep to https for a year once they saw it (production only: the embedded default is http).
    ...(config.production ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    // Older browsers' `frame-ancestors 'none'`.
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    // The site uses none of these features (the CRM's copy button needs only clipboard-write, allowed by default).
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "x-dns-prefetch-control": "off",
    "x-permitted-cross-domain-policies": "none",
    "x-download-options": "noopen",
    // The old XSS auditor is off (its filtering itself could be abused); the CSP does that work.
    "x-xss-protection": "0",
  })
}

/**
 * Sets `headers` on the route's answer without copying it: on its own Headers object, which
 * @hono/node-server writes out as they are. An answer whose headers are immutable (made by fetch or
 * Response.redirect) is copied once. Other middleware that adds a header to every answer should use
 * this rather than `c.header()` after `next()` (see above).
 */
export function setHeaders(c: Context, headers: Readonly<Record<string, string>>): void {
  let target = c.res.headers
  try {
    for (const name in headers) target.set(name, headers[name]!)
  } catch {
    c.res = new Response(c.res.body, c.res)
    target = c.res.headers
    for (const name in headers) target.set(name, headers[name]!)
  }
}

/**
 * The set on every answer the routes make, after the route. Answers of the public-read cache
 * (server/lib/public-cache.ts) carry it from when they were kept and never pass here.
 */
export function secureHeaders(config: Pick<Config, "production">): MiddlewareHandler<AppEnv> {
  const record = secureHeaderRecord(config)
  return async (c, next) => {
    await next()
    setHeaders(c, record)
  }
}
