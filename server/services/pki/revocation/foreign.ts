import { validationMessages } from "../../../../schemas/validation-messages.ts"
import type { CertificateInfo, RevocationAnswer } from "../types.ts"
import { crlFinding } from "./crl-check.ts"
import type { Fetcher } from "./finding.ts"
import { ocspFinding, ocspUrlsOf } from "./ocsp.ts"

const t = validationMessages.revocationUnchecked

/** Addresses tried of each kind: a certificate naming dozens would hold the check for minutes. */
const MAX_URLS = 3

/** http(s) addresses first: an ldap:// one beside them is refused, and its reason would hide theirs. */
const httpFirst = (urls: readonly string[]) => [...urls].sort((a, b) => Number(!/^https?:/i.test(a)) - Number(!/^https?:/i.test(b))).slice(0, MAX_URLS)

/**
 * Another CA's certificate's status, asked of its own sources: the CRLs it names (each fetched, its
 * issuer and signature checked against `issuer`), then its OCSP responders. The first that answers
 * decides; when none does, 'not_checked' with the first reason.
 */
export async function foreignRevocation(certificate: CertificateInfo, issuer: CertificateInfo, fetcher: Fetcher, now: Date = new Date()): Promise<RevocationAnswer> {
  const reasons: string[] = []
  for (const url of httpFirst(certificate.crlDistributionPoints)) {
    const found = await crlFinding(certificate, issuer, url, fetcher, now)
    if (found.kind === "status") return { status: found.status, revokedAt: found.revokedAt, reason: found.reason, note: null }
    reasons.push(found.reason)
  }
  for (const url of httpFirst(ocspUrlsOf(certificate))) {
    const found = await ocspFinding(certificate, issuer, url, fetcher, now)
    if (found.kind === "status") return { status: found.status, revokedAt: found.revokedAt, reason: found.reason, note: null }
    reasons.push(found.reason)
  }
  return { status: "not_checked", revokedAt: null, reason: null, note: reasons[0] ?? t.noAddress }
}
