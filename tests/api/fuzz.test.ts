import fc from "fast-check"
import { beforeAll, describe, expect, it } from "vitest"
import { mountedApiRoutes } from "../support/api-routes.ts"
import { DEMO_USER, signInUser } from "../support/users.ts"
import { type FuzzBody, hostileBody, hostileParam } from "./fuzz-bodies.ts"
import { changedTables, rowCounts } from "./fuzz-rows.ts"
import { serverWithAdmin } from "./harness.ts"

/**
 * Hostile input (docs/production.md): every write endpoint of the API (POST, PUT, PATCH, DELETE under /api/, read
 * from the app's own routes, so a new endpoint is fuzzed without editing this file) gets generated
 * bodies that no endpoint may accept (tests/api/fuzz-bodies.ts), as an anonymous visitor, a customer
 * and staff (the administrator), with path parameters that name no record. No answer may be a 5xx or
 * leak internals, and no table may gain or lose a row (the request counters aside: tests/api/fuzz-rows.ts).
 * FUZZ_RUNS bodies (2,000 in `npm test`; `npm run soak` sends 10,000), FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000)
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31)
const CONCURRENCY = 6

type Identity = "anonymous" | "customer" | "staff"
const IDENTITIES: readonly Identity[] = ["anonymous", "customer", "staff"]

/**
 * Endpoints that read no body and act on the caller alone: with a token they do their job whatever is
 * sent (sign-out revokes the token; the myDSS profile is made on first ask; a second factor's enrolment starts with a new
 * secret). Fuzzed anonymously only.
 */
const BODYLESS = new Set(["POST /api/v1/users/sign_out", "DELETE /api/v1/users/sign_out", "DELETE /api/v2/crm/sign_out", "POST /api/v1/lk/dss_profile", "POST /api/v2/crm/totp"])

/** A sink that answers 204 to whatever a browser sends (CSP reports: counted in memory, never stored). */
const SINKS = new Set(["POST /api/csp-report"])

interface Endpoint {
  readonly method: string
  readonly path: string
}

/** The write endpoints the app declares, one per method and path. */
async function writeEndpoints(dataDir: string): Promise<Endpoint[]> {
  const seen = new Map<string, Endpoint>()
  for (const r of await mountedApiRoutes(dataDir)) if (["POST", "PUT", "PATCH", "DELETE"].includes(r.method)) seen.set(`${r.method} ${r.path}`, r)
  return [...seen.values()]
}

interface Outcome {
  readonly endpoint: string
  readonly identity: Identity
  readonly kind: string
  readonly status: number
  readonly leak: string | null
  readonly size?: number
  readonly error?: string
}

const size = (b: FuzzBody) => (typeof b.data === "string" ? b.data.length : (b.data?.length ?? 0))

const LEAKS: readonly [string, RegExp][] = [
  ["stack trace", /\bat .*[\\/].*:\d+/],
  ["file path", /(\/work\/|\/home\/|node_modules|\.ts:\d+|\.js:\d+)/],
  ["exception", /\b[A-Za-z]*Error:/],
]

// Every request from its own address (X-Forwarded-For, trusted): the per-address limits must not stop
// the bodies before the decoders see them.
const api = serverWithAdmin({ env: { TRUST_PROXY: "1" } })
const tokens = new Map<Identity, string | undefined>()

beforeAll(async () => {
  tokens.set("anonymous", undefined)
  tokens.set("customer", (await signInUser(api.url, DEMO_USER.email)).jwt)
  tokens.set("staff", api.adminToken)
})

async function send(endpoint: Endpoint, identity: Identity, body: FuzzBody, params: readonly string[], n: number): Promise<Outcome> {
  let i = 0
  const path = endpoint.path.replace(/:[A-Za-z_]+\??/g, () => params[i++ % params.length]!)
  const headers: Record<string, string> = { "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` }
  const token = tokens.get(identity)
  if (token) headers.authorization = `Bearer ${token}`
  if (body.contentType) headers["content-type"] = body.contentType
  const init: RequestInit = { method: endpoint.method, headers, ...(body.data !== undefined ? { body: body.data as BodyInit } : {}) }
  let res: Response
  try {
    // Once more on a closed connection: a kept-alive socket the server closed after an earlier refusal.
    res = await fetch(api.url + path, init).catch(() => fetch(api.url + path, init))
  } catch (err) {
    // The server answered before reading the whole body and closed the connection (a refusal that does
    // not wait for the upload): no answer to judge, counted apart.
    return { endpoint: `${endpoint.method} ${endpoint.path}`, identity, kind: body.kind, status: 0, leak: null, size: size(body), error: String((err as Error).cause ?? err) }
  }
  const text = await res.text()
  const leak = LEAKS.find(([, re]) => re.test(text))
  return { endpoint: `${endpoint.method} ${endpoint.path}`, identity, kind: body.kind, status: res.status, leak: leak ? `${leak[0]}: ${text.slice(0, 300)}` : null }
}

describe("hostile input", () => {
  it(`${RUNS} generated bodies over every write endpoint × 3 identities: 0 5xx, 0 leaks, 0 rows`, { timeout: 600_000 }, async () => {
    const endpoints = await writeEndpoints(api.dataDir)
    expect(endpoints.length).toBeGreaterThan(100)
    const combos = endpoints.flatMap((e) => IDENTITIES.filter((id) => id === "anonymous" || !BODYLESS.has(`${e.method} ${e.path}`)).map((id) => [e, id] as const))
    const bodies = fc.sample(hostileBody, { numRuns: RUNS, seed: SEED })
    const params = fc.sample(fc.array(hostileParam, { minLength: 2, maxLength: 2 }), { numRuns: RUNS, seed: SEED + 1 })
    const before = await rowCounts(api.db())

    const outcomes: Outcome[] = []
    let next = 0
    const worker = async () => {
      while (next < RUNS) {
        const n = next++
        const [endpoint, identity] = combos[n % combos.length]!
        outcomes.push(await send(endpoint, identity, bodies[n]!, params[n]!, n))
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    const after = await rowCounts(api.db())

    const errors = outcomes.filter((o) => o.status >= 500)
    const leaks = outcomes.filter((o) => o.leak)
    const written = changedTables(before, after)
    const limited = outcomes.filter((o) => o.status === 429).length
    const accepted = outcomes.filter((o) => o.status >= 200 && o.status < 300 && !SINKS.has(o.endpoint))
    const dropped = outcomes.filter((o) => o.status === 0)
    const reached = new Set(outcomes.filter((o) => o.status !== 429).map((o) => `${o.endpoint} ${o.identity}`)).size
    const statuses = new Map<number, number>()
    for (const o of outcomes) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1)
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`)
    console.log(
      `fuzz: ${RUNS} bodies over ${endpoints.length} endpoints × 3 identities: ${errors.length} 5xx, ${leaks.length} leaks, ${Object.keys(written).length} rows ` +
        `(seed ${SEED}; ${reached} of ${combos.length} endpoint-identity pairs reached past the limits, ${limited} answered 429, ${dropped.length} connections closed before the body was read; statuses ${byStatus.join(" ")})`,
    )
    const sample = (list: Outcome[]) => [...new Map(list.map((o) => [`${o.endpoint} ${o.identity} ${o.kind} ${o.status}`, o])).values()].slice(0, 20)
    expect(sample(errors), "5xx answers").toEqual([])
    expect(sample(leaks), "leaks").toEqual([])
    expect(sample(accepted), "hostile bodies accepted").toEqual([])
    expect(written, "rows written").toEqual({})
    // Only a big body may find the connection closed: the server refused before reading it all.
    expect(sample(dropped.filter((o) => (o.size ?? 0) < 64 * 1024)), "connections closed on small bodies").toEqual([])
    // Prototype pollution: the server runs in this process.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
  })
})
