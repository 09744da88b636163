import * as asn1js from "asn1js"
import type * as pkijs from "pkijs"
import { children, contents, type Tlv, oidText, TAG, whole, latin1, expect } from "./der-reader.ts"
import { NAME_ATTRIBUTES, NAME_OID } from "./oids.ts"
import type { DistinguishedName, NameAttribute, SubjectInput } from "./types.ts"

/**
 * Distinguished names: decoding (every string type real Russian certificates use — the INN, OGRN and
 * SNILS come as NumericString, PrintableString or UTF8String depending on the CA) and encoding of the
 * demo CA's subjects in the types the FSB's order No 795 requires.
 */

const RUSSIAN = new Set(["INN", "INNLE", "OGRN", "OGRNIP", "SNILS"])

function stringOf(value: unknown): string {
  if (value instanceof asn1js.BmpString || value instanceof asn1js.UniversalString) return value.valueBlock.value
  if (value instanceof asn1js.TeletexString || value instanceof asn1js.VideotexString || value instanceof asn1js.GraphicString) {
    // Declared T.61 but in practice Latin-1 (or UTF-8) bytes.
    const bytes = new Uint8Array((value as asn1js.BaseStringBlock).valueBlock.valueHexView)
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes)
    } catch {
      return new TextDecoder("latin1").decode(bytes)
    }
  }
  if (value instanceof asn1js.BaseStringBlock) return (value as unknown as { valueBlock: { value: string } }).valueBlock.value
  if (value instanceof asn1js.BaseBlock) return Buffer.from((value as asn1js.BaseBlock).valueBeforeDecodeView).toString("hex")
  return ""
}

export function decodeName(name: pkijs.RelativeDistinguishedNames): DistinguishedName {
  return nameOf(name.typesAndValues.map((pair) => attribute(pair.type, stringOf(pair.value))))
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })
// What stringOf uses for the T.61 types ("latin1" is windows-1252 to TextDecoder).
const teletexUtf8 = new TextDecoder("utf-8", { fatal: true })
const windows1252 = new TextDecoder("latin1")

function utf8OrLatin1(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes)
  } catch {
    return latin1(bytes)
  }
}

/** UTF-16BE (BMPString). */
function utf16be(bytes: Uint8Array): string {
  let out = ""
  for (let i = 0; i + 1 < bytes.length; i += 2) out += String.fromCharCode(((bytes[i] as number) << 8) | (bytes[i + 1] as number))
  return out
}

/** UTF-32BE (UniversalString), out-of-range code points as U+FFFD. */
function utf32be(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length)
  const points: number[] = []
  for (let i = 0; i + 3 < bytes.length; i += 4) {
    const point = view.getUint32(i)
    points.push(point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff) ? 0xfffd : point)
  }
  return String.fromCodePoint(...points)
}

/** The text of an attribute value straight from its DER: the same strings stringOf gives for asn1js's blocks. */
function stringOfDer(value: Tlv): string {
  const bytes = contents(value)
  switch (value.tag) {
    case 0x0c: // UTF8String (asn1js falls back to the raw bytes)
      return utf8OrLatin1(bytes)
    case 0x14: // TeletexString, VideotexString, GraphicString: declared T.61, in practice Latin-1 or UTF-8
    case 0x15:
    case 0x19:
      try {
        return teletexUtf8.decode(bytes)
      } catch {
        return windows1252.decode(bytes)
      }
    case 0x12: // NumericString, PrintableString, IA5String, VisibleString, GeneralString, CHARACTER STRING
    case 0x13:
    case 0x16:
    case 0x1a:
    case 0x1b:
    case 0x1d:
      return latin1(bytes)
    case 0x1e:
      return utf16be(bytes)
    case 0x1c:
      return utf32be(bytes)
    default:
      return Buffer.from(whole(value)).toString("hex")
  }
}

/** A Name (SEQUENCE OF RDN SET OF AttributeTypeAndValue) read from its DER TLV. */
export function decodeNameTlv(name: Tlv): DistinguishedName {
  const attributes: NameAttribute[] = []
  for (const rdn of children(expect(name, TAG.SEQUENCE))) {
    for (const pair of children(expect(rdn, TAG.SET))) {
      const [type, value] = children(expect(pair, TAG.SEQUENCE))
      if (!type || !value) throw new Error("bad attribute")
      attributes.push(attribute(oidText(type), stringOfDer(value)))
    }
  }
  return nameOf(attributes)
}

function attribute(oid: string, value: string): NameAttribute {
  const known = NAME_ATTRIBUTES[oid]
  return { oid, short: known?.short ?? oid, label: known?.label ?? oid, value: value.trim() }
}

function nameOf(attributes: NameAttribute[]): DistinguishedName {
  const first = (short: string): string | null => attributes.find((a) => a.short === short)?.value ?? null
  // DER order (RFC 4514's reversed), as CryptoPro and Windows show it: CN first in Russian certificates.
  const text = attributes
    .map((a) => `${RUSSIAN.has(a.short) ? a.label : a.short}=${a.value}`)
    .join(", ")
  const inn = first("INN")
  const ogrn = first("OGRN")
  return {
    attributes,
    text,
    commonName: first("CN"),
    organization: first("O"),
    surname: first("SN"),
    givenNames: first("G"),
    title: first("T"),
    inn,
    // Before INNLE (2021) an organisation's INN was written in INN as twelve digits, '00' first.
    innle: first("INNLE") ?? (ogrn && inn && /^00\d{10}$/.test(inn) ? inn.slice(2) : null),
    ogrn,
    ogrnip: first("OGRNIP"),
    snils: first("SNILS"),
    email: first("E"),
  }
}

type Encoded = asn1js.Utf8String | asn1js.NumericString | asn1js.PrintableString | asn1js.IA5String

/** One attribute in the FSB's string type: the numbers NumericString, C PrintableString, E IA5String, the rest UTF8String. */
function encodeValue(oid: string, value: string): Encoded {
  if ([NAME_OID.INN, NAME_OID.INNLE, NAME_OID.OGRN, NAME_OID.OGRNIP, NAME_OID.SNILS].includes(oid as never)) return new asn1js.NumericString({ value })
  if (oid === NAME_OID.C) return new asn1js.PrintableString({ value })
  if (oid === NAME_OID.E) return new asn1js.IA5String({ value })
  return new asn1js.Utf8String({ value })
}

/** The DER of a name from (OID, value) pairs in the given order, one attribute per RDN (pkijs would put them all in one SET). */
export function encodeName(pairs: readonly (readonly [string, string | undefined | null])[]): Uint8Array {
  const rdns = pairs
    .filter((pair): pair is readonly [string, string] => typeof pair[1] === "string" && pair[1].trim() !== "")
    .map(([type, value]) => new asn1js.Set({ value: [new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: type }), encodeValue(type, value.trim())] })] }))
  return new Uint8Array(new asn1js.Sequence({ value: rdns }).toBER())
}

/** The subject the demo CA writes: CN = the organisation for a legal entity, else the person's full name. */
export function subjectName(input: SubjectInput): Uint8Array {
  const person = `${input.surname} ${input.givenNames}`.trim()
  const legal = Boolean(input.innle || (input.ogrn && input.organization))
  const cn = legal && input.organization ? input.organization : person
  return encodeName([
    [NAME_OID.CN, cn],
    [NAME_OID.SN, input.surname],
    [NAME_OID.G, input.givenNames],
    [NAME_OID.T, input.title],
    [NAME_OID.O, input.organization],
    [NAME_OID.STREET, input.street],
    [NAME_OID.L, input.locality],
    [NAME_OID.S, input.region],
    [NAME_OID.C, "RU"],
    [NAME_OID.E, input.email],
    [NAME_OID.INN, input.inn],
    [NAME_OID.INNLE, input.innle],
    [NAME_OID.OGRN, input.ogrn],
    [NAME_OID.OGRNIP, input.ogrnip],
    [NAME_OID.SNILS, input.snils],
  ])
}
