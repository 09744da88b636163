import { epoaMessages } from "../../../schemas/messages/epoa.ts"
import { PkiInputError } from "../pki/types.ts"

/** The encodings an МЧД file declares in practice; anything else is refused rather than guessed. */
const ENCODINGS: Record<string, string> = {
  "utf-8": "utf-8",
  utf8: "utf-8",
  "windows-1251": "windows-1251",
  "cp1251": "windows-1251",
  "cp-1251": "windows-1251",
}

/**
 * An uploaded XML file's bytes as text: the BOM first, then the declaration's `encoding` (the tax
 * service's files often say windows-1251), UTF-8 when neither says. The result's declaration is
 * rewritten to UTF-8, since the text is what xmllint (UTF-8 only) and the parser then read.
 */
export function decodeXml(bytes: Uint8Array): string {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return redeclare(decodeWith("utf-8", bytes.subarray(3)))
  // The declaration is ASCII in every encoding we accept: read it as latin1 without decoding the rest.
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 200))
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase() ?? "utf-8"
  const encoding = ENCODINGS[declared]
  if (!encoding) throw new PkiInputError(epoaMessages.api.encodingUnsupported(declared))
  return redeclare(decodeWith(encoding, bytes))
}

function decodeWith(encoding: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes)
  } catch {
    throw new PkiInputError(epoaMessages.api.notXml)
  }
}

const redeclare = (text: string) => text.replace(/^(\s*<\?xml[^>]*\bencoding\s*=\s*)["'][^"']*["']/, '$1"UTF-8"')
