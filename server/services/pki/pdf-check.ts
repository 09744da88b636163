import { validationMessages } from "../../../schemas/messages/validation.ts"
import { verifyCms } from "./cms.ts"
import { type ChangesAfter, changesAfter, readPdfSignatures, signedBytes, type PdfSignature } from "./pdf-signatures.ts"
import { PkiInputError, type SignatureReport, type TrustStore } from "./types.ts"
import { signerReportView, when } from "./validate.ts"

const t = validationMessages.pdf

/** The forms whose CMS signs the /ByteRange bytes themselves (a missing /SubFilter is read as the first). */
const DETACHED = new Set(["adbe.pkcs7.detached", "ETSI.CAdES.detached"])

export interface PdfSignatureReport {
  readonly subFilter: string | null
  /** /M as the signing software wrote it. */
  readonly time: Date | null
  readonly byteRange: readonly number[] | null
  /** The CMS's check over the signed bytes; null when the signature failed before it or is of a form not checked. */
  readonly cms: SignatureReport | null
  /** null: not checked (a form we do not verify). */
  readonly valid: boolean | null
  readonly verdict: string
  /** What was added after the signed bytes; null when its /ByteRange does not say which bytes it signs. */
  readonly changes: ChangesAfter | null
}

export interface PdfReport {
  readonly revisions: number
  readonly signatures: readonly PdfSignatureReport[]
  readonly valid: boolean
  readonly verdict: string
}

async function checkOne(pdf: Uint8Array, s: PdfSignature, store: TrustStore): Promise<Omit<PdfSignatureReport, "changes">> {
  const base = { subFilter: s.subFilter, time: s.time, byteRange: s.byteRange }
  const notChecked = (verdict: string) => ({ ...base, cms: null, valid: null, verdict })
  if (s.subFilter === "adbe.pkcs7.sha1") return notChecked(t.sha1)
  if (s.subFilter === "ETSI.RFC3161") return notChecked(t.docTimeStamp)
  if (s.subFilter !== null && !DETACHED.has(s.subFilter)) return notChecked(t.unsupported(s.subFilter))
  if (s.problem !== null || !s.cms || !s.byteRange) return { ...base, cms: null, valid: false, verdict: s.problem ?? t.broken }
  let cms: SignatureReport
  try {
    cms = await verifyCms(s.cms, signedBytes(pdf, s.byteRange), store)
  } catch (error) {
    if (!(error instanceof PkiInputError)) throw error
    return { ...base, cms: null, valid: false, verdict: error.message === validationMessages.input.notSignature ? t.contentsNotCms : error.message }
  }
  // An attached CMS signs its own content, not the document's bytes.
  if (!cms.detached) return { ...base, cms, valid: false, verdict: t.contentsAttached }
  return { ...base, cms, valid: cms.valid, verdict: cms.verdict }
}

/**
 * Checks every signature of a PDF (pdf-signatures.ts reads them): the CMS as a detached signature of
 * its /ByteRange bytes (pki/cms.ts verifyCms: the digest, the signature value, the signer's chain),
 * and what was added to the file after it. Throws PkiInputError when the PDF holds no signature or too many.
 */
export async function verifyPdf(pdf: Uint8Array, store: TrustStore): Promise<PdfReport> {
  const found = readPdfSignatures(pdf)
  if (found.signatures.length === 0) throw new PkiInputError(t.noSignatures)
  const signatures: PdfSignatureReport[] = []
  for (const s of found.signatures) signatures.push({ ...(await checkOne(pdf, s, store)), changes: s.problem === null ? changesAfter(s, found, pdf) : null })
  const n = signatures.length
  const bad = signatures.filter((s) => s.valid === false).length
  const lastCovers = signatures.some((s) => s.valid === true && s.changes === "none")
  const allChecked = signatures.every((s) => s.valid !== null)
  const valid = bad === 0 && allChecked && lastCovers
  const only = (signatures[0] as PdfSignatureReport).verdict
  let verdict: string
  if (bad > 0) verdict = n === 1 ? only : t.invalidSome(bad, n)
  else if (!allChecked) verdict = n === 1 ? only : t.notAllChecked
  // Every signature holds, but no valid one covers the file's end: what was added last is signed by no one.
  else if (!lastCovers) verdict = t.changedAfterLast(n)
  else verdict = t.validAll(n)
  return { revisions: Math.max(1, found.revisionEnds.length), signatures, valid, verdict }
}

const CHANGES: Readonly<Record<ChangesAfter, string>> = { none: t.unchanged, signatures: t.signaturesAdded, changed: t.changedAfter }

/** The PDF's report as the API answers it: each signature with its signer's readable report (validate.ts signerReportView). */
export function pdfReportView(report: PdfReport) {
  return {
    kind: "pdf" as const,
    valid: report.valid,
    verdict: report.verdict,
    revisions: report.revisions,
    signatures: report.signatures.map((s) => ({
      valid: s.valid,
      verdict: s.verdict,
      format: s.subFilter,
      time: when(s.time),
      byteRange: s.byteRange,
      changes: s.changes,
      changesText: s.changes === null ? null : CHANGES[s.changes],
      signer: s.cms?.signers[0] ? signerReportView(s.cms.signers[0]) : null,
    })),
  }
}

export type PdfReportView = ReturnType<typeof pdfReportView>
