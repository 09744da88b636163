import { readFileSync } from "node:fs"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { describe, expect, test } from "vitest"
import { decodeName, encodeName } from "../../server/services/pki/names.ts"
import { NOT_A_CERTIFICATE, parseCertificate, toPem, verifyCertificateSignature } from "../../server/services/pki/certificate.ts"
import { PkiInputError } from "../../server/services/pki/types.ts"

/** Certificates made by openssl (scripts/pki-fixtures.sh) and published ones (RFC 9215), parsed and verified by our code. */

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/pki/${name}`, import.meta.url)))
const seeded = (name: string) => new Uint8Array(readFileSync(new URL(`../../server/db/seed/pki/${name}`, import.meta.url)))
const ca = parseCertificate(seeded("ca.cer"))

describe("parseCertificate", () => {
  test("the demo CA: a self-signed GOST 2012-256 CA on CryptoPro-A with Streebog, its subject decoded", () => {
    expect(ca.publicKey).toEqual({ kind: "gost2012-256", label: "ГОСТ Р 34.10-2012 (256 бит, CryptoPro-A)", curveOid: "1.2.643.2.2.35.1" })
    expect(ca.signatureAlgorithm).toEqual({ oid: "1.2.643.7.1.1.3.2", label: "ГОСТ Р 34.11-2012/34.10-2012 (256 бит)" })
    expect(ca.isCa).toBe(true)
    expect(ca.keyUsage).toEqual(["Цифровая подпись", "Подписание сертификатов", "Подписание списка отзыва (CRL)"])
    expect(ca.subject.commonName).toBe('Демонстрационный УЦ ООО "УЦ"')
    expect(ca.subject.innle).toMatch(/^\d{10}$/)
    expect(ca.subject.ogrn).toMatch(/^\d{13}$/)
    expect(ca.subject.text).toMatch(/^CN=Демонстрационный УЦ ООО "УЦ", O=ООО "УЦ", C=RU, .*ИНН ЮЛ=\d{10}, ОГРН=\d{13}/)
    expect(ca.issuer.text).toBe(ca.subject.text)
    expect(ca.subjectKeyId).toMatch(/^[0-9a-f]{40}$/)
    expect(ca.ownerKind).toBe("legal_entity")
    expect(ca.notAfter.getTime() - ca.notBefore.getTime()).toBeGreaterThan(14.9 * 365 * 86_400_000)
    expect(verifyCertificateSignature(ca, ca)).toBe(true)
  })

  test("the director's certificate: every Russian attribute, the extensions of a qualified certificate", () => {
    const cert = parseCertificate(fixture("director-romashka.cer"))
    const s = cert.subject
    expect([s.commonName, s.organization, s.surname, s.givenNames, s.title]).toEqual(["ООО «Ромашка»", "ООО «Ромашка»", "Петров", "Пётр Петрович", "Генеральный директор"])
    expect([s.inn, s.innle, s.ogrn, s.snils, s.ogrnip, s.email]).toEqual(["772345678901", "7707083893", "1027700132195", "11223344595", null, "director@demo.local"])
    expect(s.attributes.find((a) => a.short === "SNILS")).toEqual({ oid: "1.2.643.100.3", short: "SNILS", label: "СНИЛС", value: "11223344595" })
    expect(s.text).toContain("ИНН ЮЛ=7707083893, ОГРН=1027700132195, СНИЛС=11223344595")
    expect(cert.ownerKind).toBe("legal_entity")
    expect(cert.qualified).toBe(true)
    expect(cert.isCa).toBe(false)
    expect(cert.keyUsage).toEqual(["Цифровая подпись", "Неотрекаемость", "Шифрование ключей"])
    expect(cert.extendedKeyUsage).toEqual([
      { oid: "1.3.6.1.5.5.7.3.2", label: "Проверка подлинности клиента" },
      { oid: "1.3.6.1.5.5.7.3.4", label: "Защищённая электронная почта" },
    ])
    expect(cert.policies.map((p) => p.label)).toEqual(["Класс средства ЭП КС1", "Класс средства ЭП КС2"])
    expect(cert.authorityKeyId).toBe(ca.subjectKeyId)
    expect(cert.crlDistributionPoints).toEqual([`http://localhost:3000/cdp/${ca.subjectKeyId}.crl`])
    expect(cert.issuer.text).toBe(ca.subject.text)
    expect(cert.serial).toMatch(/^[1-7][0-9a-f]{31}$/)
    expect(cert.thumbprint).toMatch(/^[0-9a-f]{40}$/)
    expect(cert.notBefore.toISOString()).toBe("2026-03-01T00:00:00.000Z")
    expect(verifyCertificateSignature(cert, ca)).toBe(true)
  })

  test("owner kinds: OGRNIP makes an entrepreneur, a bare person an individual", () => {
    const entrepreneur = parseCertificate(seeded("certificates/entrepreneur-02.cer"))
    expect(entrepreneur.ownerKind).toBe("entrepreneur")
    expect(entrepreneur.subject.ogrnip).toMatch(/^\d{15}$/)
    const person = parseCertificate(fixture("user-ivanov.cer"))
    expect(person.ownerKind).toBe("individual_person")
    expect([person.subject.inn, person.subject.snils, person.subject.commonName]).toEqual(["500100732259", "12345678964", "Иванов Иван Иванович"])
  })

  test("an organisation's INN written the old way (INN = '00' + ten digits, with OGRN) is read as its INNLE", () => {
    const name = (pairs: [string, string][]) => decodeName(new pkijs.RelativeDistinguishedNames({ schema: asn1js.fromBER(encodeName(pairs)).result }))
    const old = name([["2.5.4.3", "ООО «Ромашка»"], ["1.2.643.3.131.1.1", "007707083893"], ["1.2.643.100.1", "1027700132195"]])
    expect([old.inn, old.innle, old.ogrn]).toEqual(["007707083893", "7707083893", "1027700132195"])
    // A person's INN is never taken for an organisation's.
    expect(name([["1.2.643.3.131.1.1", "500100732259"], ["1.2.643.100.1", "1027700132195"]]).innle).toBeNull()
    expect(name([["1.2.643.3.131.1.1", "007707083893"]]).innle).toBeNull()
  })

  test("DER, PEM, Base64 as a string or as a file's bytes give the same certificate", () => {
    const der = fixture("user-ivanov.cer")
    const pem = toPem(der)
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+\n-----END CERTIFICATE-----\n$/)
    const base64 = Buffer.from(der).toString("base64")
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(pem)])
    const inputs = [der, pem, new TextEncoder().encode(pem), base64, new TextEncoder().encode(base64), pem.replace(/\n/g, "\r\n"), bom]
    for (const input of inputs) expect(parseCertificate(input).thumbprint).toBe(parseCertificate(der).thumbprint)
  })

  test("RSA, RSA-PSS and ECDSA certificates made by openssl: labels and signatures", () => {
    const rsaCa = parseCertificate(fixture("rsa-ca.cer"))
    const rsa = parseCertificate(fixture("rsa-leaf.cer"))
    expect([rsa.publicKey.label, rsa.signatureAlgorithm.label]).toEqual(["RSA (2048 бит)", "SHA-256 с RSA"])
    expect(verifyCertificateSignature(rsa, rsaCa)).toBe(true)
    const pss = parseCertificate(fixture("rsa-pss-leaf.cer"))
    expect(pss.signatureAlgorithm.label).toBe("RSASSA-PSS")
    expect(verifyCertificateSignature(pss, rsaCa)).toBe(true)
    const ecCa = parseCertificate(fixture("ecdsa-ca.cer"))
    const ec = parseCertificate(fixture("ecdsa-leaf.cer"))
    expect([ec.publicKey.label, ec.publicKey.curveOid, ec.signatureAlgorithm.label]).toEqual(["ECDSA (P-256)", "1.2.840.10045.3.1.7", "ECDSA с SHA-256"])
    expect(verifyCertificateSignature(ec, ecCa)).toBe(true)
    // Wrong issuers: another key of the same kind, another kind.
    expect(verifyCertificateSignature(rsa, ecCa)).toBe(false)
    expect(verifyCertificateSignature(ec, rsaCa)).toBe(false)
    expect(verifyCertificateSignature(rsa, ca)).toBe(false)
  })

  test("GOST on every parameter set our customers use, issued by the demo CA; a foreign CA's key does not verify them", () => {
    const untrusted = parseCertificate(fixture("untrusted-ca.cer"))
    for (const [name, label] of [
      ["gost256-tc26a.cer", "ГОСТ Р 34.10-2012 (256 бит, TC26-256-A)"],
      ["gost512-tc26a.cer", "ГОСТ Р 34.10-2012 (512 бит, TC26-512-A)"],
      ["gost512-tc26c.cer", "ГОСТ Р 34.10-2012 (512 бит, TC26-512-C)"],
    ] as const) {
      const cert = parseCertificate(fixture(name))
      expect(cert.publicKey.label).toBe(label)
      expect(verifyCertificateSignature(cert, ca)).toBe(true)
      expect(verifyCertificateSignature(cert, untrusted)).toBe(false)
    }
    expect(verifyCertificateSignature(parseCertificate(fixture("untrusted-leaf.cer")), untrusted)).toBe(true)
  })

  test("a single changed byte of the signed part or of the signature fails the check", () => {
    const der = fixture("director-romashka.cer")
    const serialAt = 15 // inside the TBS's serial number
    const tbsChanged = der.slice()
    tbsChanged[serialAt] = (tbsChanged[serialAt] as number) ^ 0x01
    expect(verifyCertificateSignature(parseCertificate(tbsChanged), ca)).toBe(false)
    const signatureChanged = der.slice()
    signatureChanged[der.length - 5] = (signatureChanged[der.length - 5] as number) ^ 0x80
    expect(verifyCertificateSignature(parseCertificate(signatureChanged), ca)).toBe(false)
  })

  test("published vectors (RFC 9215, appendix A): parsed, and their self-signatures verify — TC26 256 paramSetA included", () => {
    const vectors = [
      ["rfc9215-a1-gost2012-256-testparamset.pem", "1.2.643.2.2.35.0", "0a"],
      ["rfc9215-a2-gost2012-256-tc26a.pem", "1.2.643.7.1.2.1.1.1", "0a"],
      ["rfc9215-a3-gost2012-512-test.pem", "1.2.643.7.1.2.1.2.0", "0b"],
    ] as const
    for (const [name, curveOid, serial] of vectors) {
      const cert = parseCertificate(readFileSync(new URL(`../fixtures/pki/vectors/${name}`, import.meta.url), "utf8"))
      expect(cert.publicKey.curveOid).toBe(curveOid)
      expect(cert.serial).toBe(serial)
      expect(cert.subject.commonName).toBe("Example")
      expect(cert.isCa).toBe(true)
      expect(verifyCertificateSignature(cert, cert)).toBe(true)
    }
  })

  test("anything that is not a certificate is a PkiInputError with a Russian message", () => {
    const csr = readFileSync(new URL("../fixtures/pki/csr-rsa.pem", import.meta.url), "utf8")
    const inputs: (Uint8Array | string)[] = [
      fixture("garbage.bin"),
      fixture("garbage.txt"),
      fixture("truncated.cer"),
      fixture("demo-ca-revoked.crl"),
      fixture("cms/gost256-detached.p7s"),
      csr,
      "",
      "MIIB",
      new Uint8Array(0),
      new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01]),
    ]
    for (const input of inputs) {
      expect(() => parseCertificate(input)).toThrow(PkiInputError)
      expect(() => parseCertificate(input)).toThrow(NOT_A_CERTIFICATE)
    }
  })

  test("30 MB files of garbage are refused by their first bytes (or one native search for a PEM block)", () => {
    const size = 30 * 1024 * 1024
    const ascii = new Uint8Array(size).fill(0x41) // 'AAAA…': Base64 whose head decodes to no SEQUENCE
    ascii[0] = 0x30
    const binary = new Uint8Array(size).fill(0xff) // a SEQUENCE header whose length does not match
    binary.set([0x30, 0x84, 0x00, 0x00, 0x10, 0x00])
    const pem = new Uint8Array(size).fill(0x41) // a PEM header and no end
    pem.set(new TextEncoder().encode("-----BEGIN CERTIFICATE-----\n"))
    for (const big of [ascii, binary, pem]) {
      const started = performance.now()
      expect(() => parseCertificate(big)).toThrow(PkiInputError)
      expect(performance.now() - started).toBeLessThan(250)
    }
  })
})
