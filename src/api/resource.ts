import { type ApiClient, api, asClientError, call } from "./client.ts"
import type { ClientError } from "./errors.ts"

/**
 * The generic client of one API resource (SPEC.md sections 7 and 8), used for every resource the site
 * and the CRM read: menu, cities, footer links, site config, CRM records.
 *
 * Contract:
 * - `list(query?)` — GET `{path}/` with the query as given (no defaults added: a CRM list passes its
 *   own `page` and `per`). Answers `{ data, included, meta: { total_pages, total_count } }`, each
 *   record through `decode`; an answer without `meta` counts as one page of `data.length` records.
 *   **A read failure** (any status, the network, an answer that does not decode) **answers an empty
 *   result with 0 pages** (`data: []`, `total_pages: 0`, `total_count: 0`) carrying the failure in
 *   `error` (null on success), so a caller that must tell "nothing" from "failed" (the CRM list) can.
 * - `read(id?)` — GET `{path}/{id}/` (or `{path}/` without an id: a singleton such as the site
 *   config). Answers `data` through `decode`, or **null on a read failure** (404 as any other).
 * - Both call `onReadFailure(error)` (the resource's, or the call's own) with the section 8
 *   ClientError of a failed read: the caller decides whether it is an alert, a 404 page or nothing.
 *   Reads never reject.
 * - `create(payload)` — POST `{path}/`; `update(id, payload, method?)` — PUT (default) or PATCH
 *   `{path}/{id}/`. The payload goes wrapped in `{ [wrapper]: payload }` when the resource names a
 *   wrapper (`menu_item`, `city`), else as it is; the answer's `data` through `decode`. **Their
 *   failures pass up** as ClientError (a 422 carries the field errors in `details`).
 * - `remove(id)` — DELETE `{path}/{id}/`; a failure passes up as ClientError.
 * `path` has no trailing slash (`/api/v2/cities`); ids are URL-encoded. Decoding is the caller's
 * function, so this module brings no schema library into a page's first JavaScript.
 */
export interface ListResult<T> {
  readonly data: readonly T[]
  /** JSON:API `included` records (the public menu's nested items), as answered. */
  readonly included: readonly unknown[]
  readonly meta: { readonly total_pages: number; readonly total_count: number }
  /** The read failure behind an empty result, or null. */
  readonly error: ClientError | null
}

export type ListQuery = Readonly<Record<string, string | number | boolean | undefined>>

export interface ReadOptions {
  /** Called with the failure of this read (instead of the resource's `onReadFailure`). */
  readonly onReadFailure?: ((error: ClientError) => void) | undefined
}

export interface ResourceOptions<T> {
  /** E.g. `/api/v2/crm/menu_items`, no trailing slash. */
  readonly path: string
  /** One record of an answer's `data` → T; throws on a record it cannot read. Default: as answered. */
  readonly decode?: ((raw: unknown) => T) | undefined
  /** The body wrapper of create and update (`menu_item`), if the API wants one. */
  readonly wrapper?: string | undefined
  readonly onReadFailure?: ((error: ClientError) => void) | undefined
  /** The HTTP client (tests pass one with another base URL); default the browser's `api`. */
  readonly client?: ApiClient | undefined
}

export interface Resource<T> {
  list(query?: ListQuery, options?: ReadOptions): Promise<ListResult<T>>
  read(id?: string, options?: ReadOptions): Promise<T | null>
  create(payload: unknown): Promise<T>
  update(id: string, payload: unknown, method?: "PUT" | "PATCH"): Promise<T>
  remove(id: string): Promise<void>
}

/** The empty result a failed list read answers (SPEC.md section 8). */
export const emptyList = <T>(error: ClientError | null = null): ListResult<T> => ({ data: [], included: [], meta: { total_pages: 0, total_count: 0 }, error })

interface Answer {
  readonly data?: unknown
  readonly included?: unknown
  readonly meta?: { readonly total_pages?: unknown; readonly total_count?: unknown }
}

const count = (v: unknown, fallback: number): number => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : fallback)

export function createResource<T = unknown>(options: ResourceOptions<T>): Resource<T> {
  const { path, wrapper } = options
  const client = options.client ?? api
  const decode = options.decode ?? ((raw: unknown) => raw as T)
  const itemPath = (id: string) => `${path}/${encodeURIComponent(id)}/`
  const failed = (err: unknown, own: ReadOptions | undefined): ClientError => {
    const error = asClientError(err)
    ;(own?.onReadFailure ?? options.onReadFailure)?.(error)
    return error
  }
  const body = (payload: unknown) => (wrapper ? { [wrapper]: payload } : payload) as Record<string, unknown>

  return {
    async list(query, own) {
      try {
        const answer = await client<Answer>(`${path}/`, query ? { query: { ...query } } : {})
        if (!Array.isArray(answer.data)) throw new Error("list answer without data")
        const data = answer.data.map(decode)
        return {
          data,
          included: Array.isArray(answer.included) ? answer.included : [],
          meta: { total_pages: count(answer.meta?.total_pages, 1), total_count: count(answer.meta?.total_count, data.length) },
          error: null,
        }
      } catch (err) {
        return emptyList<T>(failed(err, own))
      }
    },
    async read(id, own) {
      try {
        return decode((await client<Answer>(id === undefined ? `${path}/` : itemPath(id))).data)
      } catch (err) {
        failed(err, own)
        return null
      }
    },
    create: (payload) => call(async () => decode((await client<Answer>(`${path}/`, { method: "POST", body: body(payload) })).data)),
    update: (id, payload, method = "PUT") => call(async () => decode((await client<Answer>(itemPath(id), { method, body: body(payload) })).data)),
    remove: (id) =>
      call(async () => {
        await client(itemPath(id), { method: "DELETE" })
      }),
  }
}
