import { SEARCH_QUERY_MAX } from "../../../schemas/constants.ts"
import type { SearchKindName } from "../../../schemas/messages/common.ts"

/**
 * The /search page's loader (no React: the route table imports it): `?q=` and `?page=` of the address,
 * the answer of GET /api/v2/search/ for them, or no answer when there is no query.
 */
type ApiGet = <T>(path: string) => Promise<T>

/** Plain text and the [start, end) spans of the query's words in it. */
export interface Marked {
  readonly text: string
  readonly marks: readonly (readonly [number, number])[]
}

export interface SearchHit {
  readonly kind: SearchKindName
  readonly kind_label: string
  readonly id: string
  readonly url: string
  readonly title: Marked
  readonly snippet: Marked
}

export interface SearchAnswer {
  readonly data: readonly SearchHit[]
  readonly meta: { readonly total: number; readonly page: number; readonly per: number; readonly q: string }
}

export interface SearchData {
  readonly q: string
  readonly answer: SearchAnswer | null
}

export type Loaded<D> = { readonly data: D; readonly status?: undefined } | { readonly status: number; readonly data?: undefined }

export const searchHref = (q: string, page = 1) => {
  const query = new URLSearchParams({ q })
  if (page > 1) query.set("page", String(page))
  return `/search?${query}`
}

export async function loadSearch({ search, get }: { search: string; get: ApiGet }): Promise<Loaded<SearchData>> {
  const params = new URLSearchParams(search)
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_QUERY_MAX)
  const rawPage = params.get("page") ?? "1"
  if (!/^[1-9]\d{0,3}$/.test(rawPage)) return { status: 404 }
  if (!q) return { data: { q, answer: null } }
  const answer = await get<SearchAnswer>(`/api/v2/search/?${new URLSearchParams({ q, page: rawPage })}`)
  if (answer.meta.page > 1 && answer.data.length === 0) return { status: 404 }
  return { data: { q, answer } }
}
