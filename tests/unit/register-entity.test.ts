import { describe, expect, test } from "vitest"
import { maskPersonName, normalizeSerial, publicStatusOf, reasonLabel } from "../../schemas/entities/certificate.ts"
import { registerMessages } from "../../schemas/messages/register.ts"
import { subjectOfOrder } from "../../server/services/register/issue.ts"
import { RegisterError } from "../../server/services/register/register.ts"

/** The register's pure rules (docs/register.md): masking, serials, the public status, the subject of an order. */
describe("the register's rules", () => {
  test("a person's name is the surname's first letter and the initials", () => {
    expect(maskPersonName("Иванов Иван Иванович")).toBe("И*** И. И.")
    expect(maskPersonName("Ёлкина Анна")).toBe("Ё*** А.")
    expect(maskPersonName("  ")).toBeNull()
    expect(maskPersonName(null)).toBeNull()
  })

  test("a serial as typed: spaces and colons dropped, lower case, the DER integer's leading zero byte dropped", () => {
    expect(normalizeSerial("53 E1 BA b2")).toBe("53e1bab2")
    expect(normalizeSerial("00:FF:01")).toBe("ff01")
    expect(normalizeSerial("abc")).toBe("0abc")
    expect(normalizeSerial("00")).toBe("00")
  })

  test("revoked or expired is 'прекращён', suspended 'приостановлен' while valid in time", () => {
    const at = new Date("2026-06-01T00:00:00Z")
    expect(publicStatusOf("valid", "2027-01-01T00:00:00Z", at)).toBe("active")
    expect(publicStatusOf("valid", "2026-05-01T00:00:00Z", at)).toBe("terminated")
    expect(publicStatusOf("suspended", "2027-01-01T00:00:00Z", at)).toBe("suspended")
    expect(publicStatusOf("suspended", "2026-05-01T00:00:00Z", at)).toBe("terminated")
    expect(publicStatusOf("revoked", "2027-01-01T00:00:00Z", at)).toBe("terminated")
    expect(reasonLabel(1)).toBe("Компрометация ключа")
    expect(reasonLabel(6)).toBe("Приостановление действия")
  })

  test("the expiry letter's subject agrees the number of days", () => {
    expect(registerMessages.expiry.subject(1)).toBe("Срок действия сертификата истекает через 1 день")
    expect(registerMessages.expiry.subject(3)).toBe("Срок действия сертификата истекает через 3 дня")
    expect(registerMessages.expiry.subject(14)).toBe("Срок действия сертификата истекает через 14 дней")
    expect(registerMessages.expiry.subject(22)).toBe("Срок действия сертификата истекает через 22 дня")
  })

  test("the certificate's subject comes from the application by the applicant's kind", () => {
    const person = { last_name: "Иванов", first_name: "Иван", middle_name: "Иванович", snils: "112-233-445 95", inn: "500100732259", email: "i@example.ru" }
    expect(subjectOfOrder("individual_person", person)).toEqual({ surname: "Иванов", givenNames: "Иван Иванович", snils: "11223344595", email: "i@example.ru", inn: "500100732259" })
    const legal = subjectOfOrder("legal_entity", { ...person, inn: "7707083893", holder_inn: "500100732259", company: "ООО «Ромашка»", ogrn: "1027700132195", position: "Директор" })
    expect(legal).toMatchObject({ organization: "ООО «Ромашка»", innle: "7707083893", inn: "500100732259", ogrn: "1027700132195", title: "Директор" })
    expect(subjectOfOrder("entrepreneur", { ...person, ogrnip: "304500116000157" })).toMatchObject({ inn: "500100732259", ogrnip: "304500116000157" })
    expect(() => subjectOfOrder("individual_person", { first_name: "Иван" })).toThrow(RegisterError)
  })
})
