import { describe, expect, test } from "vitest"
import { moscowToday } from "../../schemas/dates.ts"
import { EPOA_MODELS, searchEpoaModels } from "../../schemas/entities/epoa.ts"
import { maskInn, maskSnils, shortName, statusOf } from "../../server/services/epoa/registry.ts"

describe("МЧД: statuses, masks, the models' search", () => {
  test("'истекла' only after the last day of СрокДейст (Moscow's day); 'отозвана' wins", () => {
    expect(statusOf({ status: "active", valid_until: "2026-11-23" }, "2026-11-23")).toBe("active")
    expect(statusOf({ status: "active", valid_until: "2026-11-22" }, "2026-11-23")).toBe("expired")
    expect(statusOf({ status: "revoked", valid_until: "2030-01-01" }, "2026-11-23")).toBe("revoked")
    // 21:30 UTC is already the next day in Moscow.
    expect(moscowToday(new Date("2026-11-22T21:30:00Z"))).toBe("2026-11-23")
    expect(moscowToday(new Date("2026-11-22T20:59:00Z"))).toBe("2026-11-22")
  })

  test("the public answer's masks", () => {
    expect(maskSnils("12345678964")).toBe("***-***-789 64")
    expect(maskSnils(null)).toBeNull()
    expect(maskInn("500100732259")).toBe("********2259")
    expect(shortName("Иванов Иван Иванович")).toBe("Иванов И. И.")
    expect(shortName("ТРАНДИН СЕРГЕЙ")).toBe("ТРАНДИН С.")
  })

  test("models by name, authority, power code or name; filtered by format", () => {
    expect(searchEpoaModels("", []).length).toBe(EPOA_MODELS.length)
    expect(searchEpoaModels("fas_eias", []).map((m) => m.id)).toEqual(["fas-eias"])
    expect(searchEpoaModels("счетов-фактур", []).map((m) => m.id)).toEqual(["edo-primary"])
    expect(searchEpoaModels("", ["002"]).map((m) => m.id)).toEqual(["edo-002"])
    expect(searchEpoaModels("ФНС", ["EMCHD_1"]).map((m) => m.id)).toEqual(["fns-reporting"])
    expect(searchEpoaModels("нет такого", [])).toEqual([])
  })
})
