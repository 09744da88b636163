import { describe, expect, it } from "vitest"
import { isApplicant, sameSurname } from "../../server/services/qes-verifier.ts"
import type { CertificateInfo } from "../../server/services/pki/types.ts"

/** The holder-is-the-applicant rule of the qualified-signature identification (docs/orders.md). */
const cert = (subject: Partial<CertificateInfo["subject"]>) => ({ subject: { surname: null, snils: null, inn: null, ...subject } }) as unknown as CertificateInfo
const applicant = { orderId: 1, snils: "123-456-789 64", inn: "500100732259", surname: "Семёнов", fullName: "Семёнов Иван" }

describe("the certificate's holder is the applicant", () => {
  it("compares surnames without case, with ё as е and spaces around a hyphen ignored; an empty one never matches", () => {
    expect(sameSurname("СЕМЕНОВ", "Семёнов")).toBe(true)
    expect(sameSurname("Римский - Корсаков", "римский-корсаков")).toBe(true)
    expect(sameSurname("Семенова", "Семенов")).toBe(false)
    expect(sameSurname("", "")).toBe(false)
  })

  it("SNILS by its digits decides when the order has one; the INN only without it", () => {
    expect(isApplicant(cert({ surname: "Семенов", snils: "12345678964" }), applicant)).toBe(true)
    expect(isApplicant(cert({ surname: "Семенов", snils: "11223344595", inn: "500100732259" }), applicant)).toBe(false)
    expect(isApplicant(cert({ surname: "Петров", snils: "12345678964" }), applicant)).toBe(false)
    expect(isApplicant(cert({ surname: "Семенов", inn: "500100732259" }), { ...applicant, snils: null })).toBe(true)
    expect(isApplicant(cert({ surname: "Семенов", inn: "500100732259" }), { ...applicant, snils: null, inn: null })).toBe(false)
  })
})
