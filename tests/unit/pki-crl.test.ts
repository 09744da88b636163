import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { describe, expect, test } from "vitest"
import { loadCa } from "../../server/services/pki/ca.ts"
import { parseCertificate } from "../../server/services/pki/certificate.ts"
import { NOT_A_CRL, parseCrl, verifyCrl } from "../../server/services/pki/crl.ts"
import { tlv } from "../../server/services/pki/der.ts"
import { PkiInputError } from "../../server/services/pki/types.ts"

/** CRLs made by openssl (GOST, RSA, ECDSA; with entries and without) and by our CA's buildCrl, parsed and verified. */

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/pki/${name}`, import.meta.url)))
const seed = (name: string) => fileURLToPath(new URL(`../../server/db/seed/pki/${name}`, import.meta.url))
const ca = await loadCa({ caKeyFile: seed("ca.key"), caCertFile: seed("ca.cer"), siteUrl: "http://localhost:3000" })

/** The TBSCertList's top-level fields. */
const tbsFields = (der: Uint8Array) => ((asn1js.fromBER(der).result as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence).valueBlock.value

describe("CRLs made by openssl", () => {
  test("the demo CA's CRL with the revoked certificate: entry, reason, number, signature", () => {
    const revoked = parseCertificate(fixture("revoked.cer"))
    const crl = parseCrl(fixture("demo-ca-revoked.crl"))
    expect(crl.issuer.text).toBe(ca.certificate.subject.text)
    expect(crl.number).toBe(2)
    expect(crl.entries).toHaveLength(1)
    expect(crl.entries[0]?.serial).toBe(revoked.serial)
    expect(crl.entries[0]?.reason).toBe(1) // keyCompromise
    expect(crl.nextUpdate!.getTime() - crl.thisUpdate.getTime()).toBe(30 * 86_400_000)
    expect(verifyCrl(crl, ca.certificate)).toBe(true)
    expect(verifyCrl(crl, parseCertificate(fixture("untrusted-ca.cer")))).toBe(false)
  })

  test("the demo CA's CRL without entries (no revokedCertificates field)", () => {
    const crl = parseCrl(fixture("demo-ca-empty.crl"))
    expect(crl.entries).toEqual([])
    expect(crl.number).toBe(1)
    expect(verifyCrl(crl, ca.certificate)).toBe(true)
  })

  test("RSA and ECDSA CAs' CRLs", () => {
    for (const kind of ["rsa", "ecdsa"]) {
      const crl = parseCrl(fixture(`${kind}-ca.crl`))
      const leaf = parseCertificate(fixture(`${kind}-leaf.cer`))
      expect(crl.entries.map((e) => [e.serial, e.reason])).toEqual([[leaf.serial, 4]]) // superseded
      expect(verifyCrl(crl, parseCertificate(fixture(`${kind}-ca.cer`)))).toBe(true)
      expect(verifyCrl(crl, ca.certificate)).toBe(false)
    }
  })

  test("PEM and Base64 input; garbage and certificates are PkiInputError", () => {
    const der = fixture("demo-ca-revoked.crl")
    const pem = `-----BEGIN X509 CRL-----\n${Buffer.from(der).toString("base64")}\n-----END X509 CRL-----\n`
    expect(parseCrl(pem).entries).toHaveLength(1)
    expect(parseCrl(Buffer.from(der).toString("base64")).entries).toHaveLength(1)
    for (const input of [fixture("garbage.bin"), fixture("garbage.txt"), fixture("director-romashka.cer"), "", der.subarray(0, 100)]) {
      expect(() => parseCrl(input)).toThrow(PkiInputError)
      expect(() => parseCrl(input)).toThrow(NOT_A_CRL)
    }
  })
})

describe("our CA's buildCrl", () => {
  const thisUpdate = new Date("2026-11-01T10:00:00Z")
  const nextUpdate = new Date("2026-11-02T10:00:00Z")

  test("entries with their reasons (0 written without reasonCode), CRLNumber, AKI; verified", () => {
    const entries = [
      { serial: "7f01aa", revokedAt: new Date("2026-10-01T08:00:00Z"), reason: 1 },
      { serial: "80ff", revokedAt: new Date("2026-10-02T08:00:00Z"), reason: 6 }, // high bit: written with a leading 00
      { serial: "0a", revokedAt: new Date("2026-10-03T08:00:00Z"), reason: 0 },
    ]
    const der = ca.buildCrl(entries, 42, thisUpdate, nextUpdate)
    const crl = parseCrl(der)
    expect(crl.entries).toEqual(entries)
    expect([crl.number, crl.authorityKeyId, crl.thisUpdate, crl.nextUpdate]).toEqual([42, ca.certificate.subjectKeyId, thisUpdate, nextUpdate])
    expect(crl.issuer.text).toBe(ca.certificate.subject.text)
    expect(verifyCrl(crl, ca.certificate)).toBe(true)
    // One changed byte (the CRL number) and the signature fails.
    const changed = der.slice()
    const at = Buffer.from(der).lastIndexOf(Buffer.from([0x02, 0x01, 42]))
    changed[at + 2] = 43
    expect(parseCrl(changed).number).toBe(43)
    expect(verifyCrl(parseCrl(changed), ca.certificate)).toBe(false)
  })

  test("the known fault: an empty CRL leaves revokedCertificates out (pkijs would write an empty SEQUENCE); still parsed and verified", () => {
    const der = ca.buildCrl([], 1, thisUpdate, nextUpdate)
    const fields = tbsFields(der)
    // version, signature, issuer, thisUpdate, nextUpdate, [0] extensions — and nothing between.
    expect(fields).toHaveLength(6)
    expect(fields[5]?.idBlock.tagClass).toBe(3)
    const crl = parseCrl(der)
    expect([crl.entries, crl.number]).toEqual([[], 1])
    expect(verifyCrl(crl, ca.certificate)).toBe(true)
    // What pkijs itself encodes for an empty list: the field RFC 5280 5.1.2.6 says MUST be absent.
    const viaPkijs = pkijs.CertificateRevocationList.fromBER(new Uint8Array(der))
    viaPkijs.revokedCertificates = []
    const pkijsFields = (viaPkijs.toSchema(true).valueBlock.value[0] as asn1js.Sequence).valueBlock.value
    expect(pkijsFields).toHaveLength(7)
    expect(pkijsFields[5]?.idBlock.tagNumber).toBe(16) // the empty SEQUENCE
  })

  test("a CRL holding an empty revokedCertificates SEQUENCE (as some CAs write) is read as empty", () => {
    const der = ca.buildCrl([], 3, thisUpdate, nextUpdate)
    const root = asn1js.fromBER(der).result as asn1js.Sequence
    const parts = tbsFields(der).map((f) => new Uint8Array(f.valueBeforeDecodeView))
    const tbs = tlv(0x30, ...parts.slice(0, 5), new Uint8Array([0x30, 0x00]), ...parts.slice(5))
    const rest = root.valueBlock.value.slice(1).map((f) => new Uint8Array(f.valueBeforeDecodeView))
    const crl = parseCrl(tlv(0x30, tbs, ...rest))
    expect([crl.entries, crl.number]).toEqual([[], 3])
    // The signature covered the TBS without the field: a changed TBS does not verify.
    expect(verifyCrl(crl, ca.certificate)).toBe(false)
  })
})
