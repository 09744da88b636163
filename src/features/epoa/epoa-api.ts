import type { EpoaRecord } from "../../../schemas/entities/epoa.ts"
import type { FormValues } from "../../../schemas/forms/types.ts"
import { api } from "../../api/client.ts"

/** The public searches' answer: the МЧД, or null when nothing matched (docs/epoa.md). */
export interface EpoaSearchAnswer {
  readonly data: EpoaRecord | null
}

export interface RevokedAnswer {
  readonly data: readonly EpoaRecord[]
  readonly meta: { readonly total: number; readonly page: number; readonly pages: number; readonly per_page: number }
}

/** epoa_search_principal_frm → `POST /api/v1/epoa/search/principal/` (the captcha travels in the body). */
export const searchByPrincipal = (values: FormValues) => api<EpoaSearchAnswer>("/api/v1/epoa/search/principal/", { method: "POST", body: values })

/** epoa_search_representative_frm → `POST /api/v1/epoa/search/representative/`. */
export const searchByRepresentative = (values: FormValues) => api<EpoaSearchAnswer>("/api/v1/epoa/search/representative/", { method: "POST", body: values })

/** `GET /api/v1/epoa/revoked/` with the filter's values and the page. */
export function loadRevoked(query: Readonly<Record<string, string>>): Promise<RevokedAnswer> {
  return api<RevokedAnswer>("/api/v1/epoa/revoked/", { query })
}

export const SAMPLE_URL = "/api/v1/epoa/sample.xml"
