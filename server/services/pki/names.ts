import * as asn1js from "asn1js"
import type * as pkijs from "pkijs"
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
  const attributes: NameAttribute[] = name.typesAndValues.map((pair) => {
    const known = NAME_ATTRIBUTES[pair.type]
    return { oid: pair.type, short: known?.short ?? pair.type, label: known?.label ?? pair.type, value: stringOf(pair.value).trim() }
  })
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
