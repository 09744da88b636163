import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { NAME_MAX_LENGTH, URL_MAX_LENGTH } from "../../schemas/constants.ts"
import { AdminSignInAnswer, AdminSignInBody } from "../../schemas/entities/admin-user.ts"
import { CityList, SLUG_MAX_LENGTH } from "../../schemas/entities/city.ts"
import { integer, requiredText } from "../../schemas/entities/common.ts"
import { FooterLinkResource } from "../../schemas/entities/footer-link.ts"
import { MenuItemList, parentIdOf, type MenuItemResource } from "../../schemas/entities/menu-item.ts"
import { messages } from "../../schemas/messages/common.ts"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { cities } from "../../schemas/resources/cities.ts"
import { menuItems } from "../../schemas/resources/menu-items.ts"
import { validate, validateWrapped } from "../../schemas/validate.ts"

// The input schemas are derived from the declarations (their presets' rules): schemas/resources/.
const MenuItemInput = menuItems.edit!.input
const MenuItemBody = menuItems.edit!.body
const CityInput = cities.edit!.input
const CityBody = cities.edit!.body

const v = messages.validation
const errorsOf = (r: ReturnType<typeof validate>) => (r.ok ? {} : r.errors)

const menuItem = (over: Record<string, unknown> = {}) => ({
  name: "Цены",
  url: "/price",
  position: 10,
  display_at_top: true,
  display_at_bottom: false,
  parent_id: null,
  ...over,
})

describe("messages", () => {
  it("builds the length texts", () => {
    expect(v.maxLength(255)).toBe("Введите не более 255 символов.")
    expect(v.minLength(8)).toBe("Введите не менее 8 символов.")
  })
})

describe("validate", () => {
  it("answers ok with the decoded value", () => {
    expect(validate(MenuItemInput, menuItem())).toEqual({ ok: true, value: menuItem() })
  })

  it("keys errors by field path and collects every field at once", () => {
    const r = validate(MenuItemInput, {})
    expect(r).toEqual({ ok: false, errors: { name: [v.required], url: [v.required], position: [v.required] } })
  })

  it("keys nested fields with dots", () => {
    expect(errorsOf(validate(AdminSignInBody, { admin: { email: "a@b.c" } }))).toEqual({ "admin.password": [v.required] })
  })

  it("keys a top-level failure as base", () => {
    expect(errorsOf(validate(MenuItemInput, "строка"))).toEqual({ base: [v.generic] })
    expect(errorsOf(validate(MenuItemInput, null))).toEqual({ base: [v.generic] })
  })

  it("never lets a built-in English text through: it becomes the generic Russian message", () => {
    const r = validate(Schema.Struct({ n: Schema.Number }), { n: "x" })
    expect(errorsOf(r)).toEqual({ n: [v.generic] })
    const texts = Object.values(errorsOf(validate(MenuItemInput, { name: 1, url: [], position: {}, display_at_top: "y" }))).flat()
    for (const t of texts) expect(t).toMatch(/[А-Яа-яЁё]/)
  })

  it("lists a message once per field", () => {
    const r = validate(MenuItemInput, menuItem({ name: "   " }))
    expect(errorsOf(r)).toEqual({ name: [v.required] })
  })
})

describe("validateWrapped", () => {
  it("unwraps and keys errors by the inner field names", () => {
    expect(validateWrapped("menu_item", MenuItemInput, { menu_item: menuItem() })).toEqual({ ok: true, value: menuItem() })
    expect(errorsOf(validateWrapped("menu_item", MenuItemInput, { menu_item: menuItem({ name: "" }) }))).toEqual({ name: [v.required] })
  })

  it.each([undefined, null, "x", 5, [], {}, { menu_item: null }, { menu_item: [] }, { menu_item: "x" }, { other: {} }])(
    "a missing or non-object wrapper in %j is a field error of the wrapper",
    (body) => {
      expect(validateWrapped("menu_item", MenuItemInput, body)).toEqual({ ok: false, errors: { menu_item: [v.required] } })
    },
  )
})

describe("requiredText and integer", () => {
  it("requiredText: blank → required alone, too long → max length, trimmed length counts", () => {
    const s = requiredText(5)
    expect(errorsOf(validate(Schema.Struct({ s }), { s: "" }))).toEqual({ s: [v.required] })
    expect(errorsOf(validate(Schema.Struct({ s }), { s: " \t " }))).toEqual({ s: [v.required] })
    expect(errorsOf(validate(Schema.Struct({ s }), { s: "123456" }))).toEqual({ s: [v.maxLength(5)] })
    expect(validate(Schema.Struct({ s }), { s: "  12345  " }).ok).toBe(true)
    expect(errorsOf(validate(Schema.Struct({ s }), { s: 5 }))).toEqual({ s: [v.generic] })
  })

  it.each([1.5, "x", "10", null, true, Number.NaN, Number.POSITIVE_INFINITY])("integer refuses %j with 'Укажите только цифры'", (n) => {
    expect(errorsOf(validate(Schema.Struct({ n: integer }), { n }))).toEqual({ n: [v.numeric] })
  })

  it.each([0, -3, 42])("integer accepts %j", (n) => {
    expect(validate(Schema.Struct({ n: integer }), { n }).ok).toBe(true)
  })
})

describe("MenuItemInput", () => {
  it("accepts site paths and http(s) addresses; optional flags and parent", () => {
    for (const url of ["/", "/faq#top", "/price?x=1", "http://example.test", "https://example.test/a"]) {
      expect(validate(MenuItemInput, menuItem({ url })).ok, url).toBe(true)
    }
    expect(validate(MenuItemInput, { name: "Цены", url: "/price", position: 1 }).ok).toBe(true)
    expect(validate(MenuItemInput, menuItem({ parent_id: 3 })).ok).toBe(true)
  })

  it.each(["price", "javascript:alert(1)", "ftp://x", "/a b", "mailto:a@b.c"])("refuses url %j with the url format message", (url) => {
    expect(errorsOf(validate(MenuItemInput, menuItem({ url })))).toEqual({ url: [crmMessages.urlFormat] })
  })

  it("name: required, at most 255", () => {
    expect(errorsOf(validate(MenuItemInput, menuItem({ name: "" })))).toEqual({ name: [v.required] })
    expect(errorsOf(validate(MenuItemInput, menuItem({ name: "я".repeat(NAME_MAX_LENGTH + 1) })))).toEqual({ name: [v.maxLength(NAME_MAX_LENGTH)] })
    expect(validate(MenuItemInput, menuItem({ name: "я".repeat(NAME_MAX_LENGTH) })).ok).toBe(true)
  })

  it("url: required, at most 2048", () => {
    expect(errorsOf(validate(MenuItemInput, menuItem({ url: " " })))).toEqual({ url: [v.required] })
    expect(errorsOf(validate(MenuItemInput, menuItem({ url: "/" + "a".repeat(URL_MAX_LENGTH) })))).toEqual({ url: [v.maxLength(URL_MAX_LENGTH)] })
  })

  it("position: whole numbers only", () => {
    expect(errorsOf(validate(MenuItemInput, menuItem({ position: 1.5 })))).toEqual({ position: [v.numeric] })
    expect(errorsOf(validate(MenuItemInput, menuItem({ position: "x" })))).toEqual({ position: [v.numeric] })
  })

  it("flags must be booleans; parent must be a positive whole number or null", () => {
    expect(errorsOf(validate(MenuItemInput, menuItem({ display_at_top: "true" })))).toEqual({ display_at_top: [v.generic] })
    expect(errorsOf(validate(MenuItemInput, menuItem({ display_at_bottom: 1 })))).toEqual({ display_at_bottom: [v.generic] })
    expect(errorsOf(validate(MenuItemInput, menuItem({ parent_id: 0 })))).toEqual({ parent_id: [v.generic] })
    expect(errorsOf(validate(MenuItemInput, menuItem({ parent_id: 1.5 })))).toEqual({ parent_id: [v.numeric] })
    expect(Object.keys(errorsOf(validate(MenuItemInput, menuItem({ parent_id: "1" })))))
      .toEqual(["parent_id"])
  })

  it("MenuItemBody is the menu_item wrapper", () => {
    expect(validate(MenuItemBody, { menu_item: menuItem() }).ok).toBe(true)
    expect(errorsOf(validate(MenuItemBody, { menu_item: menuItem({ name: "" }) }))).toEqual({ "menu_item.name": [v.required] })
  })
})

describe("CityInput", () => {
  it("accepts a name and a slug of lowercase Latin, digits and hyphens", () => {
    expect(validate(CityInput, { name: "Москва", slug: "moskva" }).ok).toBe(true)
    expect(validate(CityInput, { name: "Ростов", slug: "rostov-na-donu-2" }).ok).toBe(true)
    expect(validate(CityBody, { city: { name: "Москва", slug: "moskva" } }).ok).toBe(true)
  })

  it.each(["Moskva", "мск", "a b", "-a", "a-", "a--b", "a_b", "a/b"])("refuses slug %j with the slug format message", (slug) => {
    expect(errorsOf(validate(CityInput, { name: "Город", slug }))).toEqual({ slug: [crmMessages.slugFormat] })
  })

  it("name and slug are required; slug at most 100", () => {
    expect(errorsOf(validate(CityInput, {}))).toEqual({ name: [v.required], slug: [v.required] })
    expect(errorsOf(validate(CityInput, { name: "", slug: "" }))).toEqual({ name: [v.required], slug: [v.required] })
    expect(errorsOf(validate(CityInput, { name: "Город", slug: "a".repeat(SLUG_MAX_LENGTH + 1) }))).toEqual({
      slug: [v.maxLength(SLUG_MAX_LENGTH)],
    })
  })
})

describe("AdminSignInBody", () => {
  it("accepts the admin wrapper with e-mail and password", () => {
    expect(validate(AdminSignInBody, { admin: { email: "admin@demo.local", password: "secret" } }).ok).toBe(true)
  })

  it("blank fields read 'Обязательно для заполнения' alone; a bad e-mail reads 'Укажите верный email'", () => {
    expect(errorsOf(validate(AdminSignInBody, { admin: { email: "", password: "" } }))).toEqual({
      "admin.email": [v.required],
      "admin.password": [v.required],
    })
    expect(errorsOf(validate(AdminSignInBody, { admin: { email: "admin", password: "x" } }))).toEqual({ "admin.email": [v.email] })
    expect(errorsOf(validate(AdminSignInBody, {}))).toEqual({ admin: [v.required] })
  })
})

describe("answer schemas", () => {
  const item = (id: string, children: string[], ancestors: string[]): MenuItemResource => ({
    id,
    type: "menu_item",
    attributes: { name: "Пункт " + id, url: "/", position: 1, display_at_top: true, display_at_bottom: false },
    relationships: {
      children: { data: children.map((c) => ({ id: c, type: "menu_item" })) },
      ancestors: { data: ancestors.map((a) => ({ id: a, type: "menu_item" })) },
    },
  })

  it("parentIdOf takes the first ancestor", () => {
    expect(parentIdOf(item("3", [], ["2", "1"]))).toBe("2")
    expect(parentIdOf(item("1", ["2"], []))).toBeNull()
  })

  it("decode the server's shapes", () => {
    const list = { data: [item("1", ["2"], [])], included: [item("2", [], ["1"])], meta: { total_pages: 1 } }
    expect(validate(MenuItemList, list)).toEqual({ ok: true, value: list })
    expect(validate(MenuItemList, { ...list, meta: {} }).ok).toBe(false)
    const cities = { data: [{ id: "1", type: "city", attributes: { name: "Москва", slug: "moskva" } }], meta: { total_pages: 1, total_count: 1 } }
    expect(validate(CityList, cities).ok).toBe(true)
    expect(validate(CityList, { ...cities, data: [{ ...cities.data[0], id: 1 }] }).ok).toBe(false)
    const link = { id: "1", type: "footer_link", attributes: { group: "document", name: "Регламент", url: "/docs", position: 10 } }
    expect(validate(FooterLinkResource, link).ok).toBe(true)
    expect(validate(FooterLinkResource, { ...link, attributes: { ...link.attributes, group: "other" } }).ok).toBe(false)
    const signIn = { data: { id: "1", type: "admin_user", attributes: { email: "a@b.c", fullname: "А", role: "admin" } }, meta: { jwt: "x.y.z" } }
    expect(validate(AdminSignInAnswer, signIn).ok).toBe(true)
  })
})
