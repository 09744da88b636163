import { describe, expect, test } from "vitest"
import type { FieldOption } from "../../schemas/forms/types.ts"
import { widgetMessages } from "../../schemas/messages/widget.ts"
import { filterOptions, filters } from "../../src/features/forms/fields/AutocompleteField.tsx"
import { dayLimit, formatDay } from "../../src/features/forms/fields/CalendarField.tsx"
import { toggleChoice } from "../../src/features/forms/fields/CheckboxGroupField.tsx"
import { describedBy, isRequired } from "../../src/features/forms/fields/FieldFrame.tsx"
import { fromZagRating, toZagRating } from "../../src/features/forms/fields/RatingField.tsx"
import { inOptionOrder, triggerLabel } from "../../src/features/forms/fields/ZagSelect.tsx"
import { formatRubles } from "../../schemas/money.ts"

const options: FieldOption[] = [
  { value: "msk", label: "Москва" },
  { value: "mo", label: "Московская область" },
  { value: "spb", label: "Санкт-Петербург", disabled: true },
]

describe("select and multiselect", () => {
  test("the trigger joins the chosen labels with '; ', in the options' order", () => {
    expect(triggerLabel(options, ["mo", "msk"], undefined)).toBe("Москва; Московская область")
    expect(triggerLabel(options, ["msk"], "Все")).toBe("Москва")
  })

  test("with nothing chosen it shows the placeholder, by default «Выбрать»", () => {
    expect(triggerLabel(options, [], "Все рубрики")).toBe("Все рубрики")
    expect(triggerLabel(options, [], undefined)).toBe(widgetMessages.choose)
    expect(widgetMessages.choose).toBe("Выбрать")
    // A value no option has (a choice withdrawn from the list) shows as nothing chosen.
    expect(triggerLabel(options, ["gone"], undefined)).toBe("Выбрать")
  })

  test("chosen values keep the options' order, not the click order", () => {
    expect(inOptionOrder(options, ["spb", "msk"])).toEqual(["msk", "spb"])
    expect(toggleChoice(options, ["spb"], "msk", true)).toEqual(["msk", "spb"])
    expect(toggleChoice(options, ["msk", "spb"], "msk", false)).toEqual(["spb"])
  })

  test("a cost reads in rubles with the Russian thousand separator", () => {
    expect(formatRubles(2500).replace(/\s/g, " ")).toBe("2 500 ₽")
  })
})

describe("autocomplete", () => {
  test("filters from the third character on, ignoring case", () => {
    expect(filters("мо")).toBe(false)
    expect(filters("  мо ")).toBe(false)
    expect(filters("мос")).toBe(true)
    expect(filterOptions(options, "мо")).toBe(options)
    expect(filterOptions(options, "МОСК").map((o) => o.value)).toEqual(["msk", "mo"])
    expect(filterOptions(options, "петер").map((o) => o.value)).toEqual(["spb"])
    expect(filterOptions(options, "казань")).toEqual([])
  })
})

describe("rating", () => {
  test("none chosen is null for the engine and -1 for Zag; 0 (ArrowLeft from 1) is none", () => {
    expect(toZagRating(null)).toBe(-1)
    expect(toZagRating(7)).toBe(7)
    expect(fromZagRating(7)).toBe(7)
    expect(fromZagRating(0)).toBeNull()
    expect(fromZagRating(-1)).toBeNull()
  })
})

describe("calendar", () => {
  test("a day is held as dd.MM.yyyy", () => {
    expect(formatDay({ year: 2024, month: 3, day: 5 })).toBe("05.03.2024")
  })

  test("bounds: dd.MM.yyyy or today; anything else sets none", () => {
    const now = new Date("2026-11-07T12:00:00+03:00")
    expect(dayLimit("today", now)).toEqual({ year: 2026, month: 11, day: 7 })
    expect(dayLimit("01.02.2020", now)).toEqual({ year: 2020, month: 2, day: 1 })
    expect(dayLimit("31.02.2020", now)).toBeNull()
    expect(dayLimit(undefined, now)).toBeNull()
  })
})

describe("field frame", () => {
  test("describes the control by its hint and, while shown, its errors", () => {
    const field = { name: "phone", type: "input", attributes: { hint: "Для связи" } } as const
    expect(describedBy("f-phone", field, [])).toBe("f-phone-hint")
    expect(describedBy("f-phone", field, ["Обязательно для заполнения"])).toBe("f-phone-hint f-phone-error")
    expect(describedBy("f-name", { name: "name", type: "input" }, [])).toBeUndefined()
  })

  test("required by the preset's rules", () => {
    expect(isRequired({ name: "a", type: "input", validations: ["required"] })).toBe(true)
    expect(isRequired({ name: "a", type: "checkbox", validations: ["checkboxRequired"] })).toBe(true)
    expect(isRequired({ name: "a", type: "input", validations: [{ name: "maxLength", args: [5] }] })).toBe(false)
    expect(isRequired({ name: "a", type: "input" })).toBe(false)
  })
})

describe("server rendering", () => {
  test("every widget renders without a browser, labelled and with its value", async () => {
    const { createElement } = await import("react")
    const { renderToString } = await import("react-dom/server")
    const { fieldComponents } = await import("../../src/features/forms/fields/registry.ts")
    const cases = [
      [{ name: "n", type: "input", label: "Имя", mask: "phone" }, "+7 (999) 123-45-67", 'value="+7 (999) 123-45-67"'],
      [{ name: "n", type: "textarea", label: "Имя" }, "текст", ">текст</textarea>"],
      [{ name: "n", type: "text", label: "Справка", attributes: { text: "Текст справки" } }, null, "Текст справки"],
      [{ name: "n", type: "submit", label: "Отправить" }, null, 'type="submit"'],
      [{ name: "n", type: "checkbox", label: "Согласен" }, true, 'data-state="checked"'],
      [{ name: "n", type: "checkboxgroup", label: "Группа" }, ["msk"], "<legend"],
      [{ name: "n", type: "radiogroup", label: "Радио" }, "msk", 'role="radiogroup"'],
      [{ name: "n", type: "select", label: "Город" }, "msk", ">Москва</span>"],
      [{ name: "n", type: "multiselect", label: "Города" }, ["mo", "msk"], ">Москва; Московская область</span>"],
      [{ name: "n", type: "autocomplete", label: "Город" }, "msk", 'value="Москва"'],
      [{ name: "n", type: "calendar", label: "Дата" }, "15.03.2024", 'value="15.03.2024"'],
      [{ name: "n", type: "rating", label: "Оценка" }, 7, 'aria-label="Оценка 7 из 10" aria-disabled="false" aria-setsize="10" aria-checked="true"'],
    ] as const
    for (const [field, value, shown] of cases) {
      const Component = fieldComponents[field.type]
      const html = renderToString(
        createElement(Component, {
          field,
          id: "f-n",
          value: value as never,
          errors: ["Обязательно для заполнения"],
          disabled: false,
          options,
          form: {},
          onChange: () => {},
          onBlur: () => {},
          onHandler: () => {},
        }),
      )
      expect(html, field.type).toContain(field.label)
      expect(html, field.type).toContain(shown)
      if (field.type !== "text" && field.type !== "submit") expect(html, field.type).toContain('aria-invalid="true"')
    }
  })
})
