import { validationMessages as t } from "../../schemas/validation-messages.ts"
import type { Deps } from "../lib/env.ts"
import type { PdfTask } from "../workers/pdf.ts"
import { bytesOf, type FileSource, fileBytes, type Source } from "../workers/source.ts"
import { readEpoa } from "./epoa/read.ts"
import type { Ca } from "./pki/ca.ts"
import { verifyCms } from "./pki/cms.ts"
import { trustStoreOf } from "./pki/trust.ts"
import type { CertificateInfo, CertificateReport, IssueInput, SignatureReport, TrustStore } from "./pki/types.ts"
import { validateCertificate } from "./pki/validate.ts"

/**
 * The CPU-heavy work of requests, handed to the worker threads (server/lib/worker-pool.ts) so the
 * server keeps answering everyone meanwhile: signature and certificate checks, uploaded МЧД, product
 * PDFs, trust lists, certificates issued. Checks are visitors' work: when the threads' queue is full
 * they are refused at once (503, Retry-After) rather than left waiting.
 */

/** Who checks: the threads of `workers` (a request), or this thread without them (the seed, before the server answers anyone). */
export type CheckDeps = Pick<Deps, "db"> & Partial<Pick<Deps, "workers">>

/** The trust list as the threads take it (each root's DER, parsed once per thread), and our register's revocation answers. */
async function trustFor(store: TrustStore) {
  const roots = (await store.roots()).map((r) => ({ thumbprint: r.thumbprint, der: r.der }))
  const host = { revocationOf: (certificate: CertificateInfo) => store.revocationOf(certificate) }
  return { roots, options: { host, refuseWhenBusy: t.busy } }
}

/** A CMS signature checked (pki/cms.ts verifyCms): a detached one against `document`. */
export async function checkSignature(deps: CheckDeps, signature: Source, document: FileSource | null): Promise<SignatureReport> {
  const store = trustStoreOf(deps.db)
  if (!deps.workers) return verifyCms(await bytesOf(signature), document && (await fileBytes(document)), store)
  const { roots, options } = await trustFor(store)
  return deps.workers.run("verifySignature", { signature, document, roots }, options)
}

/** A certificate's report (pki/validate.ts validateCertificate), now. */
export async function checkCertificate(deps: CheckDeps, certificate: Source): Promise<CertificateReport> {
  const store = trustStoreOf(deps.db)
  if (!deps.workers) return validateCertificate(await bytesOf(certificate), store)
  const { roots, options } = await trustFor(store)
  return deps.workers.run("validateCertificate", { certificate, roots }, options)
}

/** An uploaded МЧД read and checked against its format and XSD (epoa/read.ts); PkiInputError for the first failure. */
export function readEpoaFile(deps: CheckDeps, xml: Uint8Array): ReturnType<typeof readEpoa> {
  if (!deps.workers) return readEpoa(xml)
  return deps.workers.run("readEpoa", { xml }, { refuseWhenBusy: t.busy })
}

/** A product PDF (invoice, act, application, licence). */
export const renderPdf = (deps: Pick<Deps, "workers">, task: PdfTask): Promise<Uint8Array> => deps.workers.run("renderPdf", task)

/** The certificates of an uploaded trust list (pki/trust-list.ts); PkiInputError when it holds none. */
export const readTrustList = (deps: Pick<Deps, "workers">, file: FileSource): Promise<CertificateInfo[]> => deps.workers.run("readTrustList", { file })

/** `ca` certifies a request (Ca.issue) on a thread that loads the same CA; a CA not loaded from files (tests') here. */
export function issueCertificate(deps: Pick<Deps, "workers">, ca: Ca, request: IssueInput): Promise<CertificateInfo> {
  if (!ca.source) return Promise.resolve().then(() => ca.issue(request))
  return deps.workers.run("issueCertificate", { ca: ca.source, request })
}
