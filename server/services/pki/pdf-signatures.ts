import { validationMessages } from "../../../schemas/messages/validation.ts"
import { derObjectLength } from "./der.ts"
import { isDict, isName, isString, type PdfDict, pdfDate, PdfReader, PdfSyntaxError, pdfText, type PdfValue } from "./pdf-syntax.ts"
import { PkiInputError } from "./types.ts"

const t = validationMessages.pdf

/**
 * The signatures inside a PDF (ISO 32000-1 12.8, PAdES): every dictionary in the file with a
 * /ByteRange, read from its object, its /ByteRange checked against the file and its own /Contents, the
 * CMS taken out of the zero padding. Nothing is verified here (pdf-check.ts does that); a signature
 * whose structure lies carries `problem`, a Russian reason, and is a failed signature, never an error.
 */

/** At most this many signatures are checked in one PDF; more is refused (real documents carry a few). */
export const PDF_SIGNATURES_MAX = 20
/** The largest CMS a /Contents may hold: a CAdES-LT signature with its chain and answers is tens of KB. */
export const PDF_CONTENTS_MAX_BYTES = 1_000_000
/** At most this many "/ByteRange" texts are looked at (a signature has one; text in an uncompressed page may add some). */
const OCCURRENCES_MAX = 5 * PDF_SIGNATURES_MAX
/** How far back from a /ByteRange its object's header is looked for (`N G obj`): past a /Contents of the largest size. */
const HEADER_LOOKBACK = 2 * PDF_CONTENTS_MAX_BYTES + 64 * 1024

export type SignatureFormat = "adbe.pkcs7.detached" | "ETSI.CAdES.detached" | "adbe.pkcs7.sha1" | "ETSI.RFC3161" | string

export interface PdfSignature {
  /** /SubFilter (null when missing). */
  readonly subFilter: string | null
  /** /M, the signing time the signing software wrote (not signed itself: PAdES puts the time in /M). */
  readonly time: Date | null
  /** /Name: the signer's name as the software wrote it (not trusted: the certificate names the signer). */
  readonly name: string | null
  readonly byteRange: readonly number[] | null
  /** The CMS, DER, without the /Contents padding; null when `problem` says why not. */
  readonly cms: Uint8Array | null
  /** Why the signature fails before its CMS is looked at; null when its structure holds. */
  readonly problem: string | null
  /** Where the signature's value (/Contents) is in the file: the revision that added it. */
  readonly contentsAt: number
  /** The end of the signed bytes (c + d); 0 when the /ByteRange is unusable. */
  readonly signedTo: number
}

export interface PdfSignatures {
  readonly size: number
  /** The ends of the file's revisions (after each %%EOF): an incremental update adds one. */
  readonly revisionEnds: readonly number[]
  /** In the order of the file. */
  readonly signatures: readonly PdfSignature[]
}

export const isPdf = (bytes: Uint8Array): boolean => Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(5, bytes.length)).toString("latin1") === "%PDF-"

const isWhite = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c || b === 0x00
const isDigit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39

/** The start of the `N G obj` header before `at` within the lookback, or -1. */
function headerBefore(buf: Buffer, at: number): number {
  let from = at
  const floor = Math.max(0, at - HEADER_LOOKBACK)
  for (let tries = 0; tries < 8; tries++) {
    const i = buf.lastIndexOf("obj", from)
    if (i < floor || i < 0) return -1
    // "endobj": the /ByteRange is not inside an object (a stream's data, a trailer).
    if (buf.toString("latin1", Math.max(0, i - 3), i) === "end") return -1
    let k = i - 1
    while (k >= 0 && isWhite(buf[k] as number)) k--
    const genEnd = k
    while (k >= 0 && isDigit(buf[k])) k--
    const gap = k
    while (k >= 0 && isWhite(buf[k] as number)) k--
    const numEnd = k
    while (k >= 0 && isDigit(buf[k])) k--
    if (genEnd > gap && gap > numEnd && numEnd > k && (k < 0 || !isDigit(buf[k]))) return k + 1
    from = i - 1
  }
  return -1
}

/** Every dictionary with a /ByteRange in `value`, however deep (a field's /V may be direct). */
function signatureDicts(value: PdfValue, found: PdfDict[], depth = 0): void {
  if (depth > 8 || value === null || typeof value !== "object") return
  if (Array.isArray(value)) {
    for (const v of value as readonly PdfValue[]) signatureDicts(v, found, depth + 1)
    return
  }
  if (!isDict(value)) return
  if (value.dict.has("ByteRange")) found.push(value)
  for (const [key, v] of value.dict) if (key !== "Contents") signatureDicts(v, found, depth + 1)
}

/** A signature dictionary's facts, its /ByteRange checked against the file (`size`) and its /Contents. */
function signatureOf(dict: PdfDict, size: number): PdfSignature {
  const get = (key: string) => dict.dict.get(key)
  const subFilter = isName(get("SubFilter")) ? (get("SubFilter") as { name: string }).name : null
  const type = isName(get("Type")) ? (get("Type") as { name: string }).name : null
  const contents = get("Contents")
  const contentsAt = isString(contents) ? contents.start : dict.start
  const base = { subFilter: type === "DocTimeStamp" && !subFilter ? "ETSI.RFC3161" : subFilter, time: pdfDate(pdfText(get("M"))), name: pdfText(get("Name")), contentsAt }
  const fail = (problem: string, byteRange: readonly number[] | null = null, signedTo = 0): PdfSignature => ({ ...base, byteRange, cms: null, problem, signedTo })

  const range = get("ByteRange")
  if (!Array.isArray(range)) return fail(t.byteRangeMissing)
  const numbers = range as readonly PdfValue[]
  if (numbers.length !== 4 || !numbers.every((n) => typeof n === "number" && Number.isSafeInteger(n) && n >= 0)) return fail(t.byteRangeMalformed)
  const [a, b, c, d] = numbers as [number, number, number, number]
  const byteRange = [a, b, c, d]
  if (a !== 0) return fail(t.byteRangeNotFromStart, byteRange)
  if (b > size || c > size || c + d > size) return fail(t.byteRangeOutside, byteRange)
  if (!isString(contents)) return fail(t.contentsMissing, byteRange, c + d)
  // The gap between the two ranges is exactly the /Contents string, '<' to '>': nothing else is left unsigned.
  if (b !== contents.start || c !== contents.end) return fail(t.byteRangeGap, byteRange, c + d)
  if (!contents.hex || !contents.bytes) return fail(t.contentsNotHex, byteRange, c + d)
  if (contents.bytes.length > PDF_CONTENTS_MAX_BYTES) return fail(t.contentsTooLarge(PDF_CONTENTS_MAX_BYTES / 1_000_000), byteRange, c + d)
  const length = derObjectLength(contents.bytes)
  if (length === null || length > contents.bytes.length) return fail(t.contentsNotCms, byteRange, c + d)
  return { ...base, byteRange, cms: contents.bytes.slice(0, length), problem: null, signedTo: c + d }
}

/**
 * The signatures of a PDF and its revisions. Throws PkiInputError when it holds more than
 * PDF_SIGNATURES_MAX signatures; an object that does not parse is skipped as not a signature.
 */
export function readPdfSignatures(pdf: Uint8Array): PdfSignatures {
  const buf = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.length)
  const signatures: PdfSignature[] = []
  let parsedTo = -1
  let seen = 0
  for (let at = buf.indexOf("/ByteRange"); at >= 0; at = buf.indexOf("/ByteRange", at + 1)) {
    // Each occurrence costs a look back for its object: a file full of them is refused as one with too many signatures.
    if (++seen > OCCURRENCES_MAX) throw new PkiInputError(t.tooManySignatures(PDF_SIGNATURES_MAX))
    // An object already read holds this /ByteRange too (a direct /V in a field).
    if (at < parsedTo) continue
    const start = headerBefore(buf, at)
    if (start < 0) continue
    const reader = new PdfReader(pdf, start)
    const found: PdfDict[] = []
    try {
      if (reader.header() === null) continue
      signatureDicts(reader.value(), found)
    } catch (error) {
      if (!(error instanceof PdfSyntaxError)) throw error
      continue
    }
    // A /ByteRange after the object's value (inside its stream's data) is not a signature's.
    if (reader.pos <= at) continue
    parsedTo = reader.pos
    for (const dict of found) {
      if (signatures.length === PDF_SIGNATURES_MAX) throw new PkiInputError(t.tooManySignatures(PDF_SIGNATURES_MAX))
      signatures.push(signatureOf(dict, pdf.length))
    }
  }
  const revisionEnds: number[] = []
  for (let at = buf.indexOf("%%EOF"); at >= 0; at = buf.indexOf("%%EOF", at + 5)) {
    let end = at + 5
    if (buf[end] === 0x0d) end++
    if (buf[end] === 0x0a) end++
    revisionEnds.push(end)
  }
  return { size: pdf.length, revisionEnds, signatures }
}

/** The bytes a signature signs: its two ranges, one after the other. */
export function signedBytes(pdf: Uint8Array, byteRange: readonly number[]): Uint8Array {
  const [a = 0, b = 0, c = 0, d = 0] = byteRange
  // Buffer.concat does not zero-fill first: a 10 MB document costs one copy.
  return new Uint8Array(Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]))
}

export type ChangesAfter = "none" | "signatures" | "changed"

/**
 * What happened to the file after a signature: nothing (the signed bytes run to its end, white space
 * aside); only other signatures (every later revision adds a signature and the last signature covers
 * the whole file); or other changes. Revisions are not compared object by object.
 */
export function changesAfter(signature: PdfSignature, all: PdfSignatures, pdf: Uint8Array): ChangesAfter {
  const end = signature.signedTo
  let k = end
  while (k < pdf.length && isWhite(pdf[k] as number)) k++
  if (k === pdf.length) return "none"
  const coversFile = (s: PdfSignature) => {
    if (s.problem !== null) return false
    let i = s.signedTo
    while (i < pdf.length && isWhite(pdf[i] as number)) i++
    return i === pdf.length
  }
  if (!all.signatures.some(coversFile)) return "changed"
  // The revisions after this signature's: each must hold a signature's value.
  let from = end
  const later = all.revisionEnds.filter((e) => e > end + 1)
  for (const to of later) {
    if (!all.signatures.some((s) => s.contentsAt >= from && s.contentsAt < to)) return "changed"
    from = to
  }
  return later.length > 0 ? "signatures" : "changed"
}
