import type { MessagePort } from "node:worker_threads"
import { type HostCaller, hostCaller } from "../lib/host-calls.ts"
import { readEpoa } from "../services/epoa/read.ts"
import { certificatesOfList } from "../services/pki/trust-list.ts"
import { PkiInputError } from "../services/pki/types.ts"
import { issueTask } from "./ca.ts"
import { pdfTask } from "./pdf.ts"
import { fileBytes, type FileSource } from "./source.ts"
import { certificateTask, pdfSignaturesTask, signatureTask } from "./validation.ts"

async function trustListTask(input: { readonly file: FileSource }) {
  return certificatesOfList(await fileBytes(input.file))
}

/**
 * What the pool's threads do (server/lib/worker-pool.ts), by name: the CPU-heavy work of a request,
 * which on the main thread would stop the server answering anyone meanwhile. Each task takes plain
 * data (structured clone) and, when the main thread serves any, its calls (the database's answers).
 */
const tasks = {
  /** A CMS signature: Streebog of the document, GOST and RSA/ECDSA signatures, the signers' chains. */
  verifySignature: signatureTask,
  /** The signatures inside a PDF: each /ByteRange's bytes hashed and its CMS checked as verifySignature does. */
  verifyPdfSignatures: pdfSignaturesTask,
  /** A certificate's chain and validity. */
  validateCertificate: certificateTask,
  /** A product PDF (invoice, act, application, licence). */
  renderPdf: pdfTask,
  /** The certificates of an uploaded trust list (a ZIP inflated, a TSL.xml read, each certificate parsed). */
  readTrustList: trustListTask,
  /** An uploaded МЧД: its XML parsed (twice: format, then the registry's parts) and checked against the XSD. */
  readEpoa: (input: { readonly xml: Uint8Array }) => readEpoa(input.xml),
  /** A certificate issued by our CA. */
  issueCertificate: issueTask,
} satisfies Record<string, (input: never, host: HostCaller | null) => Promise<unknown>>

export type Tasks = typeof tasks
export type TaskName = keyof Tasks
export type TaskInput<N extends TaskName> = Parameters<Tasks[N]>[0]
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<Tasks[N]>>

export interface TaskMessage {
  readonly name: TaskName
  readonly input: unknown
  /** The thread's end of the channel the main thread answers calls on. */
  readonly port?: MessagePort
}

/** Bad input comes back as data (an error's class does not survive the thread boundary); the main thread throws it again as PkiInputError. */
export type TaskResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly inputError: string }

export async function runTask({ name, input, port }: TaskMessage): Promise<TaskResult> {
  const host = port ? hostCaller(port) : null
  try {
    const task = tasks[name] as (input: unknown, host: HostCaller | null) => Promise<unknown>
    return { ok: true, value: await task(input, host) }
  } catch (error) {
    if (error instanceof PkiInputError) return { ok: false, inputError: error.message }
    throw error
  } finally {
    port?.close()
  }
}
