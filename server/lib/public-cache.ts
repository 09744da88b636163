import { createHash } from "node:crypto"
import SqliteDatabase from "better-sqlite3"
import type { Context, MiddlewareHandler } from "hono"
import { sql } from "kysely"
import type { Config } from "../config.ts"
import type { Db } from "../db/index.ts"
import { asBody, COMPRESS_MIN_BYTES, type Encoding, keptEncoding, preferredEncoding, replaceResponse } from "./compression.ts"
import type { AppEnv } from "./env.ts"

/**
 * The public-read cache (docs/production.md, "Caching and compression"): the hot public reads (the
 * menu, cities, footer links, site configuration, pages, FAQ, news, banners, page settings, the
 * catalogue's tariffs, options, platforms, partners, offices) are answered from memory, the same for
 * everyone: the routes below never read a token or a cookie. Key: path and query. Value: the body's
 * bytes, its ETag, the whole header set (the secure headers and the CSP included, set once when the
 * answer was kept), and its Brotli and gzip bodies, each made once for the first client that asks.
 *
 * Invalidation across processes: the database's `cache_generation` row, bumped after every
 * successful CRM write (any method but GET under /api/v2/crm/) before that write's answer leaves.
 * An answer is kept under the generation read before the route ran, and served only while the row
 * still holds it, so a read that starts after a CRM write returned, in any process, sees the write.
 * The row is read for every cached request: on SQLite a synchronous read of a prepared statement on
 * a read-only connection of the same file (microseconds); on PostgreSQL one small query shared by
 * every request that arrived before it was sent. KEPT_MAX_MS bounds an answer's life all the same
 * (the banners of the day, a process killed between a write and its bump).
 */

/** The cached reads: GET of these paths (any query), with or without the trailing slash. */
export const CACHED_PATHS =
  /^\/api\/(?:v2\/(?:menu_items|cities|footer_links|site_config|pages|faq|post_sources|posts|page_banners|page_settings|page_meta|companies)|v1\/(?:uc\/(?:options|tariffs|platforms|partners)|findelivery_cities))(?:\/|$)/
/** Writes under this prefix (every CRM resource, the content, the catalogue, images) bump the generation. */
const CRM_PREFIX = "/api/v2/crm/"
/** How long a kept answer may serve at most, whatever the generation. */
const KEPT_MAX_MS = 60_000
/** Kept answers per process (cleared when full) and the largest body kept. */
const KEPT_ENTRIES = 500
const KEPT_BODY_MAX_BYTES = 1024 * 1024
/** Public reads the server-rendered pages make of other paths are shared this long (a burst costs one read). */
const SSR_SHARED_MS = 1000
/** Headers of the route's answer that are not kept: per request, or set by node:http from the body. */
const NOT_KEPT = new Set(["content-length", "date", "x-request-id", "connection", "keep-alive", "transfer-encoding", "cache-control", "etag", "vary"])

/** Public GETs (the cached ones and the static files) may be stored, and are revalidated every time. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate"

interface Kept {
  readonly generation: number
  readonly at: number
  readonly body: Buffer
  readonly etag: string
  /** The answer's headers: plain records @hono/node-server writes as they are, per encoding. */
  readonly identity: Readonly<Record<string, string>>
  readonly notModified: Readonly<Record<string, string>>
  encoded: Partial<Record<Encoding, { body: Buffer; headers: Readonly<Record<string, string>> }>>
  encoding: Partial<Record<Encoding, Promise<void>>>
  json?: unknown
}

export interface PublicCache {
  /** First in the app: answers cached reads, keeps the answers of the others, bumps after CRM writes. */
  readonly middleware: MiddlewareHandler<AppEnv>
  /** Whether this request's answer is the cache's to keep and compress (compression leaves it alone). */
  handles(c: Context): boolean
  /**
   * A public read as parsed JSON for the pages rendered on the server (server/render.ts): a kept
   * answer when there is one, else `load()`, shared while the generation holds (other paths: for
   * SSR_SHARED_MS).
   */
  json<T>(path: string, load: () => Promise<T>): Promise<T>
  /** Invalidates every process's kept answers (the CRM writes do it through the middleware). */
  bump(): Promise<void>
  /** The generation kept answers are served under now (null: caching off, or the database unreachable). */
  generation(): Promise<number | null>
  close(): void
}

/**
 * The headers of a kept answer: a Headers whose entries are the kept record (shared, frozen) plus
 * this answer's own (its request id), copied only if something changes them. Middleware that asks
 * `c.res.headers.has(...)` and @hono/node-server, which iterates them into node:http's record, then
 * cost a few property reads instead of filling undici's Headers with the whole set on every request
 * (measured: ~50 µs of the ~110 µs a cached read cost; docs/production.md).
 */
export class KeptHeaders extends Headers {
  #record: Record<string, string>
  #shared = true
  /** The answer's own header (its request id), beside the shared record until a change merges them. */
  #ownName: string | undefined
  #ownValue = ""
  constructor(record: Readonly<Record<string, string>>, ownName?: string, ownValue?: string) {
    super()
    this.#record = record as Record<string, string>
    if (ownName !== undefined && ownValue !== undefined) {
      this.#ownName = ownName
      this.#ownValue = ownValue
    }
  }
  #own(): Record<string, string> {
    if (this.#shared) {
      this.#record = { ...this.#record, ...(this.#ownName !== undefined ? { [this.#ownName]: this.#ownValue } : {}) }
      this.#ownName = undefined
      this.#shared = false
    }
    return this.#record
  }
  override get(name: string): string | null {
    const key = name.toLowerCase()
    return key === this.#ownName ? this.#ownValue : (this.#record[key] ?? null)
  }
  override has(name: string): boolean {
    const key = name.toLowerCase()
    return key === this.#ownName || key in this.#record
  }
  override set(name: string, value: string): void {
    this.#own()[name.toLowerCase()] = String(value)
  }
  override append(name: string, value: string): void {
    const had = this.get(name)
    this.#own()[name.toLowerCase()] = had === null ? String(value) : `${had}, ${value}`
  }
  override delete(name: string): void {
    if (this.has(name)) delete this.#own()[name.toLowerCase()]
  }
  override getSetCookie(): string[] {
    return []
  }
  override forEach(callback: (value: string, name: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this)
  }
  override *entries(): HeadersIterator<[string, string]> {
    for (const name in this.#record) yield [name, this.#record[name]!]
    if (this.#ownName !== undefined) yield [this.#ownName, this.#ownValue]
  }
  override *keys(): HeadersIterator<string> {
    for (const [name] of this.entries()) yield name
  }
  override *values(): HeadersIterator<string> {
    for (const [, value] of this.entries()) yield value
  }
  override [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.entries()
  }
}

/** `If-None-Match` against an ETag (weak comparison, as RFC 9110 asks of GET). */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = etag.replace(/^W\//, "")
  return ifNoneMatch.split(",").some((t) => {
    const tag = t.trim()
    return tag === "*" || tag.replace(/^W\//, "") === bare
  })
}

/** A weak ETag of a body: the SHA-1 of its bytes (the same bytes get the same tag in every process). */
export const etagOf = (body: Uint8Array): string => `W/"${createHash("sha1").update(body).digest("base64url")}"`

/** The request's path and query: the key of a kept answer. */
const keyOf = (url: string): string => url.slice(url.indexOf("/", url.indexOf("//") + 2))

/** Reads and bumps the generation row: synchronously on SQLite, batched on PostgreSQL. */
function generationSource(db: Db): { read(): number | Promise<number>; close(): void } {
  const query = async () => Number((await db.kysely.selectFrom("cache_generation").select("value").where("id", "=", 1).executeTakeFirstOrThrow()).value)
  if (db.dialect === "postgres") {
    let running: Promise<number> | null = null
    let next: Promise<number> | null = null
    // Each request is answered by a query sent after it arrived: one runs, the requests arriving
    // meanwhile wait for the next one, which all of them share.
    const read = (): Promise<number> => {
      if (!running) {
        running = query().finally(() => (running = null))
        return running
      }
      next ??= running.then(
        () => undefined,
        () => undefined,
      ).then(() => {
        next = null
        return read()
      })
      return next
    }
    return { read, close: () => {} }
  }
  // SQLite: the file the app's connection has open, read-only (WAL: readers never wait for writers).
  let reader: SqliteDatabase.Database | undefined
  let statement: SqliteDatabase.Statement | undefined
  let opening: Promise<void> | undefined
  const open = async () => {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db.kysely)
    reader = new SqliteDatabase(rows[0]!.file, { readonly: true, fileMustExist: true })
    statement = reader.prepare("select value from cache_generation where id = 1").pluck()
  }
  const read = (): number | Promise<number> => {
    if (statement) return Number(statement.get())
    opening ??= open().catch((err: unknown) => {
      opening = undefined
      throw err
    })
    return opening.then(() => Number(statement!.get()))
  }
  return { read, close: () => reader?.close() }
}

export function createPublicCache(db: Db, config: Pick<Config, "publicCache">): PublicCache {
  const source = generationSource(db)
  const kept = new Map<string, Kept>()
  const shared = new Map<string, { generation: number; at: number; value: Promise<unknown> }>()
  // Requests whose answers the middleware keeps (compression must leave them as they are).
  const keeping = new WeakSet<Request>()

  const generation = async (): Promise<number | null> => {
    try {
      return await source.read()
    } catch {
      // No row (a database not migrated yet) or the database unreachable: no caching for this request.
      return null
    }
  }
  const fresh = (k: Kept | undefined, gen: number, now: number): k is Kept => !!k && k.generation === gen && now - k.at < KEPT_MAX_MS

  const keep = async (key: string, gen: number, res: Response): Promise<Kept | null> => {
    const type = res.headers.get("content-type") ?? ""
    if (res.status !== 200 || !type.startsWith("application/json") || res.headers.has("set-cookie") || res.headers.has("content-encoding")) return null
    const body = Buffer.from(await res.arrayBuffer())
    if (body.byteLength > KEPT_BODY_MAX_BYTES) return null
    const etag = etagOf(body)
    const headers: Record<string, string> = {}
    res.headers.forEach((value, name) => {
      if (!NOT_KEPT.has(name)) headers[name] = value
    })
    Object.assign(headers, { "cache-control": PUBLIC_CACHE_CONTROL, etag, vary: "Accept-Encoding" })
    const notModified: Record<string, string> = { etag, "cache-control": PUBLIC_CACHE_CONTROL, vary: "Accept-Encoding" }
    for (const name in headers) if (name !== "content-type") notModified[name] ??= headers[name]!
    const entry: Kept = {
      generation: gen,
      at: Date.now(),
      body,
      etag,
      identity: Object.freeze({ ...headers, "content-length": String(body.byteLength) }),
      notModified: Object.freeze(notModified),
      encoded: {},
      encoding: {},
    }
    if (kept.size >= KEPT_ENTRIES) kept.clear()
    kept.set(key, entry)
    return entry
  }

  /** The kept answer for this request: 304, or the body in the encoding asked for (made once). */
  const answer = async (c: Context<AppEnv>, k: Kept): Promise<Response> => {
    // The request's own id (server/lib/request-id.ts) rides on the kept headers, so nothing after has to touch them.
    const id = c.get("requestId")
    const headers = (kept: Readonly<Record<string, string>>) => new KeptHeaders(kept, id ? "x-request-id" : undefined, id)
    if (matchesEtag(c.req.header("if-none-match"), k.etag)) return new Response(null, { status: 304, headers: headers(k.notModified) })
    const encoding = k.body.byteLength >= COMPRESS_MIN_BYTES ? preferredEncoding(c.req.header("accept-encoding")) : null
    if (encoding) {
      if (!k.encoded[encoding]) {
        await (k.encoding[encoding] ??= keptEncoding(k.body, encoding).then((body) => {
          k.encoded[encoding] = { body, headers: Object.freeze({ ...k.identity, "content-encoding": encoding, "content-length": String(body.byteLength) }) }
        }))
      }
      const e = k.encoded[encoding]!
      return new Response(asBody(e.body), { status: 200, headers: headers(e.headers) })
    }
    return new Response(asBody(k.body), { status: 200, headers: headers(k.identity) })
  }

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const method = c.req.method
    // HEAD runs the GET route (hono drops the body after): a monitor's or link checker's HEAD is kept too.
    if (method === "GET" || method === "HEAD") {
      if (!config.publicCache || !CACHED_PATHS.test(c.req.path)) return next()
      const gen = await generation()
      if (gen === null) return next()
      const key = keyOf(c.req.url)
      const hit = kept.get(key)
      if (fresh(hit, gen, Date.now())) return answer(c, hit)
      keeping.add(c.req.raw)
      await next()
      const entry = await keep(key, gen, c.res)
      if (entry) replaceResponse(c, await answer(c, entry))
      return
    }
    if (method === "OPTIONS" || !c.req.path.startsWith(CRM_PREFIX)) return next()
    await next()
    // After the write, before its answer leaves: the next read anywhere sees it.
    if (c.res.status < 400) await bump()
  }

  const bump = async (): Promise<void> => {
    await db.kysely
      .updateTable("cache_generation")
      .set({ value: sql`value + 1` })
      .where("id", "=", 1)
      .execute()
    kept.clear()
    shared.clear()
  }

  const json = async <T>(path: string, load: () => Promise<T>): Promise<T> => {
    const cached = config.publicCache && CACHED_PATHS.test(path.split("?")[0]!)
    const gen = cached ? await generation() : null
    const now = Date.now()
    if (gen !== null) {
      const k = kept.get(path)
      if (fresh(k, gen, now)) return (k.json ??= JSON.parse(k.body.toString("utf8"))) as T
    }
    const hit = shared.get(path)
    if (hit && hit.generation === (gen ?? -1) && now - hit.at < (gen !== null ? KEPT_MAX_MS : SSR_SHARED_MS)) return hit.value as Promise<T>
    if (shared.size >= KEPT_ENTRIES) shared.clear()
    const value = load()
    shared.set(path, { generation: gen ?? -1, at: now, value })
    value.catch(() => shared.delete(path))
    return value
  }

  return {
    middleware,
    handles: (c) => keeping.has(c.req.raw),
    json,
    bump,
    generation: () => (config.publicCache ? generation() : Promise.resolve(null)),
    close: () => source.close(),
  }
}
