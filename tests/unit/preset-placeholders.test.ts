import { describe, expect, test } from "vitest"
import { presets } from "../../schemas/forms/index.ts"
import type { FormField } from "../../schemas/forms/types.ts"

/**
 * A placeholder is a hint at the format, never a value: a grey «7707083893» or «Иванов Иван Иванович»
 * reads as a field already filled in (and the first is a real company's INN).
 */
const placed = Object.values(presets).flatMap((p) =>
  p.fields.filter((f): f is FormField & { placeholder: string } => typeof f.placeholder === "string").map((f) => ({ at: `${p.id}.${f.name}`, field: f, text: f.placeholder })),
)
const NAME_FIELDS = new Set(["name", "family-name", "given-name", "additional-name"])

describe("the presets' placeholders are format hints", () => {
  test("there are placeholders to check", () => {
    expect(placed.length).toBeGreaterThan(50)
  })

  test("no placeholder is a number, a code or a phone number that could be typed as it stands", () => {
    const values = placed.filter(({ text }) => /^\+?\d{2,}$/.test(text.replace(/[\s()\-–]/g, "")))
    expect(values.map((p) => `${p.at}: ${p.text}`)).toEqual([])
  })

  test("no placeholder carries an INN, OGRN, KPP, SNILS or passport-length run of digits", () => {
    expect(placed.filter(({ text }) => /\d{6,}/.test(text.replace(/[\s-]/g, ""))).map((p) => `${p.at}: ${p.text}`)).toEqual([])
  })

  test("a name field's placeholder is not a person's name", () => {
    const names = placed.filter(({ field }) => NAME_FIELDS.has(String(field.attributes?.autoComplete ?? "")))
    expect(names.length).toBeGreaterThan(3)
    expect(names.filter(({ text }) => /^[А-ЯЁ][а-яё]+( [А-ЯЁ][а-яё]+)*$/.test(text)).map((p) => `${p.at}: ${p.text}`)).toEqual([])
  })

  test("a phone field shows the mask's shape, an e-mail field a plain example address", () => {
    for (const { at, field, text } of placed) {
      if (field.mask === "phone") expect(text, at).toBe("+7 (___) ___-__-__")
      if (field.mask === "email") expect(text, at).toMatch(/@example\.ru$/)
    }
  })
})
