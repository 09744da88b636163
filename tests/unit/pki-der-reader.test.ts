import { createPrivateKey, sign } from "node:crypto"
import { readdirSync, readFileSync } from "node:fs"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { describe, expect, test } from "vitest"
import { certificateFields, NOT_A_CERTIFICATE, parseCertificate, pkijsCertificate, pkijsOf, verifyCertificateSignature } from "../../server/services/pki/certificate.ts"
import { readDer, tlv } from "../../server/services/pki/der.ts"
import { children, oidText, readTlv, whole } from "../../server/services/pki/der-reader.ts"
import { decodeName, decodeNameTlv } from "../../server/services/pki/names.ts"
import { describePublicKey } from "../../server/services/pki/signatures.ts"
import { PkiInputError } from "../../server/services/pki/types.ts"

/**
 * The fast reader of certificates (der-reader.ts, no asn1js/pkijs tree) against pkijs's reading of
 * the same bytes: every certificate of the fixtures and of the seed, names in every string type,
 * OIDs with large arcs, and structures pkijs refuses.
 */

const dir = (path: string) => new URL(path, import.meta.url)
const files = [
  ...readdirSync(dir("../fixtures/pki/")).map((f) => dir(`../fixtures/pki/${f}`)),
  ...readdirSync(dir("../../server/db/seed/pki/certificates/")).map((f) => dir(`../../server/db/seed/pki/certificates/${f}`)),
].filter((url) => /\.(cer|crt)$/.test(url.pathname))
const bytesOf = (url: URL) => new Uint8Array(readFileSync(url))

describe("parseCertificate reads what pkijs reads", () => {
  test.each(files.map((url) => [url.pathname.split("/").slice(-2).join("/"), url] as const))("%s", (_, url) => {
    let pkijsReads = true
    try {
      pkijsCertificate(readDer(bytesOf(url), [], NOT_A_CERTIFICATE))
    } catch {
      pkijsReads = false
    }
    if (!pkijsReads) {
      // A broken fixture (truncated.cer): refused by both.
      expect(() => parseCertificate(bytesOf(url))).toThrow(NOT_A_CERTIFICATE)
      return
    }
    const info = parseCertificate(bytesOf(url))
    const cert = pkijsOf(info)
    expect(info.subject).toEqual(decodeName(cert.subject))
    expect(info.issuer).toEqual(decodeName(cert.issuer))
    expect(info.notBefore).toEqual(cert.notBefore.value)
    expect(info.notAfter).toEqual(cert.notAfter.value)
    expect(info.publicKey).toEqual(describePublicKey(cert.subjectPublicKeyInfo))
    expect(info.signatureAlgorithm.oid).toBe(cert.signatureAlgorithm.algorithmId)
    expect(info.serial).toBe(Buffer.from(cert.serialNumber.valueBlock.valueHexView).toString("hex").replace(/^(00)+(?=..)/, ""))
    const extensionIds = (cert.extensions ?? []).map((e) => e.extnID)
    expect(info.qualified).toBe(extensionIds.includes("1.2.643.100.111") && extensionIds.includes("1.2.643.100.112"))
  })
  expect(files.length).toBeGreaterThan(30)
})

describe("names in every string type", () => {
  test("BMPString, UniversalString, T.61 (Latin-1 and UTF-8), the simple types and a non-string value decode as through asn1js", () => {
    const pair = (oid: string, value: asn1js.AsnType) => new asn1js.Set({ value: [new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: oid }), value] })] })
    const der = new Uint8Array(
      new asn1js.Sequence({
        value: [
          pair("2.5.4.3", new asn1js.BmpString({ value: "Иванов Иван" })),
          pair("2.5.4.10", new asn1js.UniversalString({ value: "ООО «Ромашка» 𝄞" })),
          pair("2.5.4.7", new asn1js.TeletexString({ valueHex: new Uint8Array([0x4d, 0xfc, 0x6e, 0x63, 0x68, 0x65, 0x6e, 0x80]).buffer })),
          pair("2.5.4.8", new asn1js.TeletexString({ valueHex: new Uint8Array(Buffer.from("Москва", "utf8")).buffer })),
          pair("1.2.643.100.1", new asn1js.NumericString({ value: "1027700132195" })),
          pair("2.5.4.6", new asn1js.PrintableString({ value: "RU" })),
          pair("1.2.840.113549.1.9.1", new asn1js.IA5String({ value: "a@b.ru" })),
          pair("2.5.4.12", new asn1js.Utf8String({ value: "  Директор  " })),
          pair("2.5.4.11", new asn1js.Integer({ value: 5 })),
          pair("1.2.3.4.5", new asn1js.VisibleString({ value: "x" })),
        ],
      }).toBER(),
    )
    const viaPkijs = decodeName(new pkijs.RelativeDistinguishedNames({ schema: asn1js.fromBER(der).result }))
    const fast = decodeNameTlv(readTlv(der))
    expect(fast).toEqual(viaPkijs)
    expect(fast.commonName).toBe("Иванов Иван")
    expect(fast.title).toBe("Директор")
  })
})

describe("the rarer string types", () => {
  test("VideotexString, GraphicString, GeneralString, CHARACTER STRING and UniversalString's out-of-range code points decode as through asn1js", () => {
    const pair = (oid: string, tag: number, bytes: Uint8Array) => tlv(0x31, tlv(0x30, new Uint8Array(new asn1js.ObjectIdentifier({ value: oid }).toBER()), tlv(tag, bytes)))
    const der = tlv(
      0x30,
      pair("2.5.4.3", 0x15, new Uint8Array(Buffer.from("Видеотекс", "utf8"))),
      pair("2.5.4.10", 0x19, new Uint8Array([0x47, 0x72, 0xe4, 0x70, 0x68])),
      pair("2.5.4.11", 0x1b, new Uint8Array(Buffer.from("General", "latin1"))),
      pair("2.5.4.7", 0x1d, new Uint8Array(Buffer.from("Character", "latin1"))),
      pair("2.5.4.8", 0x1c, new Uint8Array([0x00, 0x00, 0x04, 0x1c, 0x00, 0x11, 0x00, 0x00])),
    )
    const viaPkijs = decodeName(new pkijs.RelativeDistinguishedNames({ schema: asn1js.fromBER(der).result }))
    const fast = decodeNameTlv(readTlv(der))
    expect(fast.attributes.map((a) => a.value)).toEqual(["Видеотекс", "Gräph", "General", "Character", "М\ufffd"])
    expect(fast.attributes.map((a) => a.value).slice(0, 4)).toEqual(viaPkijs.attributes.map((a) => a.value).slice(0, 4))
  })
})

describe("unknown extensions", () => {
  // The fixtures' ECDSA leaf with extensions added (after any of its own), signed again by the ECDSA CA's key.
  const leaf = bytesOf(dir("../fixtures/pki/ecdsa-leaf.cer"))
  const caKey = createPrivateKey(readFileSync(dir("../fixtures/pki/ecdsa-ca.key")))
  const withExtensions = (...added: Uint8Array[]) => {
    const [tbs, algorithm] = children(readTlv(leaf))
    const fields = children(tbs!)
    // Any extensions of the leaf's own are kept, the new ones after them.
    const own = fields.at(-1)!.tag === 0xa3 ? children(children(fields.at(-1)!)[0]!).map(whole) : []
    const kept = fields.at(-1)!.tag === 0xa3 ? fields.slice(0, -1) : fields
    // Extensions need v3: a version field [0] INTEGER 2 first when the leaf is v1.
    const version = kept[0]!.tag === 0xa0 ? [] : [tlv(0xa0, tlv(0x02, new Uint8Array([2])))]
    const tbsDer = tlv(0x30, ...version, ...kept.map(whole), tlv(0xa3, tlv(0x30, ...own, ...added)))
    return tlv(0x30, tbsDer, whole(algorithm!), tlv(0x03, new Uint8Array([0]), sign("sha256", tbsDer, caKey)))
  }
  const ext = (oid: string, critical: boolean | null, value: Uint8Array) =>
    tlv(0x30, new Uint8Array(new asn1js.ObjectIdentifier({ value: oid }).toBER()), ...(critical === null ? [] : [tlv(0x01, new Uint8Array([critical ? 0xff : 0]))]), tlv(0x04, value))

  test("critical or not, with any value, they are read and listed as pkijs lists them; what we read is unchanged", () => {
    const der = withExtensions(
      ext("1.2.3.4.5.6", true, tlv(0x0c, new Uint8Array(Buffer.from("неизвестное", "utf8")))),
      ext("1.3.6.1.4.1.99999.1", null, new Uint8Array([0xde, 0xad, 0xbe, 0xef])),
      ext("2.5.29.30", false, tlv(0x30)),
    )
    const info = parseCertificate(der)
    const cert = pkijsOf(info)
    const listed = certificateFields(info).extensions
    expect(listed.map((e) => [e.oid, e.critical, e.value])).toEqual((cert.extensions ?? []).map((e) => [e.extnID, e.critical, Buffer.from(e.extnValue.valueBlock.valueHexView).toString("hex")]))
    expect(listed.slice(-3).map((e) => [e.oid, e.critical])).toEqual([
      ["1.2.3.4.5.6", true],
      ["1.3.6.1.4.1.99999.1", false],
      ["2.5.29.30", false],
    ])
    const plain = parseCertificate(leaf)
    expect({ ...info, der: null, thumbprint: null }).toEqual({ ...plain, der: null, thumbprint: null })
    expect(certificateFields(info).version).toBe(cert.version)
    expect(verifyCertificateSignature(info, parseCertificate(bytesOf(dir("../fixtures/pki/ecdsa-ca.cer"))))).toBe(true)
  })

  test("an extension without its OCTET STRING, or with a BOOLEAN that is not one, is refused", () => {
    expect(() => parseCertificate(withExtensions(tlv(0x30, new Uint8Array(new asn1js.ObjectIdentifier({ value: "1.2.3.4" }).toBER()))))).toThrow(NOT_A_CERTIFICATE)
    expect(() => parseCertificate(withExtensions(tlv(0x30, new Uint8Array(new asn1js.ObjectIdentifier({ value: "1.2.3.4" }).toBER()), tlv(0x02, new Uint8Array([1])), tlv(0x04, new Uint8Array([0])))))).toThrow(
      NOT_A_CERTIFICATE,
    )
  })
})

describe("oidText", () => {
  test.each(["0.9.2342", "1.2.643.100.111", "2.5.29.32.0", "2.999.3", "1.2.840.113549.1.9.1", "2.25.329800735698586629295641978511506172918", "1.3.6.1.4.1.9007199254740993.1"])("%s as asn1js writes it", (oid) => {
    const der = new Uint8Array(new asn1js.ObjectIdentifier({ value: oid }).toBER())
    expect(oidText(readTlv(der))).toBe(oid)
  })
  test("a truncated arc is refused", () => {
    expect(() => oidText(readTlv(new Uint8Array([0x06, 0x02, 0x2a, 0x86])))).toThrow()
  })
})

describe("malformed certificates are refused as pkijs refused them", () => {
  const good = bytesOf(dir("../fixtures/pki/director-romashka.cer"))
  const refused = (der: Uint8Array) => {
    expect(() => parseCertificate(der)).toThrow(PkiInputError)
    expect(() => parseCertificate(der)).toThrow(NOT_A_CERTIFICATE)
  }
  const tbsEnd = (() => {
    const outer = readTlv(good)
    return readTlv(good, outer.start, outer.end).end
  })()

  test("the signature algorithm's SEQUENCE tag changed to a SET", () => {
    const der = new Uint8Array(good)
    der[tbsEnd] = 0x31
    refused(der)
  })
  test("the signature's BIT STRING changed to an OCTET STRING", () => {
    const der = new Uint8Array(good)
    const alg = readTlv(der, tbsEnd)
    der[alg.end] = 0x04
    refused(der)
  })
  test("an inner length running past its parent", () => {
    const der = new Uint8Array(good)
    const outer = readTlv(der)
    // The TBS's length is in two octets (a certificate is longer than 255 bytes): make it one byte longer than the certificate.
    expect(der[outer.start + 1]).toBe(0x82)
    const length = (der[outer.start + 2] as number) * 256 + (der[outer.start + 3] as number) + (outer.end - tbsEnd) + 1
    der[outer.start + 2] = length >> 8
    der[outer.start + 3] = length & 0xff
    refused(der)
  })
  test("a version other than v1, v2 or v3", () => {
    const der = new Uint8Array(good)
    const tbs = readTlv(der, readTlv(der).start)
    const version = readTlv(der, tbs.start)
    expect(version.tag).toBe(0xa0)
    expect(der[version.start + 2]).toBe(2)
    der[version.start + 2] = 3
    refused(der)
  })
  test("a SEQUENCE whose contents are not a certificate", () => {
    refused(new Uint8Array(new asn1js.Sequence({ value: [new asn1js.Integer({ value: 1 }), new asn1js.Null()] }).toBER()))
    refused(new Uint8Array([0x30, 0x00]))
  })
})

describe("the optional unique identifiers of RFC 5280 (issuerUniqueID [1], subjectUniqueID [2])", () => {
  // The fixtures' ECDSA leaf with both identifiers put after its key, signed again by the ECDSA CA's key.
  const leaf = bytesOf(dir("../fixtures/pki/ecdsa-leaf.cer"))
  const caKey = createPrivateKey(readFileSync(dir("../fixtures/pki/ecdsa-ca.key")))
  const ca = parseCertificate(bytesOf(dir("../fixtures/pki/ecdsa-ca.cer")))
  const withUniqueIds = (ids: Uint8Array[]) => {
    const [tbs, algorithm] = children(readTlv(leaf))
    const fields = children(tbs!).map(whole)
    // version, serial, signature, issuer, validity, subject, subjectPublicKeyInfo, then the identifiers.
    const tbsDer = tlv(0x30, ...fields.slice(0, 7), ...ids, ...fields.slice(7))
    const signature = sign("sha256", tbsDer, caKey)
    return tlv(0x30, tbsDer, whole(algorithm!), tlv(0x03, new Uint8Array([0]), signature))
  }
  const issuerId = tlv(0x81, new Uint8Array([0x00, 0x5a, 0x17]))
  const subjectId = tlv(0x82, new Uint8Array([0x04, 0xc3, 0xf0]))

  test("a certificate carrying both is read as pkijs reads it, and its signature verifies", () => {
    const der = withUniqueIds([issuerId, subjectId])
    const info = parseCertificate(der)
    const cert = pkijsOf(info)
    expect(cert.issuerUniqueID).toBeDefined()
    expect(cert.subjectUniqueID).toBeDefined()
    expect(info.subject).toEqual(decodeName(cert.subject))
    expect(info.serial).toBe(parseCertificate(leaf).serial)
    expect(verifyCertificateSignature(info, ca)).toBe(true)
  })
  test("either one alone is read", () => {
    expect(parseCertificate(withUniqueIds([issuerId])).serial).toBe(parseCertificate(leaf).serial)
    expect(parseCertificate(withUniqueIds([subjectId])).serial).toBe(parseCertificate(leaf).serial)
  })
  test("out of order, constructed, or with a bad unused-bits octet: refused", () => {
    for (const ids of [[subjectId, issuerId], [tlv(0xa1, issuerId)], [tlv(0x81, new Uint8Array([0x09, 0x01]))], [tlv(0x81)]]) {
      expect(() => parseCertificate(withUniqueIds(ids))).toThrow(NOT_A_CERTIFICATE)
    }
  })
})
