import { unprocessable } from "../../lib/http.ts"
import { type CheckDeps, readEpoaFile } from "../heavy-work.ts"
import { PkiInputError } from "../pki/types.ts"
import type { ParsedEpoa } from "./parse.ts"
import { checkEpoaSignature, signatureDer } from "./signature.ts"

export interface AcceptedEpoa {
  readonly parsed: ParsedEpoa
  /** The decoded text (UTF-8, its declaration saying so): what is stored and served. */
  readonly xml: string
  readonly signatureBase64: string
  readonly signatureReport: unknown
}

/**
 * Everything an upload must pass before anything is stored, in this order, each refusal a 422 with a
 * Russian message and nothing stored: the file is an МЧД the registry takes (epoa/read.ts: XML, format
 * EMCHD_1, the official XSD, its parts) → the detached signature over the file's own bytes is valid
 * and the principal's head made it. Both run on the worker threads when `deps` has them.
 */
export async function acceptEpoa(deps: CheckDeps, xmlBytes: Uint8Array, signatureBytes: Uint8Array): Promise<AcceptedEpoa> {
  const { xml, parsed } = await readEpoaFile(deps, xmlBytes).catch((err: unknown) => {
    if (err instanceof PkiInputError) throw unprocessable({ file: [err.message] })
    throw err
  })
  const der = signatureDer(signatureBytes)
  const report = await checkEpoaSignature(deps, der, xmlBytes, parsed)
  return { parsed, xml, signatureBase64: Buffer.from(der).toString("base64"), signatureReport: report }
}
