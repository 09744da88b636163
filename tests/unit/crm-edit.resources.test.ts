import { describe, expect, test } from "vitest"
import { validate } from "../../schemas/validate.ts"
import { isSectionPath, sectionOf } from "../../src/features/crm/admin-menu.ts"
import { listHref } from "../../src/features/crm/resource.ts"
import { citiesResource } from "../../src/features/crm/resources/cities.ts"
import { menuItemsResource } from "../../src/features/crm/resources/menu-items.ts"
import { redirectTarget } from "../../src/features/crm/sign-in.ts"

describe("declared resources", () => {
  test("menu item form values become the API's menu_item and back", () => {
    const values = { ...menuItemsResource.empty, name: "Цены", url: "/price", position: "5", display_at_top: true, parent_id: "3" }
    const result = validate(menuItemsResource.input, menuItemsResource.fromForm(values))
    expect(result).toEqual({ ok: true, value: { name: "Цены", url: "/price", position: 5, display_at_top: true, display_at_bottom: false, parent_id: 3 } })
    const record = {
      id: "7",
      type: "menu_item" as const,
      attributes: { name: "Цены", url: "/price", position: 5, display_at_top: true, display_at_bottom: false },
      relationships: { children: { data: [] }, ancestors: { data: [{ id: "3", type: "menu_item" }] } },
    }
    expect(menuItemsResource.toForm(record)).toEqual(values)
  })

  test("menu item form: empty position is required, letters are not digits, no parent is null", () => {
    const base = { ...menuItemsResource.empty, name: "Цены", url: "/price" }
    expect(validate(menuItemsResource.input, menuItemsResource.fromForm({ ...base, position: "" }))).toEqual({ ok: false, errors: { position: ["Обязательно для заполнения"] } })
    expect(validate(menuItemsResource.input, menuItemsResource.fromForm({ ...base, position: "пять" }))).toEqual({ ok: false, errors: { position: ["Укажите только цифры"] } })
    expect(menuItemsResource.fromForm(base)).toMatchObject({ parent_id: null })
  })

  test("city form: the entity schema's messages", () => {
    expect(validate(citiesResource.input, citiesResource.fromForm({ name: " ", slug: "kazan" }))).toEqual({ ok: false, errors: { name: ["Обязательно для заполнения"] } })
  })

  test("list address carries the page only above 1", () => {
    expect(listHref("/crm/menu_items", 1, "")).toBe("/crm/menu_items")
    expect(listHref("/crm/menu_items", 2, "")).toBe("/crm/menu_items?page=2")
    expect(listHref("/crm/cities", 1, "каз")).toBe("/crm/cities?q=%D0%BA%D0%B0%D0%B7")
  })
})

describe("admin sign-in and menu", () => {
  test("redirectTo is followed only to CRM paths of this site", () => {
    expect(redirectTarget("?redirectTo=%2Fcrm%2Fmenu_items%3Fpage%3D2")).toBe("/crm/menu_items?page=2")
    expect(redirectTarget("")).toBe("/crm")
    expect(redirectTarget("?redirectTo=https%3A%2F%2Fevil.example%2Fcrm")).toBe("/crm")
    expect(redirectTarget("?redirectTo=%2F%2Fevil.example%2Fcrm")).toBe("/crm")
    expect(redirectTarget("?redirectTo=%2Faccount")).toBe("/crm")
  })

  test("sections not built yet answer their list, /new and /{id}/edit only", () => {
    expect(sectionOf("/crm/faq/rubrics/5/edit")?.label).toBe("Рубрики")
    expect(isSectionPath("/crm/faq/rubrics", "/crm/faq/rubrics/5/edit")).toBe(true)
    expect(isSectionPath("/crm/faq/rubrics", "/crm/faq/rubrics/5")).toBe(false)
    expect(isSectionPath("/crm/marketing/robots", "/crm/marketing/robots/new")).toBe(false)
    expect(sectionOf("/crm/unknown")).toBeUndefined()
  })
})
