import type { RevocationStatus } from "../types.ts"
import type { FetchRequest, FetchResult } from "./fetch.ts"

/** How revocation data is fetched: fetch.ts directly on the main thread, through it by a host call from a worker thread. */
export type Fetcher = (request: FetchRequest) => Promise<FetchResult>

/** What one source (a CRL, an OCSP responder) says: a status, or why it could not say. */
export type Finding =
  | { readonly kind: "status"; readonly status: Exclude<RevocationStatus, "not_checked">; readonly revokedAt: Date | null; readonly reason: number | null }
  | { readonly kind: "failed"; readonly reason: string }
