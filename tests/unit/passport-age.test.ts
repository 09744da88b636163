import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { validateValue } from "../../schemas/rules/index.ts"

// Messages written out, so a changed text fails.
const AT_20 = "Паспорт недействителен: его нужно было заменить по достижении 20 лет"
const AT_45 = "Паспорт недействителен: его нужно было заменить по достижении 45 лет"
const rule = { name: "passportAge", args: ["birth_date"] } as const
const check = (issued: string, birth: string) => validateValue(rule, issued, { birth_date: birth })

/** Runs the checks as if today were `iso` (noon in Moscow, the day the rules read). */
const at = (iso: string) => vi.setSystemTime(new Date(`${iso}T12:00:00+03:00`))

describe("passportAge: a passport past its replacement birthday and the 90 days of grace", () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  test("issued at 14, born 10.03.2000: valid through 20th birthday + 90 days, invalid the day after", () => {
    // 10.03.2020 + 90 days = 08.06.2020.
    at("2020-06-08")
    expect(check("15.03.2014", "10.03.2000")).toBeNull()
    at("2020-06-09")
    expect(check("15.03.2014", "10.03.2000")).toBe(AT_20)
  })

  test("issued on the 20th birthday itself is the new passport: valid until the 45th", () => {
    at("2030-01-01")
    expect(check("10.03.2020", "10.03.2000")).toBeNull()
    expect(check("09.03.2020", "10.03.2000")).toBe(AT_20)
  })

  test("issued at 20, born 01.07.1975: the 45th birthday + 90 days is the last valid day", () => {
    // 01.07.2020 + 90 days = 29.09.2020.
    at("2020-09-29")
    expect(check("05.07.1995", "01.07.1975")).toBeNull()
    at("2020-09-30")
    expect(check("05.07.1995", "01.07.1975")).toBe(AT_45)
    expect(check("01.07.2020", "01.07.1975")).toBeNull()
  })

  test("born on 29 February: the birthday of a common year is 28 February (ГК РФ ст. 192)", () => {
    // 20th birthday of 29.02.2004 is 28.02.2024? 2024 is a leap year: 29.02.2024; + 90 days = 29.05.2024.
    at("2024-05-29")
    expect(check("01.03.2018", "29.02.2004")).toBeNull()
    at("2024-05-30")
    expect(check("01.03.2018", "29.02.2004")).toBe(AT_20)
    // Born 29.02.1996: the 45th birthday falls on 28.02.2041 (common year); + 90 days = 29.05.2041.
    at("2041-05-29")
    expect(check("01.03.2016", "29.02.1996")).toBeNull()
    at("2041-05-30")
    expect(check("01.03.2016", "29.02.1996")).toBe(AT_45)
    // Issued on 28.02.2041, the 45th birthday of a common year, is the replacement.
    expect(check("28.02.2041", "29.02.1996")).toBeNull()
  })

  test("an empty or unreadable birth date leaves the issue date alone; an unreadable issue date is generic", () => {
    at("2026-01-01")
    expect(check("01.01.2000", "")).toBeNull()
    expect(check("01.01.2000", "1.1.1970")).toBeNull()
    expect(check("32.01.2000", "01.01.1970")).toBe("Некорректно заполнено поле")
  })
})
