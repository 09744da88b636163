import { dayTimeInline } from "../../../../schemas/dates.ts"
import { validationMessages } from "../../../../schemas/messages/validation.ts"
import { type CrlEntryInfo, parseCrl, verifyCrl } from "../crl.ts"
import type { CertificateInfo } from "../types.ts"
import type { Fetcher, Finding } from "./finding.ts"
import { crlIssuerDer, sameBytes, subjectDer } from "./name-der.ts"

const t = validationMessages.revocationUnchecked

/** Largest CRL taken (the big Russian CAs' lists run to a few MB). */
export const CRL_MAX_BYTES = 10 * 1024 * 1024
/** A list that could not be had is asked again after this long, not on every check. */
const FAILURE_KEPT_MS = 60_000
/** A list without nextUpdate is kept this long. */
const NO_NEXT_UPDATE_KEPT_MS = 60 * 60_000
/** At most this many lists, and this many entries in all of them, are kept (the oldest go first). */
const MAX_LISTS = 32
const MAX_ENTRIES = 2_000_000

/** A verified list reduced to its entries by serial, or why none could be had; kept until `until`. */
interface Kept {
  readonly until: number
  readonly entries: ReadonlyMap<string, CrlEntryInfo> | null
  readonly failure: string | null
}

const kept = new Map<string, Kept>()
const pending = new Map<string, Promise<Kept>>()

function keep(key: string, value: Kept): Kept {
  kept.delete(key)
  kept.set(key, value)
  let total = 0
  for (const v of kept.values()) total += v.entries?.size ?? 0
  for (const [k, v] of kept) {
    if (kept.size <= MAX_LISTS && total <= MAX_ENTRIES) break
    if (k === key) continue
    total -= v.entries?.size ?? 0
    kept.delete(k)
  }
  return value
}

/** The list at `url` fetched, parsed, and checked: its issuer is `issuer` by name (and key identifier) and its signature verifies with `issuer`'s key. */
async function load(url: string, issuer: CertificateInfo, fetcher: Fetcher, now: number): Promise<Kept> {
  const failure = (reason: string): Kept => ({ until: now + FAILURE_KEPT_MS, entries: null, failure: reason })
  const answer = await fetcher({ url, maxBytes: CRL_MAX_BYTES, accept: "application/pkix-crl, */*" })
  if (!answer.ok) return failure(answer.reason)
  let crl: ReturnType<typeof parseCrl>
  try {
    crl = parseCrl(answer.bytes)
  } catch {
    return failure(t.notCrl(url))
  }
  const sameName = crl.issuer.text === issuer.subject.text || sameBytes(crlIssuerDer(crl.der), subjectDer(issuer.der))
  if (!sameName || (crl.authorityKeyId !== null && issuer.subjectKeyId !== null && crl.authorityKeyId !== issuer.subjectKeyId)) return failure(t.crlIssuer(url))
  if (!verifyCrl(crl, issuer)) return failure(t.crlSignature(url))
  const next = crl.nextUpdate?.getTime() ?? null
  if (next !== null && next < now) return failure(t.crlStale(url, dayTimeInline(new Date(next))))
  return { until: next ?? now + NO_NEXT_UPDATE_KEPT_MS, entries: new Map(crl.entries.map((e) => [e.serial, e])), failure: null }
}

/**
 * `certificate`'s status on the CRL at `url` that `issuer` signed: kept per issuer and address until the
 * list's nextUpdate (a failure for a minute), one fetch at a time per list.
 */
export async function crlFinding(certificate: CertificateInfo, issuer: CertificateInfo, url: string, fetcher: Fetcher, now: Date = new Date()): Promise<Finding> {
  const key = `${issuer.thumbprint} ${url}`
  let found = kept.get(key)
  if (!found || found.until <= now.getTime()) {
    let loading = pending.get(key)
    if (!loading) {
      loading = load(url, issuer, fetcher, now.getTime())
        .then((value) => keep(key, value))
        .finally(() => pending.delete(key))
      pending.set(key, loading)
    }
    found = await loading
  }
  if (!found.entries) return { kind: "failed", reason: found.failure ?? t.notCrl(url) }
  const entry = found.entries.get(certificate.serial)
  // removeFromCRL (8) lifts a hold in a delta list: the certificate is good again.
  if (!entry || entry.reason === 8) return { kind: "status", status: "good", revokedAt: null, reason: null }
  // certificateHold (6) is a suspension, not a revocation.
  return { kind: "status", status: entry.reason === 6 ? "suspended" : "revoked", revokedAt: entry.revokedAt, reason: entry.reason }
}

/** Forgets every kept list (tests). */
export function forgetCrls(): void {
  kept.clear()
}
