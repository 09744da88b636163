import { open } from "node:fs/promises"
import type { Context, Hono } from "hono"
import { FILE_MAX_BYTES, REQUEST_RATE_WINDOW_MS, SVS_FILE_MAX_BYTES, SVS_HEAVY_BYTES, SVS_HEAVY_RATE_MAX, SVS_RATE_MAX } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { validationMessages as t } from "../../schemas/messages/validation.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { readJson, unprocessable } from "../lib/http.ts"
import { limitRequests } from "../lib/throttle.ts"
import { checkCertificate, checkPdfSignatures, checkSignature } from "../services/heavy-work.ts"
import { derObjectLength } from "../services/pki/der.ts"
import { pdfReportView } from "../services/pki/pdf-check.ts"
import { isPdf } from "../services/pki/pdf-signatures.ts"
import { PkiInputError } from "../services/pki/types.ts"
import { certificateReportView, signatureReportView } from "../services/pki/validate.ts"
import { discardFile, receiveForm, type ReceivedFile, type SizeCap } from "../services/uploads.ts"

const isMultipart = (c: Context) => (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")

/**
 * Whether a received file may be a DER/BER object or its PEM/Base64 text, judged by its first bytes
 * only: a 30 MB upload of anything else is refused without reading it again.
 */
async function looksLikeAsn1(file: ReceivedFile): Promise<boolean> {
  if (file.size === 0) return false
  const handle = await open(file.path, "r")
  try {
    const head = new Uint8Array(64)
    const { bytesRead } = await handle.read(head, 0, 64, 0)
    const bytes = head.subarray(0, bytesRead)
    if (bytes[0] === 0x30) return bytes[1] === 0x80 || derObjectLength(bytes) === file.size
    return bytes.every((b) => (b >= 0x20 && b <= 0x7e) || b === 0x0a || b === 0x0d || b === 0x09)
  } finally {
    await handle.close()
  }
}

/** Whether a received file is a PDF (its first bytes `%PDF-`): its signatures are inside it. */
async function startsAsPdf(file: ReceivedFile): Promise<boolean> {
  const handle = await open(file.path, "r")
  try {
    const head = new Uint8Array(5)
    const { bytesRead } = await handle.read(head, 0, 5, 0)
    return isPdf(head.subarray(0, bytesRead))
  } finally {
    await handle.close()
  }
}

/** A signature check's files: each at most SVS_FILE_MAX_BYTES, refused as they arrive past it. */
const SIGNATURE_CAP: SizeCap = { maxBytes: SVS_FILE_MAX_BYTES, message: t.input.fileTooLarge(SVS_FILE_MAX_BYTES / 1_000_000) }

/** Bad input of the PKI core as the API's 422 under `field`; anything else goes on. */
function asFieldError(error: unknown, field: string): never {
  if (error instanceof PkiInputError) throw unprocessable({ [field]: [error.message] })
  throw error
}

/**
 * The validation service (SPEC.md section 7; docs/validation.md), public:
 * - POST /api/v1/svs/certificates/validate/ — multipart `file`, or JSON `{ certificate }` (PEM or
 *   Base64) → the certificate's report;
 * - POST /api/v1/svs/signatures/validate/ — multipart `signature` and, for a detached signature,
 *   `document` → the signature's report; a PDF as `signature` → the report of each signature inside it
 *   (pki/pdf-check.ts), no document needed.
 * Files stream to disk (a certificate at most 30,000,000 bytes, a signature or document at most
 * SVS_FILE_MAX_BYTES) and are deleted after the answer; nothing is stored. Bytes that are not what was
 * asked for get 422 with a Russian message. The checks run on the worker threads, which read the files
 * themselves (services/heavy-work.ts); a large check also counts against SVS_HEAVY_RATE_MAX.
 */
export function svsRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const limit = (c: Context) => limitRequests(deps.db, c, deps.config, "svs", SVS_RATE_MAX, REQUEST_RATE_WINDOW_MS)

  app.post("/api/v1/svs/certificates/validate", async (c) => {
    await limit(c)
    if (isMultipart(c)) {
      const { file } = await receiveForm(c, deps.config.uploadDir, "file")
      try {
        if (!file) throw unprocessable({ file: [t.input.certificateRequired] })
        if (!(await looksLikeAsn1(file))) throw unprocessable({ file: [t.input.notCertificate] })
        const report = await checkCertificate(deps, { path: file.path }).catch((e: unknown) => asFieldError(e, "file"))
        return c.json(certificateReportView(report))
      } finally {
        await discardFile(file)
      }
    }
    if (Number(c.req.header("content-length") ?? 0) > FILE_MAX_BYTES) throw unprocessable({ certificate: [messages.validation.fileSize] })
    const body = await readJson(c)
    const text = body.certificate
    if (typeof text !== "string" || text.trim() === "") throw unprocessable({ certificate: [t.input.certificateRequired] })
    const report = await checkCertificate(deps, text).catch((e: unknown) => asFieldError(e, "certificate"))
    return c.json(certificateReportView(report))
  })

  app.post("/api/v1/svs/signatures/validate", async (c) => {
    await limit(c)
    if (!isMultipart(c)) throw unprocessable({ signature: [t.input.signatureRequired] })
    const { files } = await receiveForm(c, deps.config.uploadDir, ["signature", "document"], SIGNATURE_CAP)
    const signature = files.signature ?? null
    const document = files.document ?? null
    try {
      if (!signature) throw unprocessable({ signature: [t.input.signatureRequired] })
      // A PDF carries its signatures and the bytes they sign: no document is read.
      if (await startsAsPdf(signature)) {
        if (signature.size >= SVS_HEAVY_BYTES) await limitRequests(deps.db, c, deps.config, "svs_heavy", SVS_HEAVY_RATE_MAX, REQUEST_RATE_WINDOW_MS)
        const report = await checkPdfSignatures(deps, { path: signature.path }).catch((e: unknown) => asFieldError(e, "signature"))
        return c.json(pdfReportView(report))
      }
      if (!(await looksLikeAsn1(signature))) throw unprocessable({ signature: [t.input.notSignature] })
      if (document && document.size === 0) throw unprocessable({ document: [t.input.emptyDocument] })
      // Hashing is what costs: a large check spends a second budget, smaller than the checks' own.
      if (signature.size + (document?.size ?? 0) >= SVS_HEAVY_BYTES) await limitRequests(deps.db, c, deps.config, "svs_heavy", SVS_HEAVY_RATE_MAX, REQUEST_RATE_WINDOW_MS)
      const report = await checkSignature(deps, { path: signature.path }, document && { path: document.path }).catch((e: unknown) => asFieldError(e, "signature"))
      return c.json(signatureReportView(report))
    } finally {
      await discardFile(signature)
      await discardFile(document)
    }
  })
}
