import { readableName } from "../../../schemas/certificate-names.ts"
import { dayTimeInline, shortDay } from "../../../schemas/dates.ts"
import { validationMessages as t } from "../../../schemas/messages/validation.ts"
import { parseCertificate, verifyCertificateSignature } from "./certificate.ts"
import { CRL_REASONS } from "./oids.ts"
import type { CertificateInfo, CertificateReport, ChainStatus, DistinguishedName, RevocationAnswer, SignatureReport, SignerReport, TrustStore } from "./types.ts"

/** Longest chain we follow (a root, a few intermediates and the leaf; more is a loop or an attack). */
const MAX_CHAIN = 8

const isInfo = (input: unknown): input is CertificateInfo => typeof input === "object" && input !== null && !(input instanceof Uint8Array) && "thumbprint" in input

export interface ValidateOptions {
  /** Certificates that may be intermediates (a CMS's own certificates). */
  readonly intermediates?: readonly CertificateInfo[]
  /**
   * The time a revocation is judged at: a certificate revoked later than this still counts as good for
   * it (a CAdES-T signature timestamped before the revocation). Default: now.
   */
  readonly revocationAt?: Date
}

/** The issuer of `cert` among `pool`: the same name, the same key identifier when both are there, and a signature that verifies. */
function issuerOf(cert: CertificateInfo, pool: readonly CertificateInfo[]): { issuer: CertificateInfo | null; candidates: number } {
  const candidates = pool.filter(
    (c) =>
      c.thumbprint !== cert.thumbprint &&
      c.subject.text === cert.issuer.text &&
      (cert.authorityKeyId === null || c.subjectKeyId === null || c.subjectKeyId === cert.authorityKeyId),
  )
  return { issuer: candidates.find((c) => verifyCertificateSignature(cert, c)) ?? null, candidates: candidates.length }
}

/**
 * The certificate's report: the chain built by issuer name and key identifiers up to a root of the
 * store (intermediates from `options.intermediates` or the roots list), each link's signature
 * verified; validity at `at` (default now); the revocation status (our register's, or for another CA's
 * certificate with a trusted chain its CRL or OCSP answer; 'not_checked' with the reason otherwise);
 * one verdict in Russian. Throws PkiInputError for bytes that are not a certificate.
 */
export async function validateCertificate(input: Uint8Array | string | CertificateInfo, store: TrustStore, at: Date = new Date(), options: ValidateOptions = {}): Promise<CertificateReport> {
  const certificate = isInfo(input) ? input : parseCertificate(input)
  const roots = await store.roots()
  const rootPrints = new Set(roots.map((r) => r.thumbprint))
  const pool = [...roots, ...(options.intermediates ?? []).filter((c) => !rootPrints.has(c.thumbprint))]

  const chain: CertificateInfo[] = [certificate]
  let chainStatus: ChainStatus = "untrusted"
  let current = certificate
  for (let i = 0; i < MAX_CHAIN; i++) {
    if (rootPrints.has(current.thumbprint)) {
      chainStatus = "trusted"
      break
    }
    if (current.subject.text === current.issuer.text && (current.authorityKeyId === null || current.authorityKeyId === current.subjectKeyId)) break
    const { issuer, candidates } = issuerOf(current, pool)
    if (!issuer) {
      if (candidates > 0) chainStatus = "broken"
      break
    }
    if (chain.some((c) => c.thumbprint === issuer.thumbprint)) break
    chain.push(issuer)
    current = issuer
  }

  const withinValidity = certificate.notBefore.getTime() <= at.getTime() && at.getTime() <= certificate.notAfter.getTime()
  // Another CA's status is fetched only for a trusted chain, from its issuer's sources (the chain's next link).
  const found = await store.revocationOf(certificate, chainStatus === "trusted" ? (chain[1] ?? null) : null)
  const revocation: RevocationAnswer = found ?? { status: "not_checked", revokedAt: null, reason: null, note: null }
  const revocationAt = options.revocationAt ?? new Date()
  const revokedThen = (revocation.status === "revoked" || revocation.status === "suspended") && (revocation.revokedAt === null || revocation.revokedAt.getTime() <= revocationAt.getTime())

  let verdict: string
  if (chainStatus === "broken") verdict = t.certificate.broken
  else if (chainStatus === "untrusted") verdict = t.certificate.untrusted
  else if (revokedThen && revocation.status === "revoked") verdict = t.certificate.revoked(revocation.revokedAt ? shortDay(revocation.revokedAt) : "")
  else if (revokedThen) verdict = t.certificate.suspended(revocation.revokedAt ? shortDay(revocation.revokedAt) : "")
  else if (at.getTime() < certificate.notBefore.getTime()) verdict = t.certificate.notYetValid(dayTimeInline(certificate.notBefore))
  else if (!withinValidity) verdict = t.certificate.expired(dayTimeInline(certificate.notAfter))
  else if (revocation.status === "not_checked") verdict = revocation.note ? t.revocationUnchecked.validBecause(revocation.note) : t.certificate.validNotChecked
  else verdict = t.certificate.valid
  const valid = chainStatus === "trusted" && withinValidity && !revokedThen
  return { certificate, chain, chainStatus, revocation, withinValidity, valid, verdict: verdict.trim() }
}

/* ---------- The reports as the API answers them: readable Russian fields, dates as ISO and as text. ---------- */

/** A name in the report: `readable` is what the page shows (schemas/certificate-names.ts), `text` the one-line DN for programs. */
function nameView(name: DistinguishedName) {
  return {
    readable: readableName(name.attributes),
    text: name.text,
    attributes: name.attributes.map((a) => ({ short: a.short, label: a.label, value: a.value })),
    commonName: name.commonName,
    organization: name.organization,
    surname: name.surname,
    givenNames: name.givenNames,
    title: name.title,
    inn: name.inn,
    innle: name.innle,
    ogrn: name.ogrn,
    ogrnip: name.ogrnip,
    snils: name.snils,
    email: name.email,
  }
}

export const when = (date: Date | null) => (date ? { iso: date.toISOString(), text: dayTimeInline(date) } : null)

export function certificateReportView(report: CertificateReport) {
  const c = report.certificate
  const r = report.revocation
  return {
    valid: report.valid,
    verdict: report.verdict,
    subject: nameView(c.subject),
    issuer: nameView(c.issuer),
    serial: c.serial,
    thumbprint: c.thumbprint,
    notBefore: when(c.notBefore),
    notAfter: when(c.notAfter),
    validity: t.page.validityRange(dayTimeInline(c.notBefore), dayTimeInline(c.notAfter)),
    withinValidity: report.withinValidity,
    publicKey: c.publicKey.label,
    signatureAlgorithm: c.signatureAlgorithm.label,
    keyUsage: c.keyUsage,
    extendedKeyUsage: c.extendedKeyUsage.map((e) => e.label),
    policies: c.policies.map((p) => p.label),
    qualified: c.qualified,
    isCa: c.isCa,
    chain: {
      status: report.chainStatus,
      text: t.chain[report.chainStatus],
      certificates: report.chain.map((x) => ({ name: readableName(x.subject.attributes).line, subject: x.subject.text, issuer: x.issuer.text, serial: x.serial, thumbprint: x.thumbprint, notAfter: when(x.notAfter) })),
    },
    revocation: {
      status: r.status,
      text: r.revokedAt ? `${t.revocation[r.status]} ${dayTimeInline(r.revokedAt)}` : r.note ? `${t.revocation[r.status]}: ${r.note}` : t.revocation[r.status],
      /** Why another CA's status was not checked (Russian); null otherwise. */
      note: r.note ?? null,
      revokedAt: when(r.revokedAt),
      reason: r.reason,
      reasonText: r.reason === null ? null : (CRL_REASONS[r.reason] ?? String(r.reason)),
    },
  }
}

export type CertificateReportView = ReturnType<typeof certificateReportView>

export function signerReportView(s: SignerReport) {
  return {
    valid: s.signatureValid && s.digestMatches === true && s.certificate?.valid === true,
    verdict: s.verdict,
    certificate: s.certificate ? certificateReportView(s.certificate) : null,
    signingTime: when(s.signingTime),
    timestamp: when(s.timestamp),
    timestampCheck: s.timestampCheck && {
      valid: s.timestampCheck.valid,
      verdict: s.timestampCheck.verdict,
      time: when(s.timestampCheck.time),
      tsa: s.timestampCheck.tsa && { readable: readableName(s.timestampCheck.tsa.certificate.subject.attributes), verdict: s.timestampCheck.tsa.verdict },
    },
    digestAlgorithm: s.digestAlgorithm,
    digestMatches: s.digestMatches,
    digestText: s.digestMatches === null ? t.page.digestUnknown : s.digestMatches ? t.page.digestMatches : t.page.digestDiffers,
    signatureValid: s.signatureValid,
    signatureText: s.signatureValid ? t.page.signatureOk : t.page.signatureBad,
  }
}

export function signatureReportView(report: SignatureReport) {
  return {
    valid: report.valid,
    verdict: report.verdict,
    detached: report.detached,
    kind: report.detached ? t.page.detached : t.page.attached,
    signers: report.signers.map(signerReportView),
  }
}

export type SignatureReportView = ReturnType<typeof signatureReportView>
