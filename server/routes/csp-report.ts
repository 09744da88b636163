import type { Context, Hono } from "hono"
import { messages } from "../../schemas/messages/common.ts"
import { requestMessages } from "../../schemas/messages/request.ts"
import { CSP_REPORT_PATH } from "../lib/csp.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { bodyCap } from "../lib/http.ts"
import { clientIp } from "../lib/throttle.ts"

/** A report is a few hundred bytes; a batch of the Reporting API a few kilobytes. */
export const CSP_REPORT_MAX_BYTES = 64 * 1024
/** Reports counted per client address and minute; more are answered 429 and not counted. */
export const CSP_REPORTS_PER_MINUTE = 60
const WINDOW_MS = 60_000
/** Addresses remembered at most (a flood from many addresses forgets the oldest window). */
const MAX_ADDRESSES = 10_000

/** The violations this process received since it started: the figure of docs/production.md. */
const received = { violations: 0 }
export const cspViolationCount = (): number => received.violations

/** One violation as logged: the directive, and addresses cut to origin and path (no query: personal data). */
interface Violation {
  readonly directive: string
  readonly blocked: string
  readonly document: string
}

const str = (v: unknown): string => (typeof v === "string" ? v.slice(0, 200) : "")
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

/** An address without its query and fragment; keywords ('inline', 'eval') as they are. */
function bare(value: unknown): string {
  const text = str(value)
  try {
    const url = new URL(text)
    return url.origin === "null" ? url.protocol : `${url.origin}${url.pathname}`
  } catch {
    return text.replace(/[?#].*$/, "")
  }
}

/**
 * The violations of a body: `application/csp-report` (`{"csp-report": {...}}`, report-uri) or
 * `application/reports+json` (`[{type: "csp-violation", body: {...}}]`, the Reporting API). Anything
 * else holds none.
 */
export function violationsOf(body: unknown): Violation[] {
  const one = (r: Record<string, unknown>, legacy: boolean): Violation => ({
    directive: str(legacy ? (r["effective-directive"] ?? r["violated-directive"]) : r.effectiveDirective),
    blocked: bare(legacy ? r["blocked-uri"] : r.blockedURL),
    document: bare(legacy ? r["document-uri"] : r.documentURL),
  })
  if (isObject(body) && isObject(body["csp-report"])) return [one(body["csp-report"], true)]
  if (!Array.isArray(body)) return []
  return body.filter((r) => isObject(r) && r.type === "csp-violation" && isObject(r.body)).map((r) => one((r as { body: Record<string, unknown> }).body, false))
}

/**
 * `POST /api/csp-report`: browsers' reports of what the Content-Security-Policy blocked (server/lib/csp.ts).
 * Each violation is counted and logged as one structured line; 204 with no body. Bodies over
 * CSP_REPORT_MAX_BYTES are 413, a body that is not JSON 400, more than CSP_REPORTS_PER_MINUTE reports
 * from one address 429; nothing is stored.
 */
export function cspReportRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const windows = new Map<string, { start: number; n: number }>()
  const allowed = (c: Context): boolean => {
    const ip = clientIp(c, deps.config)
    const now = Date.now()
    const w = windows.get(ip)
    if (!w || now - w.start >= WINDOW_MS) {
      if (!w && windows.size >= MAX_ADDRESSES) windows.delete(windows.keys().next().value!)
      windows.set(ip, { start: now, n: 1 })
      return true
    }
    w.n += 1
    return w.n <= CSP_REPORTS_PER_MINUTE
  }

  app.post(
    CSP_REPORT_PATH,
    bodyCap(CSP_REPORT_MAX_BYTES),
    async (c) => {
      if (!allowed(c)) return c.json({ error: requestMessages.throttled }, 429)
      let body: unknown
      try {
        body = JSON.parse(await c.req.text())
      } catch {
        return c.json({ message: messages.http.badJson }, 400)
      }
      for (const violation of violationsOf(body)) {
        received.violations += 1
        deps.log.warn({ reqId: c.get("requestId"), csp: violation, count: received.violations }, "csp violation")
      }
      return c.body(null, 204)
    },
  )
}
