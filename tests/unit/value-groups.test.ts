import { describe, expect, test } from "vitest"
import { formatByMask, formatDay, formatPhone } from "../../schemas/forms/shown.ts"
import { presetGroups } from "../../schemas/forms/value-groups.ts"
import { orderMessages } from "../../schemas/messages/order.ts"
import { personsOf } from "../../schemas/resources/orders/persons.ts"

const texts = orderMessages.wizard.review

describe("values shown by their field's mask", () => {
  test.each([
    ["snils", "11223344595", "112-233-445 95"],
    ["snils", "112-233-445 95", "112-233-445 95"],
    ["passport", "4510123456", "4510 123456"],
    ["divisionCode", "770001", "770-001"],
    ["phone", "+79001234567", "+7 (900) 123-45-67"],
    ["phone", "89001234567", "+7 (900) 123-45-67"],
    ["date", "2026-03-15", "15.03.2026"],
    ["date", "15.03.2026", "15.03.2026"],
    ["inn10", "7707083893", "7707083893"],
    // Not the mask's digits: as it is.
    ["snils", "1122", "1122"],
    ["phone", "+44 20 7946 0000", "+44 20 7946 0000"],
  ] as const)("%s: %s → %s", (mask, stored, shown) => expect(formatByMask(mask, stored)).toBe(shown))

  test("no mask, no change; the helpers alone", () => {
    expect(formatByMask(undefined, "11223344595")).toBe("11223344595")
    expect(formatPhone("9001234567")).toBe("+7 (900) 123-45-67")
    expect(formatDay("2027-03-15T00:00:00.000Z")).toBe("15.03.2027")
  })
})

describe("an order's values by its preset's sections", () => {
  const values = {
    last_name: "Иванов",
    first_name: "Иван",
    inn: "500100732259",
    snils: "11223344595",
    passport: "4510123456",
    identification: "office",
    office_id: "7",
    code_word: "тайна",
    has_representative: false,
    passport_scan: [],
    phone: "+79001234567",
  }

  test("groups under the headings with the preset's labels, choices by their labels, secrets hidden", () => {
    const groups = presetGroups("order_cert_individual_person", values, texts, { offices: [{ value: "7", label: "Офис, ул. Ленина, 1" }] })
    const titles = groups.map((g) => g.title)
    expect(titles.slice(0, 3)).toEqual(["Владелец сертификата", "Паспорт", "СНИЛС"])
    const flat = Object.fromEntries(groups.flatMap((g) => g.items))
    expect(flat).toMatchObject({ Фамилия: "Иванов", СНИЛС: "112-233-445 95", "Серия и номер паспорта": "4510 123456", "Офис обслуживания": "Офис, ул. Ленина, 1", "Мобильный телефон": "+7 (900) 123-45-67" })
    expect(JSON.stringify(groups)).not.toContain("тайна")
    expect(JSON.stringify(groups)).not.toContain("office_id")
    // The review shows a missing scan; the CRM leaves files out.
    expect(JSON.stringify(groups)).toContain(texts.noFile)
    expect(JSON.stringify(presetGroups("order_cert_individual_person", values, texts, undefined, { uploads: false }))).not.toContain(texts.noFile)
  })

  test("an unknown preset has no groups", () => expect(presetGroups("no_such_preset", values, texts)).toEqual([]))
})

describe("the persons of an order in their roles", () => {
  test("an employee holder of a company, the head who signs the МЧД, the representative", () => {
    expect(
      personsOf("legal_entity", {
        holder_role: "certificate_holder",
        last_name: "Петрова",
        first_name: "Анна",
        position: "Бухгалтер",
        chief_last_name: "Иванов",
        chief_first_name: "Иван",
        chief_position: "Директор",
        has_representative: true,
        representative_last_name: "Сидоров",
        representative_first_name: "Пётр",
      }),
    ).toEqual([
      { role: "Владелец сертификата (сотрудник организации)", name: "Петрова Анна", position: "Бухгалтер" },
      { role: "Руководитель", name: "Иванов Иван", position: "Директор" },
      { role: "Представитель по доверенности", name: "Сидоров Пётр", position: "" },
    ])
  })

  test("a person holds their own certificate; a representative not asked for is not listed", () => {
    expect(personsOf("individual_person", { last_name: "Иванов", first_name: "Иван", has_representative: false, representative_last_name: "Х" })).toEqual([{ role: "Владелец сертификата", name: "Иванов Иван", position: "" }])
  })
})
