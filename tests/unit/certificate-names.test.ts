import { readFileSync } from "node:fs"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { describe, expect, test } from "vitest"
import { readableName } from "../../schemas/certificate-names.ts"
import { parseCertificate } from "../../server/services/pki/certificate.ts"
import { decodeName, encodeName } from "../../server/services/pki/names.ts"

/** Owners and issuers of real fixture certificates (openssl-made, scripts/pki-fixtures.sh) read as a person reads them. */

const cert = (path: string) => parseCertificate(new Uint8Array(readFileSync(new URL(`../../${path}`, import.meta.url))))
const nameOf = (pairs: [string, string][]) => decodeName(new pkijs.RelativeDistinguishedNames({ schema: asn1js.fromBER(encodeName(pairs)).result }))

describe("readableName", () => {
  test("a legal entity's certificate: the director by name, position, the organisation once, ИНН ЮЛ/ОГРН then his ИНН and СНИЛС formatted", () => {
    const r = readableName(cert("tests/fixtures/pki/director-romashka.cer").subject.attributes)
    expect(r).toEqual({
      name: "Петров Пётр Петрович",
      person: "Петров Пётр Петрович",
      position: "Генеральный директор",
      organisation: "ООО «Ромашка»",
      place: "Россия, 77 г. Москва, г. Москва, ул. Ленина, д. 1",
      identifiers: [
        { label: "ИНН ЮЛ", value: "7707083893" },
        { label: "ОГРН", value: "1027700132195" },
        { label: "ИНН", value: "772345678901" },
        { label: "СНИЛС", value: "112-233-445 95" },
      ],
      email: "director@demo.local",
      other: [],
      line: "Петров Пётр Петрович, Генеральный директор, ООО «Ромашка», ИНН ЮЛ 7707083893, ОГРН 1027700132195, ИНН 772345678901, СНИЛС 112-233-445 95",
    })
  })

  test("an individual's: the name, ИНН and СНИЛС, no organisation", () => {
    const r = readableName(cert("tests/fixtures/pki/user-ivanov.cer").subject.attributes)
    expect([r.name, r.position, r.organisation, r.email]).toEqual(["Иванов Иван Иванович", null, null, "user@demo.local"])
    expect(r.identifiers).toEqual([
      { label: "ИНН", value: "500100732259" },
      { label: "СНИЛС", value: "123-456-789 64" },
    ])
    expect(r.line).toBe("Иванов Иван Иванович, ИНН 500100732259, СНИЛС 123-456-789 64")
    expect(r.other).toEqual([])
  })

  test("an entrepreneur's: ОГРНИП labelled", () => {
    const r = readableName(cert("server/db/seed/pki/certificates/entrepreneur-02.cer").subject.attributes)
    expect(r.name).toBe("Кузьмина Ольга Павловна")
    expect(r.identifiers.map((i) => i.label)).toEqual(["ОГРНИП", "ИНН", "СНИЛС"])
    expect(r.line).toContain("ОГРНИП 304500126666442")
    expect(r.place).toBe("Россия, 78 г. Санкт-Петербург, г. Санкт-Петербург")
  })

  test("the demo CA as an issuer: an organisation without a person reads by its CN, the organisation beside it", () => {
    const r = readableName(cert("server/db/seed/pki/ca.cer").subject.attributes)
    expect([r.name, r.person, r.organisation]).toEqual(['Демонстрационный УЦ ООО "УЦ"', null, 'ООО "УЦ"'])
    expect(r.identifiers.map((i) => `${i.label} ${i.value}`)).toEqual(["ИНН ЮЛ 7701234560", "ОГРН 1027700000041"])
  })

  test("a legal entity's certificate without a person whose CN is its name reads as the organisation, said once", () => {
    const r = readableName(nameOf([["2.5.4.3", 'ООО "Вектор"'], ["2.5.4.10", "ООО «Вектор»"], ["1.2.643.100.4", "7766602822"], ["1.2.643.100.1", "1027762224467"]]).attributes)
    expect([r.name, r.person, r.organisation, r.other]).toEqual(['ООО "Вектор"', null, null, []])
    expect(r.line).toBe('ООО "Вектор", ИНН ЮЛ 7766602822, ОГРН 1027762224467')
  })

  test("foreign RSA and ECDSA certificates with plain CN and O", () => {
    for (const [file, cn] of [["rsa-leaf.cer", "Test rsa leaf"], ["ecdsa-leaf.cer", "Test ecdsa leaf"]] as const) {
      const r = readableName(cert(`tests/fixtures/pki/${file}`).subject.attributes)
      expect([r.name, r.person, r.organisation, r.place, r.identifiers, r.other]).toEqual([cn, null, "Test", "Россия", [], []])
      expect(r.line).toBe(`${cn}, Test`)
    }
  })

  test("an unknown attribute is kept under its OID, a CN that says something else under its label, OU beside O, an old twelve-digit organisation INN as ИНН ЮЛ", () => {
    const r = readableName(
      nameOf([
        ["2.5.4.3", "Сервер ЭДО"],
        ["2.5.4.4", "Смирнова"],
        ["2.5.4.42", "Анна Сергеевна"],
        ["2.5.4.10", "АО «Альфа»"],
        ["2.5.4.11", "Бухгалтерия"],
        ["1.2.643.3.131.1.1", "007707083893"],
        ["1.2.643.100.1", "1027700132195"],
        ["1.2.3.4.5", "что-то своё"],
        ["2.5.4.5", "AB-12"],
      ]).attributes,
    )
    expect([r.name, r.organisation]).toEqual(["Смирнова Анна Сергеевна", "АО «Альфа», Бухгалтерия"])
    expect(r.identifiers).toEqual([
      { label: "ИНН ЮЛ", value: "7707083893" },
      { label: "ОГРН", value: "1027700132195" },
    ])
    expect(r.other).toEqual([
      { label: "Имя в сертификате", value: "Сервер ЭДО" },
      { label: "1.2.3.4.5", value: "что-то своё" },
      { label: "Серийный номер", value: "AB-12" },
    ])
  })

  test("the page's JSON (short names only, no OID) and OpenSSL's short names read the same; an empty name says so", () => {
    const json = cert("tests/fixtures/pki/user-ivanov.cer").subject.attributes.map(({ short, label, value }) => ({ short, label, value }))
    expect(readableName(json).line).toBe("Иванов Иван Иванович, ИНН 500100732259, СНИЛС 123-456-789 64")
    expect(readableName([{ short: "SN", value: "Иванов" }, { short: "GN", value: "Иван" }, { short: "ST", value: "Тверская обл." }]).place).toBe("Тверская обл.")
    expect(readableName([{ short: "SN", value: "Иванов" }, { short: "GN", value: "Иван" }]).name).toBe("Иванов Иван")
    expect(readableName([]).line).toBe("Имя не указано")
  })
})
