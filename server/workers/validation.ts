import type { HostCaller } from "../lib/host-calls.ts"
import { parseCertificate } from "../services/pki/certificate.ts"
import { verifyCms } from "../services/pki/cms.ts"
import { type PdfReport, verifyPdf } from "../services/pki/pdf-check.ts"
import type { FetchResult } from "../services/pki/revocation/fetch.ts"
import type { Fetcher } from "../services/pki/revocation/finding.ts"
import { foreignRevocation } from "../services/pki/revocation/foreign.ts"
import type { CertificateInfo, CertificateReport, RevocationAnswer, SignatureReport, TrustStore } from "../services/pki/types.ts"
import { validateCertificate } from "../services/pki/validate.ts"
import { bytesOf, type FileSource, fileBytes, type Source } from "./source.ts"

/** A root of the trust list as the main thread sends it: parsed once per thread, kept by thumbprint. */
export interface RootRef {
  readonly thumbprint: string
  readonly der: Uint8Array
}

/** Beyond this many kept roots (a list replaced again and again) the thread starts its cache afresh. */
const ROOTS_KEPT = 5000
const parsedRoots = new Map<string, CertificateInfo>()

function rootsOf(refs: readonly RootRef[]): CertificateInfo[] {
  if (parsedRoots.size > ROOTS_KEPT) parsedRoots.clear()
  return refs.flatMap((ref) => {
    let info = parsedRoots.get(ref.thumbprint)
    if (!info) {
      try {
        info = parseCertificate(ref.der)
      } catch {
        return []
      }
      parsedRoots.set(ref.thumbprint, info)
    }
    return [info]
  })
}

/**
 * The trust store inside a thread: the roots sent with the task; our register's revocation answers
 * asked of the main thread's database; another CA's CRL or OCSP answer fetched by the main thread
 * (its network settings, fetch.ts) and parsed and verified here, off the main thread's loop.
 */
function storeOf(roots: readonly RootRef[], host: HostCaller | null): TrustStore {
  if (!host) throw new Error("A validation task needs the main thread's revocation answers")
  const list = rootsOf(roots)
  const fetcher: Fetcher = (request) => host("fetchRevocation", request) as Promise<FetchResult>
  return {
    roots: async () => list,
    async revocationOf(certificate, issuer) {
      const own = (await host("revocationOf", certificate)) as RevocationAnswer | null
      if (own || !issuer) return own
      return foreignRevocation(certificate, issuer, fetcher)
    },
  }
}

export interface SignatureTask {
  readonly signature: Source
  readonly document: FileSource | null
  readonly roots: readonly RootRef[]
}

export async function signatureTask(input: SignatureTask, host: HostCaller | null): Promise<SignatureReport> {
  const document = input.document === null ? null : await fileBytes(input.document)
  return verifyCms(await bytesOf(input.signature), document, storeOf(input.roots, host))
}

export interface CertificateTask {
  readonly certificate: Source
  readonly roots: readonly RootRef[]
}

export async function certificateTask(input: CertificateTask, host: HostCaller | null): Promise<CertificateReport> {
  return validateCertificate(await bytesOf(input.certificate), storeOf(input.roots, host))
}

export interface PdfSignaturesTask {
  readonly pdf: FileSource
  readonly roots: readonly RootRef[]
}

/** Each signature inside a PDF: its /ByteRange bytes hashed here, on the thread, like a detached signature's document. */
export async function pdfSignaturesTask(input: PdfSignaturesTask, host: HostCaller | null): Promise<PdfReport> {
  return verifyPdf(await fileBytes(input.pdf), storeOf(input.roots, host))
}
