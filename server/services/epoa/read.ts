import { decodeXml } from "./decode.ts"
import { parseEpoa, type ParsedEpoa, readEpoaRoot } from "./parse.ts"
import { assertConforms } from "./xsd.ts"

/**
 * The МЧД of an upload's bytes, checked in this order: the file is XML (decoded from UTF-8 or
 * windows-1251) → it is an МЧД of format EMCHD_1 → it conforms to the official XSD (the first errors
 * named) → its parts are ones the registry takes. The first failure is a PkiInputError with its
 * Russian message. Parsing a 1 MB XML takes a few hundred milliseconds: uploads run it on a worker
 * thread (services/heavy-work.ts).
 */
export async function readEpoa(bytes: Uint8Array): Promise<{ readonly xml: string; readonly parsed: ParsedEpoa }> {
  const xml = decodeXml(bytes)
  readEpoaRoot(xml)
  await assertConforms(xml)
  return { xml, parsed: parseEpoa(xml) }
}
