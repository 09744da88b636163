import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import * as asn1js from "asn1js"
import { describe, expect, test } from "vitest"
import { CSR_NOT_GOST, CSR_SIGNATURE_INVALID, createCa, loadCa } from "../../server/services/pki/ca.ts"
import { parseCertificate, verifyCertificateSignature } from "../../server/services/pki/certificate.ts"
import { NOT_A_CSR, parseCsr } from "../../server/services/pki/csr.ts"
import { PkiInputError, type SubjectInput } from "../../server/services/pki/types.ts"

/** PKCS#10 requests made by openssl, certified by the demo CA (Ca.issue); openssl checked such a certificate at generation (fixtures README). */

const path = (name: string) => fileURLToPath(new URL(`../fixtures/pki/${name}`, import.meta.url))
const fixture = (name: string) => new Uint8Array(readFileSync(path(name)))
const text = (name: string) => readFileSync(path(name), "utf8")
const seed = (name: string) => fileURLToPath(new URL(`../../server/db/seed/pki/${name}`, import.meta.url))
const ca = await loadCa({ caKeyFile: seed("ca.key"), caCertFile: seed("ca.cer"), siteUrl: "https://uc.example.ru/" })

const legal: SubjectInput = {
  surname: "Петров",
  givenNames: "Пётр Петрович",
  title: "Генеральный директор",
  organization: "ООО «Ромашка»",
  innle: "7707083893",
  ogrn: "1027700132195",
  inn: "772345678901",
  snils: "112-233-445 95",
  email: "director@demo.local",
  region: "77 г. Москва",
  locality: "г. Москва",
  street: "ул. Ленина, д. 1",
}
const window = { notBefore: new Date("2026-06-01T00:00:00.400Z"), notAfter: new Date("2027-09-01T00:00:00Z") }

/** The ASN.1 string type of the first attribute `oid` in the certificate's subject. */
function subjectStringType(der: Uint8Array, oid: string): string | undefined {
  const tbs = (asn1js.fromBER(der).result as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence
  const subject = tbs.valueBlock.value[5] as asn1js.Sequence
  for (const rdn of subject.valueBlock.value as asn1js.Set[]) {
    expect(rdn.valueBlock.value).toHaveLength(1) // one attribute per RDN
    const pair = rdn.valueBlock.value[0] as asn1js.Sequence
    if ((pair.valueBlock.value[0] as asn1js.ObjectIdentifier).valueBlock.toString() === oid) return (pair.valueBlock.value[1] as asn1js.BaseBlock).constructor.name
  }
  return undefined
}

describe("parseCsr", () => {
  test("GOST 256 and 512, RSA and ECDSA requests by openssl: subject, key and a valid self-signature", () => {
    const gost = parseCsr(text("csr-gost256.pem"))
    expect([gost.subject.commonName, gost.publicKey.kind, gost.publicKey.curveOid, gost.signatureValid]).toEqual(["Заявитель", "gost2012-256", "1.2.643.2.2.35.1", true])
    const gost512 = parseCsr(fixture("csr-gost512.der"))
    expect([gost512.publicKey.kind, gost512.signatureValid]).toEqual(["gost2012-512", true])
    expect(parseCsr(text("csr-rsa.pem")).signatureValid).toBe(true)
    expect(parseCsr(text("csr-ecdsa.pem")).publicKey.label).toBe("ECDSA (P-256)")
    expect(asn1js.fromBER(gost.publicKeyInfo).offset).toBe(gost.publicKeyInfo.length)
  })

  test("a changed byte of the request's signed part makes its signature invalid", () => {
    const der = new Uint8Array(Buffer.from(text("csr-gost256.pem").replace(/-----[^-]+-----/g, ""), "base64"))
    const at = der.indexOf(0x0c) + 3 // inside the CN's UTF8String
    der[at] = (der[at] as number) ^ 0x01
    expect(parseCsr(der).signatureValid).toBe(false)
  })

  test("not a request: PkiInputError", () => {
    for (const input of [fixture("garbage.bin"), text("garbage.txt"), fixture("director-romashka.cer"), ""]) expect(() => parseCsr(input)).toThrow(NOT_A_CSR)
  })
})

describe("the demo CA issues", () => {
  test("a qualified certificate for a legal entity: the order's subject in the FSB's string types, the extensions, our signature", () => {
    const cert = ca.issue({ csr: text("csr-gost256.pem"), subject: legal, ...window })
    expect(verifyCertificateSignature(cert, ca.certificate)).toBe(true)
    expect(cert.issuer.text).toBe(ca.certificate.subject.text)
    expect(cert.subject.commonName).toBe("ООО «Ромашка»") // CN = the organisation, not the request's 'Заявитель'
    expect([cert.subject.surname, cert.subject.givenNames, cert.subject.title]).toEqual(["Петров", "Пётр Петрович", "Генеральный директор"])
    expect([cert.subject.innle, cert.subject.ogrn, cert.subject.inn, cert.subject.snils]).toEqual(["7707083893", "1027700132195", "772345678901", "11223344595"])
    expect(cert.subject.attributes.find((a) => a.short === "C")?.value).toBe("RU")
    for (const oid of ["1.2.643.100.4", "1.2.643.100.1", "1.2.643.3.131.1.1", "1.2.643.100.3"]) expect(subjectStringType(cert.der, oid)).toBe("NumericString")
    expect(subjectStringType(cert.der, "2.5.4.6")).toBe("PrintableString")
    expect(subjectStringType(cert.der, "1.2.840.113549.1.9.1")).toBe("IA5String")
    expect(subjectStringType(cert.der, "2.5.4.3")).toBe("Utf8String")
    expect(cert.ownerKind).toBe("legal_entity")
    expect(cert.qualified).toBe(true)
    expect(cert.keyUsage).toEqual(["Цифровая подпись", "Неотрекаемость", "Шифрование ключей"])
    expect(cert.extendedKeyUsage.map((e) => e.oid)).toEqual(["1.3.6.1.5.5.7.3.2", "1.3.6.1.5.5.7.3.4"])
    expect(cert.policies.map((p) => p.label)).toEqual(["Класс средства ЭП КС1", "Класс средства ЭП КС2"])
    expect(cert.authorityKeyId).toBe(ca.certificate.subjectKeyId)
    expect(cert.subjectKeyId).toMatch(/^[0-9a-f]{40}$/)
    expect(ca.crlUrl).toBe(`https://uc.example.ru/cdp/${ca.certificate.subjectKeyId}.crl`)
    expect(cert.crlDistributionPoints).toEqual([ca.crlUrl])
    expect(cert.isCa).toBe(false)
    expect(cert.publicKey.curveOid).toBe("1.2.643.2.2.35.1")
    expect(cert.notBefore.toISOString()).toBe("2026-06-01T00:00:00.000Z")
    expect(cert.notAfter.toISOString()).toBe("2027-09-01T00:00:00.000Z")
    expect(cert.serial).toMatch(/^[0-9a-f]{2,32}$/)
    // What we issue parses the same from its own bytes.
    expect(parseCertificate(cert.der).thumbprint).toBe(cert.thumbprint)
  })

  test("a person: CN is the full name; an entrepreneur: OGRNIP; every serial is new; a 512-bit key is certified by the 256-bit CA", () => {
    const person = ca.issue({ csr: text("csr-gost256.pem"), subject: { surname: "Иванов", givenNames: "Иван Иванович", inn: "500100732259", snils: "12345678964" }, ...window })
    expect([person.subject.commonName, person.ownerKind, person.subject.organization]).toEqual(["Иванов Иван Иванович", "individual_person", null])
    const entrepreneur = ca.issue({ csr: fixture("csr-gost512.der"), subject: { surname: "Сидоров", givenNames: "Алексей Викторович", inn: "500100732259", ogrnip: "304500116000157" }, ...window })
    expect([entrepreneur.ownerKind, entrepreneur.publicKey.kind, entrepreneur.signatureAlgorithm.oid]).toEqual(["entrepreneur", "gost2012-512", "1.2.643.7.1.1.3.2"])
    expect(verifyCertificateSignature(entrepreneur, ca.certificate)).toBe(true)
    expect(person.serial).not.toBe(entrepreneur.serial)
  })

  test("validity past 2049 is written as GeneralizedTime and read back", () => {
    const cert = ca.issue({ csr: text("csr-gost256.pem"), subject: legal, notBefore: new Date("2049-06-01T00:00:00Z"), notAfter: new Date("2051-01-02T03:04:05Z") })
    expect(cert.notAfter.toISOString()).toBe("2051-01-02T03:04:05.000Z")
    expect(verifyCertificateSignature(cert, ca.certificate)).toBe(true)
  })

  test("refuses: a request with a broken signature, an RSA key, bad numbers, an empty name, a reversed window, garbage", () => {
    const der = new Uint8Array(Buffer.from(text("csr-gost256.pem").replace(/-----[^-]+-----/g, ""), "base64"))
    der[der.length - 3] = (der[der.length - 3] as number) ^ 0x01
    const cases: [Parameters<typeof ca.issue>[0], string][] = [
      [{ csr: der, subject: legal, ...window }, CSR_SIGNATURE_INVALID],
      [{ csr: text("csr-rsa.pem"), subject: legal, ...window }, CSR_NOT_GOST],
      [{ csr: text("csr-gost256.pem"), subject: { ...legal, innle: "77070838" }, ...window }, "ИНН организации должен состоять из 10 цифр"],
      [{ csr: text("csr-gost256.pem"), subject: { ...legal, snils: "123" }, ...window }, "СНИЛС должен состоять из 11 цифр"],
      [{ csr: text("csr-gost256.pem"), subject: { ...legal, surname: " " }, ...window }, "Укажите фамилию, имя и отчество владельца"],
      [{ csr: text("csr-gost256.pem"), subject: legal, notBefore: window.notAfter, notAfter: window.notBefore }, "Срок действия сертификата указан неверно"],
      [{ csr: fixture("garbage.bin"), subject: legal, ...window }, NOT_A_CSR],
    ]
    for (const [input, message] of cases) {
      expect(() => ca.issue(input)).toThrow(PkiInputError)
      expect(() => ca.issue(input)).toThrow(message)
    }
  })

  test("a CA whose key is not its certificate's is refused at load", () => {
    expect(() => createCa(text("director-romashka.key"), new Uint8Array(readFileSync(seed("ca.cer"))), "http://localhost")).toThrow(/does not match/)
  })
})
