import type { RevokedAnswer } from "./epoa-api.ts"
import { REVOKED_KEYS } from "./paths.ts"

/** GET of the site's API (the route table's `get`); its shape, without importing the app. */
type ApiGet = <T>(path: string) => Promise<T>
/** A loader's answer, as the route table takes it. */
type Loaded<D> = { readonly data: D; readonly status?: undefined } | { readonly status: number; readonly data?: undefined }

export interface RevokedData {
  readonly list: RevokedAnswer
  /** The filter's values as the address carries them (dd.mm.yyyy dates). */
  readonly filter: Readonly<Record<string, string>>
  /** The address's filter was refused by the API (422): the list is empty and the form says why. */
  readonly invalid: boolean
}

const EMPTY: RevokedAnswer = { data: [], meta: { total: 0, page: 1, pages: 1, per_page: 20 } }

/** The query of the revoked list from the page's address: the filter's fields and the page, nothing else. */
export function revokedQuery(search: string): Record<string, string> {
  const params = new URLSearchParams(search)
  const query: Record<string, string> = {}
  for (const key of [...REVOKED_KEYS, "page"]) {
    const v = params.get(key)?.trim()
    if (v) query[key] = v
  }
  return query
}

/** /epoa/revoked: the list for the address's filter and page (rendered on the server too: it works without scripts). */
export async function loadRevoked({ search, get }: { search: string; get: ApiGet }): Promise<Loaded<RevokedData>> {
  const query = revokedQuery(search)
  const { page: _page, ...filter } = query
  try {
    const list = await get<RevokedAnswer>(`/api/v1/epoa/revoked/?${new URLSearchParams(query)}`)
    if (list.meta.page > list.meta.pages && list.meta.total > 0) return { status: 404 }
    return { data: { list, filter, invalid: false } }
  } catch (err) {
    if ((err as { status?: unknown } | null)?.status === 422) return { data: { list: EMPTY, filter, invalid: true } }
    throw err
  }
}
