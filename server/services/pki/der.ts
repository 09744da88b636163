import * as asn1js from "asn1js"
import { PkiInputError } from "./types.ts"

/**
 * Bytes of a DER object from what a user hands in: DER itself, PEM (any label) or bare Base64, as a
 * string or as the bytes of a file. Only the outer TLV's header is looked at before anything is
 * decoded, so a large file of garbage costs one pass over its first bytes: a DER object must start
 * with a SEQUENCE whose definite length covers the input exactly.
 */

/** The largest DER object we accept (a CMS signature with its attached document may be large; a certificate is small). */
export const MAX_DER_BYTES = 64 * 1024 * 1024

const PEM = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/
const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/

/** Length of the DER object starting at `bytes[0]` (tag and length octets included), or null when the header is not a definite-length SEQUENCE. */
export function derObjectLength(bytes: Uint8Array): number | null {
  if (bytes.length < 2 || bytes[0] !== 0x30) return null
  const first = bytes[1] as number
  if (first < 0x80) return 2 + first
  const count = first & 0x7f
  if (count === 0 || count > 4 || bytes.length < 2 + count) return null
  let length = 0
  for (let i = 0; i < count; i++) length = length * 256 + (bytes[2 + i] as number)
  return 2 + count + length
}

const isDer = (bytes: Uint8Array): boolean => derObjectLength(bytes) === bytes.length

/**
 * The PEM block or Base64 text inside a file's bytes, decoded as far as needed: PEM is found with a
 * native byte search and only its block decoded; bare Base64 must start with a DER header.
 */
function fromTextBytes(input: Uint8Array, labels: readonly string[]): Uint8Array | null {
  // A UTF-8 byte-order mark (Windows' Notepad writes one) is dropped.
  const bytes = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? input.subarray(3) : input
  // PEM and Base64 are ASCII: look at the start only.
  for (const byte of bytes.subarray(0, 64)) if (byte > 0x7e || (byte < 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09)) return null
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  const begin = buffer.indexOf("-----BEGIN ")
  if (begin >= 0) {
    const end = buffer.indexOf("-----END ", begin)
    const close = end < 0 ? -1 : buffer.indexOf("-----", end + 9)
    return close < 0 ? null : fromText(buffer.toString("latin1", begin, close + 5), labels)
  }
  return base64Head(buffer.toString("latin1", 0, 64)) ? fromText(buffer.toString("latin1"), labels) : null
}

/** Whether Base64 text starts with a DER SEQUENCE's header (its first 12 characters decoded). */
function base64Head(text: string): boolean {
  const head = new Uint8Array(Buffer.from(text.trimStart().slice(0, 64).replace(/\s+/g, "").slice(0, 12), "base64"))
  return derObjectLength(head) !== null
}

function fromText(text: string, labels: readonly string[]): Uint8Array | null {
  const pem = PEM.exec(text)
  let body: string
  if (pem) {
    if (labels.length > 0 && !labels.includes(pem[1] as string)) return null
    body = pem[2] as string
  } else {
    // Refuse text that does not start with a SEQUENCE's header before decoding it all.
    if (!base64Head(text)) return null
    body = text.trim()
    if (!BASE64.test(body)) return null
  }
  const bytes = new Uint8Array(Buffer.from(body.replace(/\s+/g, ""), "base64"))
  return isDer(bytes) ? bytes : null
}

/**
 * The DER bytes of the input, or PkiInputError(message). `labels` are the PEM labels accepted
 * ('CERTIFICATE', 'X509 CRL', ...); any label when empty.
 */
export function readDer(input: Uint8Array | string, labels: readonly string[], message: string): Uint8Array {
  if (typeof input === "string") {
    if (input.length > MAX_DER_BYTES * 2) throw new PkiInputError(message)
    const bytes = fromText(input, labels)
    if (!bytes) throw new PkiInputError(message)
    return bytes
  }
  if (input.length > MAX_DER_BYTES * 2) throw new PkiInputError(message)
  if (isDer(input)) return input
  const bytes = fromTextBytes(input, labels)
  if (!bytes) throw new PkiInputError(message)
  return bytes
}

/** asn1js's parse of DER bytes known to be one whole object; PkiInputError when asn1js finds it malformed. */
export function parseAsn1(der: Uint8Array, message: string): asn1js.AsnType {
  const parsed = asn1js.fromBER(der)
  if (parsed.offset === -1 || parsed.offset !== der.length) throw new PkiInputError(message)
  return parsed.result
}

/** PEM text of DER bytes under `label`, 64 characters a line. */
export function toPemText(der: Uint8Array, label: string): string {
  const lines = Buffer.from(der).toString("base64").match(/.{1,64}/g) ?? []
  return `-----BEGIN ${label}-----\n${lines.join("\n")}\n-----END ${label}-----\n`
}

export const toHex = (bytes: Uint8Array | ArrayBuffer): string => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString("hex")

/** A DER INTEGER's value bytes as lower-case hex with the leading 00 of a positive number dropped. */
export function serialHex(integer: asn1js.Integer): string {
  let bytes = new Uint8Array(integer.valueBlock.valueHexView)
  while (bytes.length > 1 && bytes[0] === 0) bytes = bytes.subarray(1)
  return toHex(bytes)
}

/** One DER TLV: `tag` with the concatenated `contents` (definite length). */
export function tlv(tag: number, ...contents: Uint8Array[]): Uint8Array {
  const length = contents.reduce((sum, part) => sum + part.length, 0)
  const lengthBytes: number[] = []
  if (length < 0x80) lengthBytes.push(length)
  else {
    for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) lengthBytes.unshift(rest % 256)
    lengthBytes.unshift(0x80 | lengthBytes.length)
  }
  const out = new Uint8Array(1 + lengthBytes.length + length)
  out[0] = tag
  out.set(lengthBytes, 1)
  let at = 1 + lengthBytes.length
  for (const part of contents) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** The DER bytes of an asn1js or pkijs-built object. */
export const encode = (block: { toBER(): ArrayBuffer }): Uint8Array => new Uint8Array(block.toBER())
