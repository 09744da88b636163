import { randomBytes } from "node:crypto"
import type { MiddlewareHandler } from "hono"
import type { AppEnv } from "./env.ts"
import { setHeaders } from "./secure-headers.ts"

/**
 * The Content-Security-Policy of every answer (docs/production.md, "Content-Security-Policy").
 *
 * - A page (HTML) runs only the scripts the server marked with this answer's nonce, or loaded from
 *   the site itself (the app's module chunks, loaded by the marked entry); no `unsafe-inline`, no
 *   `unsafe-eval` for scripts. Styles may be inline (the page's first paint inlines its stylesheets,
 *   server-rendered elements carry `style` attributes; the issue allows it for styles).
 * - Anything else (JSON, files, feeds) gets `default-src 'none'`: it is never a document that runs.
 * - Every policy forbids framing (`frame-ancestors 'none'`) and reports to /api/csp-report.
 */

/**
 * Where browsers send violation reports, by `report-uri`: every browser supports it and sends each
 * report at once. No `report-to`: Chromium then ignores `report-uri` and queues its reports for the
 * Reporting API's batched delivery (none arrived within 90 s in the test).
 */
export const CSP_REPORT_PATH = "/api/csp-report"

/** A fresh nonce for one answer: 128 random bits, base64. */
export const cspNonce = (): string => randomBytes(16).toString("base64")

type Directives = Readonly<Record<string, readonly string[]>>

const REPORTING: Directives = { "report-uri": [CSP_REPORT_PATH] }

const serialize = (directives: Directives): string =>
  Object.entries(directives)
    .map(([name, values]) => (values.length ? `${name} ${values.join(" ")}` : name))
    .join("; ")

/**
 * The policy of a page of the app. Images may come from any https address: the rich-text editor's
 * HTML keeps https images (server/lib/sanitize-html.ts). Without a nonce (a static .html file) only the
 * site's own script files run.
 */
export function pagePolicy(nonce?: string): string {
  return serialize({
    "default-src": ["'self'"],
    "script-src": nonce ? ["'self'", `'nonce-${nonce}'`] : ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
    "frame-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    ...REPORTING,
  })
}

/** Every answer that is not a page: nothing in it may load or run, and nobody may frame it. */
export const API_POLICY = serialize({ "default-src": ["'none'"], "frame-ancestors": ["'none'"], ...REPORTING })

/**
 * A page served by a route of its own with a viewer's scripts and styles from the site (the API's
 * documentation, /api/docs): the page policy with its inline scripts allowed by this nonce. The route
 * sets it with `c.header("Content-Security-Policy", viewerPolicy(nonce))` and puts the nonce on its
 * `<script>` elements.
 */
export const viewerPolicy = (nonce: string): string => pagePolicy(nonce)

/**
 * Sets the policy on every answer that has none yet, after the route: a route that rendered a page
 * with a nonce (server/render.ts) set its own; other HTML (a static .html file) gets the page policy
 * without a nonce; anything else the API policy.
 */
export function contentSecurityPolicy(): MiddlewareHandler<AppEnv> {
  const STATIC_PAGE = Object.freeze({ "content-security-policy": pagePolicy() })
  const API = Object.freeze({ "content-security-policy": API_POLICY })
  return async (c, next) => {
    await next()
    if (c.res.headers.has("Content-Security-Policy")) return
    const html = (c.res.headers.get("Content-Type") ?? "").startsWith("text/html")
    setHeaders(c, html ? STATIC_PAGE : API)
  }
}
