import { describe, expect, test } from "vitest"
import { validate } from "../../schemas/validate.ts"
import { cities } from "../../schemas/resources/cities.ts"
import { crmResources } from "../../schemas/resources/index.ts"
import { listHref, type ListQuery, nextSort, readListQuery } from "../../schemas/resources/list-query.ts"
import { menuItems } from "../../schemas/resources/menu-items.ts"
import { adminUsers } from "../../schemas/resources/admin-users.ts"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { adminLinks, adminMenu, isGroup, menuFor, placedNames, sectionOf } from "../../src/features/crm/admin-menu.ts"
import { redirectTarget } from "../../src/features/crm/sign-in.ts"
import { CRM_ROUTES } from "../../src/app/crm-routes.ts"
import { runGuards } from "../../src/app/guards.ts"

const menuItemsResource = menuItems.edit!
const citiesResource = cities.edit!

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

  test("administrator form: the role 'Бухгалтер' is a choice; the office is an optional select of the offices, none is null", () => {
    const form = adminUsers.edit!
    const role = form.form.fields.find((f) => f.name === "role")!
    expect(role.attributes?.options?.map((o) => o.label)).toEqual(["Администратор", "Редактор", "Оператор УЦ", "Бухгалтер"])
    const office = form.form.fields.find((f) => f.name === "office_id")!
    expect(office).toMatchObject({ type: "select", label: "Офис обслуживания", attributes: { source: "offices" } })
    expect(office.validations ?? []).not.toContain("required")
    const values = { ...form.empty, email: "a@b.ru", fullname: "Бухгалтер", password: "", role: "accountant" }
    expect(validate(form.input, form.fromForm({ ...values, office_id: "" }))).toMatchObject({ ok: true, value: { role: "accountant", office_id: null } })
    expect(validate(form.input, form.fromForm({ ...values, office_id: "7" }))).toMatchObject({ ok: true, value: { office_id: 7 } })
    expect(validate(form.input, form.fromForm({ ...values, office_id: "седьмой" })).ok).toBe(false)
    const record = { id: "3", type: "admin_user" as const, attributes: { email: "a@b.ru", fullname: "Бухгалтер", role: "accountant", office_id: 7, office_name: "Офис" } }
    expect(form.toForm(record)).toMatchObject({ role: "accountant", office_id: "7" })
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

  test("the form and the API answer the same messages: the preset's rules and the declared checks, on both ways in", () => {
    // From the form (values as typed) and from a request body (JSON as sent): one schema, one message.
    const form = validate(citiesResource.input, citiesResource.fromForm({ name: "Тверь", slug: "Tver" }))
    const api = validate(citiesResource.input, { name: "Тверь", slug: "Tver" })
    expect(form).toEqual({ ok: false, errors: { slug: [crmMessages.slugFormat] } })
    expect(api).toEqual(form)
    expect(validate(citiesResource.input, { name: "Тверь", slug: "faq" })).toEqual({ ok: false, errors: { slug: [crmMessages.reservedSlug] } })
    expect(validate(menuItemsResource.input, menuItemsResource.fromForm({ ...menuItemsResource.empty, name: "А", url: "price" }))).toEqual({
      ok: false,
      errors: { url: [crmMessages.urlFormat] },
    })
  })

  test("list address carries the page only above 1", () => {
    const at = (page: number, q = ""): ListQuery => ({ page, filters: q ? { q } : {}, sort: "" })
    expect(listHref("/crm/menu_items", at(1))).toBe("/crm/menu_items")
    expect(listHref("/crm/menu_items", at(2))).toBe("/crm/menu_items?page=2")
    expect(listHref("/crm/cities", at(1, "каз"))).toBe("/crm/cities?q=%D0%BA%D0%B0%D0%B7")
  })

  test("list address: page, the filter form's fields, sort; read back as the list page reads it", () => {
    const query = { page: 3, filters: { q: "Цены", display: "top" }, sort: "-position" }
    const href = listHref("/crm/menu_items", query)
    expect(href).toBe("/crm/menu_items?page=3&q=%D0%A6%D0%B5%D0%BD%D1%8B&display=top&sort=-position")
    expect(readListQuery(href.split("?")[1]!, menuItems.filter, menuItems.sortable)).toEqual(query)
    // Unknown parameters, a blank filter, a bad page and a sort of no sortable column are dropped.
    expect(readListQuery("page=x&q=+&other=1&sort=display_at_top", menuItems.filter, menuItems.sortable)).toEqual({ page: 1, filters: {}, sort: "" })
    expect([nextSort("", "name"), nextSort("name", "name"), nextSort("-name", "name"), nextSort("name", "url")]).toEqual(["name", "-name", "name", "url"])
  })
})

describe("admin sign-in and menu", () => {
  test("the menu is derived from the declarations: each declared resource once, with its own title and route", () => {
    for (const r of crmResources) {
      expect(placedNames.filter((n) => n === r.name), r.name).toHaveLength(1)
      expect(adminLinks.filter((l) => l.href === r.routeBase), r.name).toEqual([{ label: r.title, href: r.routeBase, roles: r.roles }])
    }
    expect(adminMenu.map((e) => e.label)).toEqual([
      "Администраторы", "FAQ", "Документы ЭП", "Меню", "Маркетинг", "Страницы сайта", "Города", "Каталог", "Обращения", "Заказы", "Удостоверяющий центр", "Формы сайта", "Журнал изменений",
    ])
  })

  test("each role's menu shows only what it may open", () => {
    const labels = (role: Parameters<typeof menuFor>[0]) => menuFor(role).flatMap((e) => (isGroup(e) ? e.links.map((l) => l.label) : [e.label]))
    expect(labels("admin")).toEqual(adminLinks.map((l) => l.label))
    const editor = labels("editor")
    for (const hidden of ["Администраторы", "Файл robots.txt", "Журнал изменений"]) expect(editor).not.toContain(hidden)
    for (const shown of ["Рубрики", "Меню", "Города", "Заявки", "Отзывы"]) expect(editor).toContain(shown)
    const operator = labels("operator")
    expect(operator).toContain("Заявки")
    expect(operator).toContain("Отзывы")
    for (const hidden of ["Администраторы", "Рубрики", "Меню", "Города", "Файл robots.txt", "Журнал изменений", "Формы сайта"]) expect(operator).not.toContain(hidden)
    // The accountant: the orders only, for the money.
    expect(labels("accountant")).toEqual(["Заказы"])
    expect(labels(undefined)).toEqual([])
  })

  test("redirectTo is followed only to CRM paths of this site", () => {
    expect(redirectTarget("?redirectTo=%2Fcrm%2Fmenu_items%3Fpage%3D2")).toBe("/crm/menu_items?page=2")
    expect(redirectTarget("")).toBe("/crm")
    expect(redirectTarget("?redirectTo=https%3A%2F%2Fevil.example%2Fcrm")).toBe("/crm")
    expect(redirectTarget("?redirectTo=%2F%2Fevil.example%2Fcrm")).toBe("/crm")
    expect(redirectTarget("?redirectTo=%2Faccount")).toBe("/crm")
  })

  test("every link of the menu opens a page of the route table; a path belongs to its section", () => {
    const paths = new Set(CRM_ROUTES.map((r) => r.path))
    for (const link of adminLinks) expect(paths, link.href).toContain(link.href)
    expect(sectionOf("/crm/faq/questions/5/edit")?.label).toBe("Вопросы")
    expect(sectionOf("/crm/unknown")).toBeUndefined()
  })
})

describe("CRM routes by role (issue 9)", () => {
  const routeNamed = (name: string) => CRM_ROUTES.find((r) => r.name === name)!
  const outcome = (name: string, role: string) =>
    runGuards({
      route: { name, ...routeNamed(name).access },
      area: "admin",
      returnTo: "/crm",
      visitor: { status: "authenticated", tokenContext: "admin", level: "user", userType: null, roles: [role] },
    })

  test("each resource's routes list its roles; the others get 403, the dashboard is everyone's", () => {
    for (const r of crmResources) {
      for (const route of CRM_ROUTES.filter((x) => (x.props as { resource?: unknown } | undefined)?.resource === r)) {
        expect(route.access?.user_role, route.name).toEqual(r.roles)
      }
    }
    expect(outcome("crm-admin_users", "admin").kind).toBe("pass")
    expect(outcome("crm-admin_users", "editor")).toEqual({ kind: "error", status: 403 })
    expect(outcome("crm-admin_users-id-edit", "operator")).toEqual({ kind: "error", status: 403 })
    expect(outcome("crm-audit_log", "editor")).toEqual({ kind: "error", status: 403 })
    expect(outcome("crm-faq-rubrics", "editor").kind).toBe("pass")
    expect(outcome("crm-faq-rubrics", "operator")).toEqual({ kind: "error", status: 403 })
    expect(outcome("crm-feedbacks", "operator").kind).toBe("pass")
    expect(outcome("crm-forms", "operator")).toEqual({ kind: "error", status: 403 })
    expect(outcome("crm", "operator").kind).toBe("pass")
  })
})
