import { validationMessages } from "../../../../schemas/messages/validation.ts"
import type { CertificateInfo, RevocationAnswer } from "../types.ts"
import { crlFinding } from "./crl-check.ts"
import type { Fetcher } from "./finding.ts"
import { ocspFinding, ocspUrlsOf } from "./ocsp.ts"

const t = validationMessages.revocationUnchecked

/** Addresses tried of each kind: a certificate naming dozens would hold the check for minutes. */
const MAX_URLS = 3
/** No further address is tried once a certificate's check has taken this long (each fetch has its own 5 s). */
const BUDGET_MS = 8000

/** http(s) addresses first: an ldap:// one beside them is refused, and its reason would hide theirs. */
const httpFirst = (urls: readonly string[]) => [...urls].sort((a, b) => Number(!/^https?:/i.test(a)) - Number(!/^https?:/i.test(b))).slice(0, MAX_URLS)

/**
 * Another CA's certificate's status, asked of its own sources: the CRLs it names (each fetched, its
 * issuer and signature checked against `issuer`), then its OCSP responders. The first that answers
 * decides; when none does, 'not_checked' with the first reason.
 */
export async function foreignRevocation(certificate: CertificateInfo, issuer: CertificateInfo, fetcher: Fetcher, now: Date = new Date()): Promise<RevocationAnswer> {
  const reasons: string[] = []
  const started = Date.now()
  const sources = [...httpFirst(certificate.crlDistributionPoints).map((url) => ({ url, ask: crlFinding })), ...httpFirst(ocspUrlsOf(certificate)).map((url) => ({ url, ask: ocspFinding }))]
  for (const { url, ask } of sources) {
    if (Date.now() - started > BUDGET_MS) {
      reasons.push(t.budget)
      break
    }
    const found = await ask(certificate, issuer, url, fetcher, now)
    if (found.kind === "status") return { status: found.status, revokedAt: found.revokedAt, reason: found.reason, note: null }
    reasons.push(found.reason)
  }
  return { status: "not_checked", revokedAt: null, reason: null, note: reasons[0] ?? t.noAddress }
}
