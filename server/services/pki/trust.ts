import { sql } from "kysely"
import type { Db } from "../../db/index.ts"
import { parseCertificate } from "./certificate.ts"
import { DEFAULT_FETCH_SETTINGS, fetchRevocationData, type FetchSettings } from "./revocation/fetch.ts"
import type { Fetcher } from "./revocation/finding.ts"
import { foreignRevocation } from "./revocation/foreign.ts"
import type { CertificateInfo, RevocationAnswer, RevocationStatus, TrustStore } from "./types.ts"

/** The database's trust store; `ownRevocationOf` is our register's answer alone (a worker thread asks it, then fetches another CA's itself). */
export interface DbTrustStore extends TrustStore {
  ownRevocationOf(certificate: CertificateInfo): Promise<RevocationAnswer | null>
}

/**
 * Where validation learns what is trusted and what is revoked.
 * - roots: the trust_roots rows (the demo CA, the bundled accredited CAs' roots, a list staff
 *   uploaded), parsed once and kept until the list changes: each call asks the database only for the
 *   list's version (the count and the largest id, which every replacement moves).
 * - revocationOf: our CA's own register (the certificates table, from which its CRL is built) for a
 *   certificate our CA issued; for any other CA's, given its issuer, its CRL or OCSP answer fetched
 *   through `fetcher` (pki/revocation/; default: fetch.ts with the default settings).
 * Our CA is `ca` when given, else every root of source 'demo'.
 */
export function createTrustStore(db: Db, ca?: { readonly certificate: CertificateInfo } | null, fetcher?: Fetcher): DbTrustStore {
  const k = db.kysely
  let cache: { version: string; roots: readonly CertificateInfo[]; ours: readonly CertificateInfo[] } | null = null

  async function load() {
    const row = await k
      .selectFrom("trust_roots")
      .select([sql<number>`count(id)`.as("n"), sql<number | null>`max(id)`.as("m")])
      .executeTakeFirst()
    const version = `${row?.n ?? 0}:${row?.m ?? 0}`
    if (cache?.version === version) return cache
    const rows = await k.selectFrom("trust_roots").select(["der", "source"]).orderBy("id").execute()
    const roots: CertificateInfo[] = []
    const ours: CertificateInfo[] = ca ? [ca.certificate] : []
    for (const r of rows) {
      try {
        const info = parseCertificate(r.der)
        roots.push(info)
        if (!ca && r.source === "demo") ours.push(info)
      } catch {
        // A row that no longer parses is not trusted; the upload checks every certificate first.
      }
    }
    cache = { version, roots, ours }
    return cache
  }

  const fetch: Fetcher = fetcher ?? ((request) => fetchRevocationData(request, DEFAULT_FETCH_SETTINGS))
  async function ownRevocationOf(certificate: CertificateInfo): Promise<RevocationAnswer | null> {
    const { ours } = await load()
    const issuedByUs = ours.some(
      (c) => c.subject.text === certificate.issuer.text && (certificate.authorityKeyId === null || c.subjectKeyId === null || c.subjectKeyId === certificate.authorityKeyId),
    )
    if (!issuedByUs) return null
    const byPrint = await k.selectFrom("certificates").select(["status", "revoked_at", "revocation_reason"]).where("thumbprint", "=", certificate.thumbprint).executeTakeFirst()
    const row = byPrint ?? (await k.selectFrom("certificates").select(["status", "revoked_at", "revocation_reason"]).where("serial", "=", certificate.serial).executeTakeFirst())
    // Not in the register: not on our CRL either, which is built from it.
    if (!row) return { status: "good", revokedAt: null, reason: null }
    const status: RevocationStatus = row.status === "revoked" ? "revoked" : row.status === "suspended" ? "suspended" : "good"
    return status === "good"
      ? { status, revokedAt: null, reason: null }
      : { status, revokedAt: row.revoked_at ? new Date(row.revoked_at) : null, reason: row.revocation_reason }
  }

  return {
    async roots() {
      return (await load()).roots
    },
    ownRevocationOf,
    async revocationOf(certificate, issuer) {
      const own = await ownRevocationOf(certificate)
      if (own || !issuer) return own
      return foreignRevocation(certificate, issuer, fetch)
    },
  }
}

const stores = new WeakMap<Db, DbTrustStore>()

/**
 * The trust store of a database, one per database: the roots are parsed once and kept until the list
 * changes (validation, sign-in by certificate and МЧД uploads all ask through here). `settings`
 * (the config's revocation fetching) are the first caller's: one server, one config.
 */
export function trustStoreOf(db: Db, settings: FetchSettings = DEFAULT_FETCH_SETTINGS): DbTrustStore {
  let store = stores.get(db)
  if (!store) stores.set(db, (store = createTrustStore(db, null, (request) => fetchRevocationData(request, settings))))
  return store
}
