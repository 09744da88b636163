import { unprocessable } from "../../lib/http.ts"
import type { CheckDeps } from "../heavy-work.ts"
import { PkiInputError } from "../pki/types.ts"
import { decodeXml } from "./decode.ts"
import { parseEpoa, readEpoaRoot, type ParsedEpoa } from "./parse.ts"
import { checkEpoaSignature, signatureDer } from "./signature.ts"
import { assertConforms } from "./xsd.ts"

export interface AcceptedEpoa {
  readonly parsed: ParsedEpoa
  /** The decoded text (UTF-8, its declaration saying so): what is stored and served. */
  readonly xml: string
  readonly signatureBase64: string
  readonly signatureReport: unknown
}

/**
 * Everything an upload must pass before anything is stored, in this order, each refusal a 422 with a
 * Russian message and nothing stored: the file is XML (decoded from UTF-8 or windows-1251) → it is an
 * МЧД of format EMCHD_1 → it conforms to the official XSD (the first errors named) → its parts are
 * ones the registry takes → the detached signature over the file's own bytes is valid and the
 * principal's head made it.
 */
export async function acceptEpoa(deps: CheckDeps, xmlBytes: Uint8Array, signatureBytes: Uint8Array): Promise<AcceptedEpoa> {
  let xml: string
  let parsed: ParsedEpoa
  try {
    xml = decodeXml(xmlBytes)
    readEpoaRoot(xml)
    await assertConforms(xml)
    parsed = parseEpoa(xml)
  } catch (err) {
    if (err instanceof PkiInputError) throw unprocessable({ file: [err.message] })
    throw err
  }
  const der = signatureDer(signatureBytes)
  const report = await checkEpoaSignature(deps, der, xmlBytes, parsed)
  return { parsed, xml, signatureBase64: Buffer.from(der).toString("base64"), signatureReport: report }
}
