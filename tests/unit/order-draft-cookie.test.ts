import { describe, expect, test } from "vitest"
import { ORDER_DRAFT_COOKIE_MAX_BYTES, ORDER_DRAFT_OPTIONS_MAX } from "../../schemas/constants.ts"
import { choicesOf, choicesOfQuery, cookieBytes, decodeChoices, encodeChoices, fitsCookie, valuesOfChoices } from "../../src/features/orders/draft-cookie.ts"

describe("the order draft cookie (non-personal choices only, at most 3 KB)", () => {
  test("holds only the choices: personal values typed in the wizard never reach it", () => {
    const values = { tariff_id: "3", period: "12", options: ["5", "6"], applicant_kind: "legal_entity", identification: "office", last_name: "Иванов", passport: "4510 123456", snils: "112-233-445 95" }
    const encoded = encodeChoices(choicesOf(values, "persons"))
    const json = decodeURIComponent(encoded)
    expect(JSON.parse(json)).toEqual({ tariff_id: "3", period: 12, options: ["5", "6"], applicant_kind: "legal_entity", identification: "office", step: "persons", checks: [] })
    for (const personal of ["Иванов", "4510", "112-233"]) expect(json).not.toContain(personal)
  })

  test("the largest possible draft fits in 3 KB: the most extras, each of the longest id", () => {
    const longest = String(2_147_483_647)
    const values = { tariff_id: longest, period: "999", options: Array.from({ length: ORDER_DRAFT_OPTIONS_MAX + 50 }, () => longest), applicant_kind: "individual_person", identification: "courier" }
    const choices = choicesOf(values, "identification")
    expect(choices.options).toHaveLength(ORDER_DRAFT_OPTIONS_MAX)
    const bytes = cookieBytes(encodeChoices(choices))
    expect(bytes).toBeGreaterThan(1500)
    expect(bytes).toBeLessThanOrEqual(ORDER_DRAFT_COOKIE_MAX_BYTES)
    expect(fitsCookie(choices)).toBe(true)
    // And it reads back whole.
    expect(decodeChoices(decodeURIComponent(encodeChoices(choices)))).toEqual(choices)
  })

  test("a malformed or foreign cookie reads as no draft; unknown values are dropped", () => {
    for (const raw of [undefined, "", "{", "[]", "null", '"x"', '{"step":"review"}']) expect(decodeChoices(raw), String(raw)).toBeNull()
    const c = decodeChoices(JSON.stringify({ tariff_id: "01", options: ["7", "x", -1], applicant_kind: "alien", identification: "teleport", step: "nowhere", period: 12.5 }))
    expect(c).toEqual({ tariff_id: null, period: null, options: ["7"], applicant_kind: null, identification: null, step: "tariff", checks: [] })
    expect(decodeChoices(JSON.stringify({ tariff_id: "3", checks: ["offer_accepted", "admin", 1] }))?.checks).toEqual(["offer_accepted"])
  })

  test("the review's ticks are kept (a sign-in or sign-up on the way), and come back as the fields' values", () => {
    const choices = choicesOf({ tariff_id: "3", data_correct: true, regulations_accepted: "yes", offer_accepted: true }, "review")
    expect(choices.checks).toEqual(["data_correct", "offer_accepted"])
    const back = valuesOfChoices(decodeChoices(decodeURIComponent(encodeChoices(choices)))!)
    expect(back).toMatchObject({ data_correct: true, offer_accepted: true })
    expect(back).not.toHaveProperty("regulations_accepted")
  })

  test("the tariff page's link: ?tariff=&period=&options=1,2 (THE contract of orderHref)", () => {
    expect(choicesOfQuery("tariff=3&period=12&options=5,6")).toMatchObject({ tariff_id: "3", period: 12, options: ["5", "6"] })
    expect(choicesOfQuery("options=5")).toMatchObject({ tariff_id: null, options: ["5"] })
    expect(choicesOfQuery("")).toBeNull()
    expect(choicesOfQuery("tariff=abc")).toBeNull()
    expect(valuesOfChoices(choicesOfQuery("tariff=3&period=12")!)).toEqual({ tariff_id: "3", period: "12", options: [] })
  })
})
