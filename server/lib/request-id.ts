import { randomUUID } from "node:crypto"
import type { MiddlewareHandler } from "hono"
import type { AppEnv, Deps } from "./env.ts"
import { clientIp } from "./throttle.ts"

/** A client's own X-Request-Id is kept only when it is a short token that cannot forge a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/
/** Longer paths are cut in the log (a path is the client's text). */
const LOGGED_PATH_MAX = 200

/** The request's id: the client's (or its proxy's) X-Request-Id when it is safe, else a fresh UUID. */
export function requestIdOf(given: string | undefined): string {
  return given !== undefined && SAFE_REQUEST_ID.test(given) ? given : randomUUID()
}

/**
 * First middleware of the app: gives every request an id (context `requestId`), echoes it in the
 * answer's X-Request-Id, and logs one JSON line per request: method, path WITHOUT the query string
 * (queries carry INN, SNILS, e-mails), status, duration in ms, id and client address. Never a header
 * or a body. Errors are logged by the app's onError with the same id.
 */
export function requestLog(deps: Pick<Deps, "log" | "config">): MiddlewareHandler<AppEnv> {
  const { log, config } = deps
  return async (c, next) => {
    const started = performance.now()
    const id = requestIdOf(c.req.header("x-request-id"))
    c.set("requestId", id)
    // Set before the answer exists, it rides on the answers the routes build with c.json()/c.body() at no
    // cost; an answer built elsewhere (a Response returned as is) gets it afterwards.
    c.header("X-Request-Id", id)
    await next()
    if (!c.res.headers.has("x-request-id")) c.header("X-Request-Id", id)
    if (!log.isLevelEnabled("info")) return
    const path = c.req.path
    log.info({
      reqId: id,
      method: c.req.method,
      path: path.length > LOGGED_PATH_MAX ? path.slice(0, LOGGED_PATH_MAX) + "…" : path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ip: clientIp(c, config),
    })
  }
}
