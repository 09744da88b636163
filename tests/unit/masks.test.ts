import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { MASK_NAMES } from "../../schemas/forms/types.ts"
import { applyMask, MASK_PATTERNS, maskCompleted, maskEmail, maskInputOptions, normalizePhone, pasteEmail, stripMailto } from "../../src/features/forms/masks.ts"

describe("fixed-shape masks", () => {
  test("every mask name of the engine has a definition", () => {
    for (const name of MASK_NAMES) expect(typeof applyMask(name, "1")).toBe("string")
    expect(Object.keys(MASK_PATTERNS).sort()).toEqual(MASK_NAMES.filter((n) => n !== "email").sort())
  })

  test.each([
    ["date", "01022024", "01.02.2024"],
    ["date", "01.02.2024", "01.02.2024"],
    ["date", "0102", "01.02"],
    ["date", "ab01x02", "01.02"],
    ["dateLine", "31122023", "31-12-2023"],
    ["inn12", "1234567890123456", "123456789012"],
    ["inn10", "12345678901", "1234567890"],
    ["kpp", "1234567890", "123456789"],
    ["ogrn", "12345678901234", "1234567890123"],
    ["ogrnip", "1234567890123456", "123456789012345"],
    ["passport", "4510123456", "4510 123456"],
    ["passport", "45 10 123456", "4510 123456"],
    ["divisionCode", "770001", "770-001"],
    ["smsCode", "1234567", "123456"],
    ["snils", "12345678901", "123-456-789 01"],
    ["number", "12a34", "1234"],
  ] as const)("%s: %s → %s", (name, typed, shown) => {
    expect(applyMask(name, typed)).toBe(shown)
  })

  test("the number mask keeps up to 100 digits", () => {
    expect(applyMask("number", "7".repeat(150))).toBe("7".repeat(100))
  })

  test("completion", () => {
    expect(maskCompleted("snils", "123-456-789 01")).toBe(true)
    expect(maskCompleted("snils", "123-456-789")).toBe(false)
    expect(maskCompleted("email", "")).toBe(true)
  })

  test("a masked value stays as it is when masked again", () => {
    fc.assert(
      fc.property(fc.constantFrom(...MASK_NAMES), fc.string({ maxLength: 40 }), (name, typed) => {
        const once = applyMask(name, typed)
        expect(applyMask(name, once)).toBe(once)
      }),
    )
  })
})

describe("phone", () => {
  test.each([
    ["89991234567", "+7 (999) 123-45-67"],
    ["79991234567", "+7 (999) 123-45-67"],
    ["+79991234567", "+7 (999) 123-45-67"],
    ["+7 999 123 45 67", "+7 (999) 123-45-67"],
    ["8 (999) 123-45-67", "+7 (999) 123-45-67"],
    ["9991234567", "+7 (999) 123-45-67"],
    ["8121234567", "+7 (812) 123-45-67"],
    ["+7 (89991234567", "+7 (999) 123-45-67"],
    ["+7 (999) 123-45-67", "+7 (999) 123-45-67"],
    ["8999123456789", "+7 (999) 123-45-67"],
  ])("%s → %s", (typed, shown) => {
    expect(applyMask("phone", typed)).toBe(shown)
  })

  test("typing digit by digit from 8 ends as +7 (...)", () => {
    let shown = ""
    for (const key of "89991234567") shown = applyMask("phone", shown + key)
    expect(shown).toBe("+7 (999) 123-45-67")
  })

  test("typing digit by digit from 9 keeps the 9", () => {
    let shown = ""
    for (const key of "9991234567") shown = applyMask("phone", shown + key)
    expect(shown).toBe("+7 (999) 123-45-67")
  })

  test("erasing to nothing leaves an empty field", () => {
    expect(applyMask("phone", "+")).toBe("")
    expect(applyMask("phone", "")).toBe("")
    expect(normalizePhone("+7 (")).toBe("+7")
  })

  test("a live input normalizes before masking", () => {
    const options = maskInputOptions("phone")
    expect(options?.mask).toBe(MASK_PATTERNS.phone)
    expect(options?.preProcess?.("89991234567")).toBe("+79991234567")
    expect(maskInputOptions("email")).toBeNull()
    expect(maskInputOptions("snils")).toEqual({ mask: "###-###-### ##" })
  })
})

describe("e-mail", () => {
  test("lower case and the allowed characters only", () => {
    expect(maskEmail("Ivan.Petrov@Mail.RU")).toBe("ivan.petrov@mail.ru")
    expect(maskEmail("иван ivan!#$@ya.ru")).toBe("ivan@ya.ru")
    expect(maskEmail("a_b%c+d-e@x-y.ru")).toBe("a_b%c+d-e@x-y.ru")
  })

  test("one @", () => {
    expect(maskEmail("a@b@c.ru")).toBe("a@bc.ru")
  })

  test("each part of the local part up to 20 characters, the domain up to 40", () => {
    const long = "a".repeat(25)
    expect(maskEmail(`${long}.${long}@x.ru`)).toBe(`${"a".repeat(20)}.${"a".repeat(20)}@x.ru`)
    expect(maskEmail(`a@${"d".repeat(50)}`)).toBe(`a@${"d".repeat(40)}`)
  })

  test("mailto: is stripped from a pasted link, with its query", () => {
    expect(stripMailto("mailto:Info@Example.ru")).toBe("Info@Example.ru")
    expect(stripMailto(" MAILTO:info@example.ru?subject=Вопрос ")).toBe("info@example.ru")
    expect(stripMailto("info@example.ru")).toBe("info@example.ru")
    expect(pasteEmail("", 0, 0, "mailto:Info@Example.ru")).toBe("info@example.ru")
    expect(pasteEmail("old@x.ru", 0, 8, "mailto:new@y.ru")).toBe("new@y.ru")
    expect(pasteEmail("ivan@", 5, 5, "mailto:mail.ru")).toBe("ivan@mail.ru")
    expect(applyMask("email", "mailto:A@B.ru")).toBe("a@b.ru")
  })

  test("only allowed characters ever come out, and the result is stable", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (typed) => {
        const shown = maskEmail(typed)
        expect(shown).toMatch(/^[a-z0-9._%+-]*(@[a-z0-9._%+-]{0,40})?$/)
        expect(maskEmail(shown)).toBe(shown)
      }),
    )
  })
})
