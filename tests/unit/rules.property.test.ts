import fc from "fast-check"
import { describe, expect, test } from "vitest"
import {
  SNILS_CHECKED_FROM,
  completeInn10,
  completeInn12,
  completeOgrn,
  completeOgrnip,
  completeSnils,
  isValidInn,
  isValidOgrn,
  isValidOgrnip,
  isValidSnils,
  normalizePhone,
} from "../../schemas/rules/check-digits.ts"
import { validateValue } from "../../schemas/rules/index.ts"

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(""))
/** `s` with its character at `i` replaced by another digit (shift 1..9, so it always differs). */
const changeDigit = (s: string, i: number, shift: number) => s.slice(0, i) + String((Number(s[i]) + shift) % 10) + s.slice(i + 1)
const shift = fc.integer({ min: 1, max: 9 })

describe("known real numbers", () => {
  test("ИНН, ОГРН, ОГРНИП and СНИЛС published by their holders pass", () => {
    // Сбербанк (ИНН, ОГРН), Яндекс, Альфа-Банк, a person's ИНН, an ОГРНИП, the СНИЛС of the ПФР's example.
    for (const inn of ["7707083893", "7736207543", "7728168971", "500100732259"]) expect(isValidInn(inn), inn).toBe(true)
    for (const ogrn of ["1027700132195", "1027700229193"]) expect(isValidOgrn(ogrn), ogrn).toBe(true)
    expect(isValidOgrnip("304500116000157")).toBe(true)
    expect(isValidSnils("11223344595")).toBe(true)
    expect(completeInn10("770708389")).toBe("7707083893")
    expect(completeInn12("5001007322")).toBe("500100732259")
    expect(completeOgrn("102770013219")).toBe("1027700132195")
    expect(completeOgrnip("30450011600015")).toBe("304500116000157")
    expect(completeSnils("112233445")).toBe("11223344595")
  })

  test("the СНИЛС control number: sum under 100 as is, 100 and 101 as 00, above 101 mod 101", () => {
    expect(completeSnils("001239570")).toBe("00123957099") // sum 99
    expect(completeSnils("001326679")).toBe("00132667900") // sum 100
    expect(completeSnils("001508816")).toBe("00150881600") // sum 101
    expect(completeSnils("001437545")).toBe("00143754501") // sum 102
    expect(completeSnils("017996174")).toBe("01799617400") // sum 201: mod 101 is 100, written 00
  })

  test("СНИЛС up to 001-001-998 has no control number; from 001-001-999 it is checked", () => {
    expect(SNILS_CHECKED_FROM).toBe(1_001_999)
    for (const tail of ["00", "57", "99"]) expect(isValidSnils(`001001998${tail}`)).toBe(true)
    expect(isValidSnils(completeSnils("001001999"))).toBe(true)
    expect(isValidSnils(changeDigit(completeSnils("001001999"), 10, 1))).toBe(false)
  })

  test("wrong lengths and non-digits fail", () => {
    for (const s of ["", "770708389", "77070838930", "7707O83893", " 7707083893"]) expect(isValidInn(s), s).toBe(false)
    expect(isValidOgrn("304500116000157")).toBe(false)
    expect(isValidOgrnip("1027700132195")).toBe(false)
    expect(isValidSnils("112-233-445 95")).toBe(false)
  })
})

describe("generated numbers: valid when completed, invalid with any other control digit", () => {
  test("ИНН of 10 digits", () => {
    fc.assert(
      fc.property(digits(9), shift, (first9, k) => {
        const inn = completeInn10(first9)
        expect(validateValue("inn", inn)).toBeNull()
        expect(isValidInn(changeDigit(inn, 9, k))).toBe(false)
        expect(validateValue("inn", changeDigit(inn, 9, k))).toBe("Укажите корректный номер ИНН")
      }),
    )
  })

  test("ИНН of 12 digits: both control digits", () => {
    fc.assert(
      fc.property(digits(10), shift, fc.integer({ min: 10, max: 11 }), (first10, k, i) => {
        const inn = completeInn12(first10)
        expect(isValidInn(inn)).toBe(true)
        expect(isValidInn(changeDigit(inn, i, k))).toBe(false)
      }),
    )
  })

  test("ОГРН", () => {
    fc.assert(
      fc.property(digits(12), shift, (first12, k) => {
        const ogrn = completeOgrn(first12)
        expect(validateValue({ name: "ogrn", args: [13] }, ogrn)).toBeNull()
        expect(validateValue({ name: "ogrn", args: [13] }, changeDigit(ogrn, 12, k))).toBe("Некорректно заполнено поле")
        // The definition itself, by BigInt: (first 12 mod 11) mod 10.
        expect(Number(ogrn[12])).toBe(Number((BigInt(first12) % 11n) % 10n))
      }),
    )
  })

  test("ОГРНИП", () => {
    fc.assert(
      fc.property(digits(14), shift, (first14, k) => {
        const ogrnip = completeOgrnip(first14)
        expect(validateValue({ name: "ogrn", args: [15] }, ogrnip)).toBeNull()
        expect(validateValue({ name: "ogrn", args: [15] }, changeDigit(ogrnip, 14, k))).toBe("Некорректно заполнено поле")
        expect(Number(ogrnip[14])).toBe(Number((BigInt(first14) % 13n) % 10n))
      }),
    )
  })

  test("СНИЛС above 001-001-998, in any mask form", () => {
    fc.assert(
      fc.property(fc.integer({ min: SNILS_CHECKED_FROM, max: 999_999_999 }), shift, fc.integer({ min: 9, max: 10 }), (n, k, i) => {
        const snils = completeSnils(String(n).padStart(9, "0"))
        const masked = `${snils.slice(0, 3)}-${snils.slice(3, 6)}-${snils.slice(6, 9)} ${snils.slice(9)}`
        expect(validateValue("snils", snils)).toBeNull()
        expect(validateValue("snils", masked)).toBeNull()
        expect(isValidSnils(changeDigit(snils, i, k))).toBe(false)
        expect(validateValue("snils", changeDigit(snils, i, k))).toBe("Некорректно заполнено поле")
      }),
    )
  })
})

describe("phone normalisation", () => {
  const separator = fc.constantFrom("", "", "", " ", "-", "(", ")", "  ")
  /** The characters of `s` with random brackets, spaces and dashes around them. */
  const formatted = (s: string) =>
    fc.array(separator, { minLength: s.length + 1, maxLength: s.length + 1 }).map((seps) => [...s].map((ch, i) => seps[i] + ch).join("") + seps[s.length])

  test("any formatting of a valid number with +7, 7 or 8 normalises to the same +7 number", () => {
    fc.assert(
      fc.property(
        digits(10).chain((ten) => fc.constantFrom("+7", "7", "8").chain((prefix) => formatted(prefix + ten).map((text) => [ten, text] as const))),
        ([ten, text]) => {
          expect(normalizePhone(text)).toBe(`+7${ten}`)
          expect(validateValue("phone", text)).toBeNull()
        },
      ),
    )
  })

  test("a string normalises only when, without brackets, spaces and dashes, it is +7/7/8 and 10 digits", () => {
    const phoneish = fc.string({ unit: fc.constantFrom("0", "1", "7", "8", "9", "+", " ", "-", "(", ")", ".", "a"), maxLength: 20 })
    fc.assert(
      fc.property(fc.oneof(phoneish, fc.string()), (s) => {
        const compact = s.replace(/[()\s-]/g, "")
        const m = /^(?:\+7|7|8)(\d{10})$/.exec(compact)
        expect(normalizePhone(s)).toBe(m ? `+7${m[1]}` : null)
      }),
      { numRuns: 2000 },
    )
  })

  test("other numbers do not normalise", () => {
    for (const s of ["9161234567", "+8 916 123 45 67", "+79161234567 1", "7916123456", "+7 916 123 45 6x", "+7.916.123.45.67", "", "+7"]) {
      expect(normalizePhone(s), s).toBeNull()
    }
    fc.assert(
      fc.property(digits(10), fc.constantFrom("+1", "+8", "9", "6", "+77", "07"), (ten, prefix) => {
        expect(normalizePhone(prefix + ten)).toBeNull()
      }),
    )
  })
})
