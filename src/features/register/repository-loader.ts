import type { CaRepository } from "../../../schemas/entities/ca-repository.ts"

/** GET of the site's API (the route table's `get`); its shape, without importing the app. */
type ApiGet = <T>(path: string) => Promise<T>
type Loaded<D> = { readonly data: D; readonly status?: undefined } | { readonly status: number; readonly data?: undefined }

/** One row of `GET /api/v2/documents/revoked_certificate/` (server/routes/documents.ts). */
export interface RevokedCertificateRow {
  readonly id: string
  readonly attributes: {
    readonly serial: string
    readonly status: string
    readonly owner: string | null
    readonly issuer: string
    readonly revoked_at: string | null
    readonly reason: string | null
  }
}

export interface RevokedCertificates {
  readonly data: readonly RevokedCertificateRow[]
  readonly meta: { readonly total_pages: number; readonly total_count: number; readonly page: number; readonly per: number }
}

export interface RepositoryData {
  readonly repository: CaRepository["data"]
  readonly revoked: RevokedCertificates
}

export const REPOSITORY_PATH = "/uc_repository"
/** Twenty revoked certificates a page: the page stays short on a phone. */
export const REVOKED_PER_PAGE = 20

/** The page of the revoked list from the address (`?page=`), 1 when absent; null for a value no page has. */
function pageOf(search: string): number | null {
  const raw = new URLSearchParams(search).get("page")
  if (raw === null || raw === "") return 1
  return /^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : null
}

export const repositoryHref = (page: number) => (page > 1 ? `${REPOSITORY_PATH}?page=${page}` : REPOSITORY_PATH)

/**
 * /uc_repository: the CA's repository and one page of the revoked list (the spec's default document
 * type), both loaded on the server too, so the page and its paging work without scripts.
 */
export async function loadRepository({ search, get }: { search: string; get: ApiGet }): Promise<Loaded<RepositoryData>> {
  const page = pageOf(search)
  if (page === null) return { status: 404 }
  const [repository, revoked] = await Promise.all([
    get<CaRepository>("/api/v2/ca_repository/"),
    get<RevokedCertificates>(`/api/v2/documents/revoked_certificate/?page=${page}&per=${REVOKED_PER_PAGE}`),
  ])
  if (page > revoked.meta.total_pages) return { status: 404 }
  return { data: { repository: repository.data, revoked } }
}
