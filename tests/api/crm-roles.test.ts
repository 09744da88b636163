import { beforeAll, describe, expect, it } from "vitest"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { call, errorsOf, type List, type One } from "./helpers.ts"
import { roleToken, serverWithAdmin } from "./harness.ts"

/** Roles: 'Администратор' everything, 'Редактор' content, 'Оператор УЦ' the visitors' requests. */
const api = serverWithAdmin()
let editor: string
let operator: string

beforeAll(async () => {
  editor = await api.staff("editor")
  operator = await api.staff("operator")
})

const status = async (token: string, method: string, path: string, json?: unknown) => {
  const ans = await call(api.url, method, path, { token, ...(json !== undefined ? { json } : {}) })
  if (ans.status === 403) expect(ans.body).toEqual({ error: crmMessages.forbidden })
  return ans.status
}

describe("CRM roles", () => {
  it("the current administrator's answer carries the role; existing administrators are 'admin'", async () => {
    const me = async (token: string) => (await call<One>(api.url, "GET", "/api/v2/crm/current_admin/", { token })).body.data.attributes.role
    expect(await me(api.adminToken)).toBe("admin")
    expect(await me(editor)).toBe("editor")
    expect(await me(operator)).toBe("operator")
  })

  it("an editor works with content, never with administrators or the audit log (403 on every method)", async () => {
    expect(await status(editor, "GET", "/api/v2/crm/faq/rubrics/")).toBe(200)
    expect(await status(editor, "GET", "/api/v2/crm/menu_items/export.csv")).toBe(200)
    expect(await status(editor, "POST", "/api/v2/crm/cities/", { city: {} })).toBe(422)
    expect(await status(editor, "GET", "/api/v2/crm/remote_offers/")).toBe(200)
    for (const [method, path] of [
      ["GET", "/api/v2/crm/admin_users/"],
      ["GET", "/api/v2/crm/admin_users/1/"],
      ["GET", "/api/v2/crm/admin_users/export.csv"],
      ["POST", "/api/v2/crm/admin_users/"],
      ["PUT", "/api/v2/crm/admin_users/1/"],
      ["PATCH", "/api/v2/crm/admin_users/1/"],
      ["DELETE", "/api/v2/crm/admin_users/1/"],
      ["DELETE", "/api/v2/crm/admin_users/?ids=1"],
      ["POST", "/api/v2/crm/admin_users/restore/"],
      ["GET", "/api/v2/crm/audit_log/"],
    ] as const) {
      expect(await status(editor, method, path, method === "GET" || method === "DELETE" ? undefined : { admin_user: {} }), `${method} ${path}`).toBe(403)
    }
  })

  it("an operator reads the visitors' requests and nothing of the content, not even the editor's uploads", async () => {
    expect(await status(operator, "GET", "/api/v2/crm/remote_offers/")).toBe(200)
    expect(await status(operator, "GET", "/api/v2/crm/feedbacks/")).toBe(200)
    expect(await status(operator, "GET", "/api/v2/crm/feedbacks/export.csv")).toBe(200)
    for (const [method, path] of [
      ["GET", "/api/v2/crm/faq/rubrics/"],
      ["GET", "/api/v2/crm/menu_items/"],
      ["POST", "/api/v2/crm/menu_items/"],
      ["DELETE", "/api/v2/crm/menu_items/?ids=1"],
      ["GET", "/api/v2/crm/cities/export.csv"],
      ["GET", "/api/v2/crm/admin_users/"],
      ["GET", "/api/v2/crm/audit_log/"],
      ["POST", "/api/v2/crm/images/"],
    ] as const) {
      expect(await status(operator, method, path, method === "POST" ? {} : undefined), `${method} ${path}`).toBe(403)
    }
    // Refused before anything is stored.
    const before = (await call<List>(api.url, "GET", "/api/v2/crm/menu_items/", { token: api.adminToken })).body.meta.total_count
    expect(await status(operator, "POST", "/api/v2/crm/menu_items/", { menu_item: { name: "Оператор", url: "/faq" } })).toBe(403)
    expect((await call<List>(api.url, "GET", "/api/v2/crm/menu_items/", { token: api.adminToken })).body.meta.total_count).toBe(before)
  })

  it("a role change applies to the next call; the last 'Администратор' cannot lose the role (422)", async () => {
    const id = (await call<One>(api.url, "GET", "/api/v2/crm/current_admin/", { token: editor })).body.data.id
    expect((await call(api.url, "PATCH", `/api/v2/crm/admin_users/${id}/`, { token: api.adminToken, json: { admin_user: { role: "admin" } } })).status).toBe(200)
    expect(await status(editor, "GET", "/api/v2/crm/admin_users/")).toBe(200)
    expect((await call(api.url, "PATCH", `/api/v2/crm/admin_users/${id}/`, { token: api.adminToken, json: { admin_user: { role: "editor" } } })).status).toBe(200)
    expect(await status(editor, "GET", "/api/v2/crm/admin_users/")).toBe(403)

    // Only the test administrator left with the role 'admin' (others demoted in the database for this check).
    const me = Number((await call<One>(api.url, "GET", "/api/v2/crm/current_admin/", { token: api.adminToken })).body.data.id)
    const others = await api.db().kysely.selectFrom("admin_users").select("id").where("role", "=", "admin").where("id", "<>", me).execute()
    await api.db().kysely.updateTable("admin_users").set({ role: "operator" }).where("role", "=", "admin").where("id", "<>", me).execute()
    try {
      const refused = await call(api.url, "PATCH", `/api/v2/crm/admin_users/${me}/`, { token: api.adminToken, json: { admin_user: { role: "editor" } } })
      expect(refused.status).toBe(422)
      expect(errorsOf(refused)).toEqual({ role: [crmMessages.lastAdminRole] })
      expect((await api.db().kysely.selectFrom("admin_users").select("role").where("id", "=", me).executeTakeFirstOrThrow()).role).toBe("admin")
      // Keeping the role is fine.
      expect((await call(api.url, "PATCH", `/api/v2/crm/admin_users/${me}/`, { token: api.adminToken, json: { admin_user: { fullname: "Администратор" } } })).status).toBe(200)
    } finally {
      for (const o of others) await api.db().kysely.updateTable("admin_users").set({ role: "admin" }).where("id", "=", o.id).execute()
    }
  })

  it("an operator may be deleted by an administrator", async () => {
    const op = await roleToken(api.url, api.adminToken, "operator")
    const opId = (await call<One>(api.url, "GET", "/api/v2/crm/current_admin/", { token: op })).body.data.id
    expect((await call(api.url, "DELETE", `/api/v2/crm/admin_users/${opId}/`, { token: api.adminToken })).status).toBe(204)
  })
})
