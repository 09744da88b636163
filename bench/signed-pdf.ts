/**
 * A signed PDF's check next to the same signature checked as a detached CMS, in one run:
 *   a 10 MB one-page PDF signed by the fixtures' director-romashka (GOST R 34.10-2012 256, CAdES-BES,
 *   /SubFilter adbe.pkcs7.detached; tests/fixtures/validation/pdf/build-signed-pdf.ts writes it), checked
 *   by verifyPdf (find the signature dictionaries, check the /ByteRange, hash the two ranges, verifyCms,
 *   what was added after), and its /Contents CMS checked by verifyCms as a detached signature of the
 *   /ByteRange bytes given as a document (what the page does for a .sig beside its document).
 * Both run in this process (on the server both run on a worker thread); BENCH_PDF_RUNS (default 5) runs
 * each, medians printed with their ratio. Part of `npm run bench` (section 8; BENCH_PDF=0 skips it);
 * alone: `npx tsx bench/signed-pdf.ts`.
 */
import { readFileSync } from "node:fs"
import { performance } from "node:perf_hooks"
import { fileURLToPath } from "node:url"
import { parseCertificate } from "../server/services/pki/certificate.ts"
import { verifyCms } from "../server/services/pki/cms.ts"
import { verifyPdf } from "../server/services/pki/pdf-check.ts"
import { readPdfSignatures, signedBytes } from "../server/services/pki/pdf-signatures.ts"
import type { TrustStore } from "../server/services/pki/types.ts"
import { fixtureSigner, signedPdf } from "../tests/fixtures/validation/pdf/build-signed-pdf.ts"

const SIZE = 10 * 1024 * 1024

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number

export interface SignedPdfFigures {
  readonly bytes: number
  readonly pdfMs: number
  readonly cmsMs: number
  readonly pdfValid: boolean
  readonly cmsValid: boolean
  readonly runs: number
}

export async function signedPdfBench(runs = Number(process.env.BENCH_PDF_RUNS || 5)): Promise<SignedPdfFigures> {
  const demoCa = parseCertificate(new Uint8Array(readFileSync("server/db/seed/pki/ca.cer")))
  const store: TrustStore = { roots: async () => [demoCa], revocationOf: async () => ({ status: "good", revokedAt: null, reason: null }) }
  // The page's text fills the file to 10 MB (a PDF string of printable bytes, nothing to escape).
  const pdf = new Uint8Array(signedPdf(fixtureSigner("director-romashka"), { text: "0123456789".repeat(SIZE / 10) }))
  const [signature] = readPdfSignatures(pdf).signatures
  if (!signature?.cms || !signature.byteRange) throw new Error("the bench's PDF has no readable signature")
  const cms = signature.cms
  const document = signedBytes(pdf, signature.byteRange)

  const pdfTimes: number[] = []
  const cmsTimes: number[] = []
  let pdfValid = false
  let cmsValid = false
  for (let i = 0; i < runs; i++) {
    let start = performance.now()
    pdfValid = (await verifyPdf(pdf, store)).valid
    pdfTimes.push(performance.now() - start)
    start = performance.now()
    cmsValid = (await verifyCms(cms, document, store)).valid
    cmsTimes.push(performance.now() - start)
  }
  return { bytes: pdf.length, pdfMs: median(pdfTimes), cmsMs: median(cmsTimes), pdfValid, cmsValid, runs }
}

export function printSignedPdf(f: SignedPdfFigures): void {
  const mb = (f.bytes / 1024 / 1024).toFixed(1)
  console.log(`signed PDF, ${mb} MB (verifyPdf)            ${f.pdfMs.toFixed(0).padStart(6)} ms   valid: ${f.pdfValid}`)
  console.log(`its CMS as a detached signature (verifyCms) ${f.cmsMs.toFixed(0).padStart(6)} ms   valid: ${f.cmsValid}`)
  console.log(`ratio PDF / detached CMS: ${(f.pdfMs / f.cmsMs).toFixed(2)}   (median of ${f.runs} runs each)`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printSignedPdf(await signedPdfBench())
