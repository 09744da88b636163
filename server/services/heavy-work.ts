import { validationMessages as t } from "../../schemas/messages/validation.ts"
import type { Deps } from "../lib/env.ts"
import type { PdfTask } from "../workers/pdf.ts"
import { bytesOf, type FileSource, fileBytes, type Source } from "../workers/source.ts"
import { readEpoa } from "./epoa/read.ts"
import type { Ca } from "./pki/ca.ts"
import { verifyCms } from "./pki/cms.ts"
import { type PdfReport, verifyPdf } from "./pki/pdf-check.ts"
import { DEFAULT_FETCH_SETTINGS, fetchRevocationData, type FetchRequest, type FetchSettings } from "./pki/revocation/fetch.ts"
import { type DbTrustStore, trustStoreOf } from "./pki/trust.ts"
import type { CertificateInfo, CertificateReport, IssueInput, SignatureReport } from "./pki/types.ts"
import { validateCertificate } from "./pki/validate.ts"

/**
 * The CPU-heavy work of requests, handed to the worker threads (server/lib/worker-pool.ts) so the
 * server keeps answering everyone meanwhile: signature and certificate checks, uploaded МЧД, product
 * PDFs, trust lists, certificates issued. Checks are visitors' work: when the threads' queue is full
 * they are refused at once (503, Retry-After) rather than left waiting.
 */

/**
 * Who checks: the threads of `workers` (a request), or this thread without them (the seed, before the
 * server answers anyone); `config` names how another CA's revocation data is fetched (default: directly, public hosts only).
 */
export type CheckDeps = Pick<Deps, "db"> & Partial<Pick<Deps, "workers" | "config">>

const settingsOf = (deps: CheckDeps): FetchSettings => deps.config?.revocation ?? DEFAULT_FETCH_SETTINGS
const storeOf = (deps: CheckDeps) => trustStoreOf(deps.db, settingsOf(deps))

/**
 * The trust list as the threads take it (each root's DER, parsed once per thread), our register's
 * revocation answers, and another CA's revocation data fetched here (the network stays on this thread).
 */
async function trustFor(deps: CheckDeps, store: DbTrustStore) {
  const roots = (await store.roots()).map((r) => ({ thumbprint: r.thumbprint, der: r.der }))
  const settings = settingsOf(deps)
  const host = {
    revocationOf: (certificate: CertificateInfo) => store.ownRevocationOf(certificate),
    fetchRevocation: (request: FetchRequest) => fetchRevocationData(request, settings),
  }
  return { roots, options: { host, refuseWhenBusy: t.busy } }
}

/** A CMS signature checked (pki/cms.ts verifyCms): a detached one against `document`. */
export async function checkSignature(deps: CheckDeps, signature: Source, document: FileSource | null): Promise<SignatureReport> {
  const store = storeOf(deps)
  if (!deps.workers) return verifyCms(await bytesOf(signature), document && (await fileBytes(document)), store)
  const { roots, options } = await trustFor(deps, store)
  return deps.workers.run("verifySignature", { signature, document, roots }, options)
}

/** The signatures inside a PDF (pki/pdf-check.ts verifyPdf), each over its /ByteRange. */
export async function checkPdfSignatures(deps: CheckDeps, pdf: FileSource): Promise<PdfReport> {
  const store = storeOf(deps)
  if (!deps.workers) return verifyPdf(await fileBytes(pdf), store)
  const { roots, options } = await trustFor(deps, store)
  return deps.workers.run("verifyPdfSignatures", { pdf, roots }, options)
}

/** A certificate's report (pki/validate.ts validateCertificate), now. */
export async function checkCertificate(deps: CheckDeps, certificate: Source): Promise<CertificateReport> {
  const store = storeOf(deps)
  if (!deps.workers) return validateCertificate(await bytesOf(certificate), store)
  const { roots, options } = await trustFor(deps, store)
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
