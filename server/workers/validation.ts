import type { HostCaller } from "../lib/host-calls.ts"
import { parseCertificate } from "../services/pki/certificate.ts"
import { verifyCms } from "../services/pki/cms.ts"
import type { CertificateInfo, CertificateReport, SignatureReport, TrustStore } from "../services/pki/types.ts"
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

/** The trust store inside a thread: the roots sent with the task; revocation asked of the main thread's database. */
function storeOf(roots: readonly RootRef[], host: HostCaller | null): TrustStore {
  if (!host) throw new Error("A validation task needs the main thread's revocation answers")
  const list = rootsOf(roots)
  return {
    roots: async () => list,
    revocationOf: (certificate) => host("revocationOf", certificate) as ReturnType<TrustStore["revocationOf"]>,
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
