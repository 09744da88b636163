/**
 * A minimal DER reader for the hot paths (parseCertificate): tag-length-value headers over the
 * original bytes, no objects per node and no copies, so a certificate is read in one pass where
 * asn1js + pkijs built and schema-compared a tree of objects (≈30× slower). Only what X.509 needs:
 * one-byte tags, definite lengths (DER), OIDs and strings. Malformed bytes throw DerError.
 */

export class DerError extends Error {}

/** One TLV inside `bytes`: `tag` is the identifier octet, the contents are bytes[start, end). */
export interface Tlv {
  readonly bytes: Uint8Array
  readonly tag: number
  /** Offset of the identifier octet. */
  readonly offset: number
  readonly start: number
  readonly end: number
}

export const TAG = {
  BOOLEAN: 0x01,
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTF8: 0x0c,
  SEQUENCE: 0x30,
  SET: 0x31,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
} as const

/** The TLV at `offset`, which must end by `limit`. */
export function readTlv(bytes: Uint8Array, offset = 0, limit = bytes.length): Tlv {
  if (offset + 2 > limit) throw new DerError("truncated")
  const tag = bytes[offset] as number
  // High tag numbers (≥ 31) never occur in the structures read here.
  if ((tag & 0x1f) === 0x1f) throw new DerError("long tag")
  const first = bytes[offset + 1] as number
  let start = offset + 2
  let length = first
  if (first >= 0x80) {
    const count = first & 0x7f
    if (count === 0 || count > 4 || start + count > limit) throw new DerError("bad length")
    length = 0
    for (let i = 0; i < count; i++) length = length * 256 + (bytes[start + i] as number)
    start += count
  }
  const end = start + length
  if (end > limit) throw new DerError("truncated")
  return { bytes, tag, offset, start, end }
}

/** The TLVs inside a constructed one, in order; they must fill it exactly. */
export function children(parent: Tlv): Tlv[] {
  if ((parent.tag & 0x20) === 0) throw new DerError("not constructed")
  const out: Tlv[] = []
  for (let at = parent.start; at < parent.end; ) {
    const child = readTlv(parent.bytes, at, parent.end)
    out.push(child)
    at = child.end
  }
  return out
}

/** `tlv`, checked to carry `tag`. */
export function expect(tlv: Tlv | undefined, tag: number): Tlv {
  if (!tlv || tlv.tag !== tag) throw new DerError(`expected tag ${tag}`)
  return tlv
}

/** The contents' bytes (a view, not a copy). */
export const contents = (tlv: Tlv): Uint8Array => tlv.bytes.subarray(tlv.start, tlv.end)
/** The whole TLV's bytes (a view). */
export const whole = (tlv: Tlv): Uint8Array => tlv.bytes.subarray(tlv.offset, tlv.end)

/** Dotted text of an OBJECT IDENTIFIER's contents (as asn1js prints it: 0./1./2. split of the first arc). */
export function oidText(tlv: Tlv): string {
  const { bytes, start, end } = expect(tlv, TAG.OID)
  if (start === end) throw new DerError("empty OID")
  const arcs: string[] = []
  let value = 0
  let big: bigint | null = null
  for (let i = start; i < end; i++) {
    const byte = bytes[i] as number
    if (big !== null) big = (big << 7n) | BigInt(byte & 0x7f)
    else if (value > 0x3fffffffffff) big = (BigInt(value) << 7n) | BigInt(byte & 0x7f)
    else value = value * 128 + (byte & 0x7f)
    if (byte & 0x80) continue
    if (arcs.length === 0) {
      if (big !== null) arcs.push("2", (big - 80n).toString())
      else if (value < 40) arcs.push("0", String(value))
      else if (value < 80) arcs.push("1", String(value - 40))
      else arcs.push("2", String(value - 80))
    } else arcs.push(big !== null ? big.toString() : String(value))
    value = 0
    big = null
  }
  if ((bytes[end - 1] as number) & 0x80) throw new DerError("truncated OID")
  return arcs.join(".")
}

/** A BIT STRING's bits without the unused-bits octet (a view). */
export function bitStringBytes(tlv: Tlv): Uint8Array {
  expect(tlv, TAG.BIT_STRING)
  if (tlv.start === tlv.end || (tlv.bytes[tlv.start] as number) > 7) throw new DerError("bad BIT STRING")
  return tlv.bytes.subarray(tlv.start + 1, tlv.end)
}

/** Latin-1 text of bytes (String.fromCharCode of each, as asn1js decodes the simple string types). */
export function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("latin1")
}
