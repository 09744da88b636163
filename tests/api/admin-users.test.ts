import { decodeJwt } from "jose"
import { beforeAll, describe, expect, it } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { adminToken, TEST_ADMIN } from "../support/server.ts"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { insertOffice } from "./crm-order-page-rows.ts"
import { call, errorsOf, type List, type One, uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

const a = messages.accounts
const api = serverWithAdmin()
/** The test administrator's token: a test below deletes him and makes him again, then signs in anew. */
let token: string

beforeAll(() => {
  token = api.adminToken
})

const base = "/api/v2/crm/admin_users"
const password = "Nw-Staff-2026!q"

describe("CRM admin users", () => {
  it("create, list, read, update, delete; the password is hashed with argon2id and never answered", async () => {
    const email = `staff-${uniq()}@test.local`
    const created = await call<One>(api.url, "POST", `${base}/`, { token, json: { admin_user: { email: ` ${email.toUpperCase()} `, fullname: "Сотрудник", password, role: "editor" } } })
    expect(created.status).toBe(201)
    expect(created.body.data).toEqual({ id: expect.any(String), type: "admin_user", attributes: { email, fullname: "Сотрудник", role: "editor", office_id: null, office_name: null } })
    expect(created.text).not.toMatch(/password|digest|argon/)
    const id = created.body.data.id
    const row = await api.db().kysely.selectFrom("admin_users").select("password_digest").where("id", "=", Number(id)).executeTakeFirstOrThrow()
    expect(row.password_digest).toMatch(/^\$argon2id\$/)

    const signIn = await call(api.url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email, password } } })
    expect(signIn.status).toBe(200)

    const list = await call<List>(api.url, "GET", `${base}/?q=${encodeURIComponent(email)}`, { token })
    expect(list.status).toBe(200)
    expect(list.body.data.map((d) => d.attributes.email)).toEqual([email])
    expect(list.text).not.toMatch(/password|digest/)
    expect((await call<One>(api.url, "GET", `${base}/${id}/`, { token })).body.data.attributes.email).toBe(email)

    // Update without a password keeps it; with one, replaces it.
    const renamed = await call<One>(api.url, "PUT", `${base}/${id}`, { token, json: { admin_user: { email, fullname: "Старший сотрудник", role: "editor" } } })
    expect(renamed.status).toBe(200)
    expect(renamed.body.data.attributes.fullname).toBe("Старший сотрудник")
    expect((await call(api.url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email, password } } })).status).toBe(200)
    const patched = await call<One>(api.url, "PATCH", `${base}/${id}/`, { token, json: { admin_user: { password: "Ot-Staff-2026!q" } } })
    expect(patched.status).toBe(200)
    expect((await call(api.url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email, password: "Ot-Staff-2026!q" } } })).status).toBe(200)

    // Deleting another administrator works; their token dies with them.
    const theirs = await adminTokenFor(email, "Ot-Staff-2026!q")
    expect((await call(api.url, "DELETE", `${base}/${id}/`, { token })).status).toBe(204)
    expect((await call(api.url, "GET", `${base}/${id}/`, { token })).status).toBe(404)
    expect((await call(api.url, "GET", "/api/v2/crm/current_admin/", { token: theirs })).status).toBe(401)
  })

  it("the office: saved and answered by name, to the staff member too; an unknown one → 422; cleared to none", async () => {
    const officeId = await insertOffice(api.db(), `Офис ${uniq()}`)
    const officeName = (await api.db().kysely.selectFrom("offices").select("name").where("id", "=", officeId).executeTakeFirstOrThrow()).name
    const email = `office-${uniq()}@test.local`
    const created = await call<One>(api.url, "POST", `${base}/`, { token, json: { admin_user: { email, fullname: "Оператор", password, role: "operator", office_id: officeId } } })
    expect(created.status).toBe(201)
    expect(created.body.data.attributes).toMatchObject({ role: "operator", office_id: officeId, office_name: officeName })
    const id = created.body.data.id
    const listed = await call<List>(api.url, "GET", `${base}/?q=${encodeURIComponent(email)}`, { token })
    expect(listed.body.data.map((d) => d.attributes.office_name)).toEqual([officeName])
    // The start page learns it from the staff member's own session.
    const theirs = await adminTokenFor(email, password)
    const me = await call<One>(api.url, "GET", "/api/v2/crm/current_admin/", { token: theirs })
    expect(me.body.data.attributes).toMatchObject({ office_id: officeId, office_name: officeName })

    // Above PostgreSQL's integer too: the same 422, never a failed query.
    for (const officeIdSent of [99_999_999, 9_999_999_999]) {
      const unknown = await call(api.url, "PATCH", `${base}/${id}/`, { token, json: { admin_user: { office_id: officeIdSent } } })
      expect(unknown.status).toBe(422)
      expect(errorsOf(unknown)).toEqual({ office_id: [crmMessages.unknownOffice] })
    }
    const wrong = await call(api.url, "PATCH", `${base}/${id}/`, { token, json: { admin_user: { office_id: "офис" } } })
    expect(wrong.status).toBe(422)
    expect(Object.keys(errorsOf(wrong))).toEqual(["office_id"])
    expect((await api.db().kysely.selectFrom("admin_users").select("office_id").where("id", "=", Number(id)).executeTakeFirstOrThrow()).office_id).toBe(officeId)

    const cleared = await call<One>(api.url, "PATCH", `${base}/${id}/`, { token, json: { admin_user: { office_id: null } } })
    expect(cleared.status).toBe(200)
    expect(cleared.body.data.attributes).toMatchObject({ office_id: null, office_name: null })
    expect((await call<One>(api.url, "GET", "/api/v2/crm/current_admin/", { token: theirs })).body.data.attributes).toMatchObject({ office_id: null, office_name: null })
    expect((await call(api.url, "DELETE", `${base}/${id}/`, { token })).status).toBe(204)
  })

  it("bad input → 422 with Russian field errors, nothing stored", async () => {
    const count = async () => (await call<List>(api.url, "GET", `${base}/`, { token })).body.meta.total_count
    const before = await count()
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ admin_user: { email: "", fullname: "", password, role: "admin" } }, { email: [messages.validation.required], fullname: [messages.validation.required] }],
      [{ admin_user: { email: "nope", fullname: "X", password, role: "admin" } }, { email: [messages.validation.email] }],
      [{ admin_user: { email: `x-${uniq()}@test.local`, fullname: "X", role: "admin" } }, { password: [messages.validation.required] }],
      [{ admin_user: { email: `x-${uniq()}@test.local`, fullname: "X", password: "qwerty", role: "admin" } }, { password: [messages.validation.password] }],
      [{ admin_user: { email: TEST_ADMIN.email, fullname: "X", password, role: "admin" } }, { email: [a.adminEmailTaken] }],
      // The role: required, one of schemas/roles.ts.
      [{ admin_user: { email: `x-${uniq()}@test.local`, fullname: "X", password } }, { role: [messages.validation.required] }],
      [{ admin_user: { email: `x-${uniq()}@test.local`, fullname: "X", password, role: "root" } }, { role: [messages.validation.select] }],
      [{}, { admin_user: [messages.validation.required] }],
    ]
    for (const [json, errors] of cases) {
      const ans = await call(api.url, "POST", `${base}/`, { token, json })
      expect(ans.status, JSON.stringify(json)).toBe(422)
      expect(errorsOf(ans), JSON.stringify(json)).toEqual(errors)
    }
    expect(await count()).toBe(before)
  })

  it("an administrator cannot delete themselves (422 base)", async () => {
    const me = decodeJwt(token).sub!
    const ans = await call(api.url, "DELETE", `${base}/${me}/`, { token })
    expect(ans.status).toBe(422)
    expect(errorsOf(ans)).toEqual({ base: [a.cannotDeleteSelf] })
    expect((await call(api.url, "GET", "/api/v2/crm/current_admin/", { token })).status).toBe(200)
  })

  it("the last administrator cannot be deleted (422 base)", async () => {
    // Only one administrator left besides a helper who asks: the helper may delete the other only while two remain.
    const email = `last-${uniq()}@test.local`
    await call(api.url, "POST", `${base}/`, { token, json: { admin_user: { email, fullname: "Помощник", password, role: "admin" } } })
    const helper = await adminTokenFor(email, password)
    const others = await api.db().kysely.selectFrom("admin_users").select("id").where("email", "<>", email).execute()
    // Remove every other administrator except the test admin straight in the database, then try the last one.
    const me = Number(decodeJwt(token).sub)
    for (const o of others) if (o.id !== me) await api.db().kysely.deleteFrom("admin_users").where("id", "=", o.id).execute()
    const helperId = decodeJwt(helper).sub!
    await api.db().kysely.deleteFrom("admin_users").where("id", "=", me).execute()
    const ans = await call(api.url, "DELETE", `${base}/${helperId}/`, { token: helper })
    expect(ans.status).toBe(422)
    expect(errorsOf(ans)).toEqual({ base: [a.cannotDeleteSelf] })
    // Put the test administrator back for later tests (PostgreSQL shares one database between files).
    const back = await call<One>(api.url, "POST", `${base}/`, { token: helper, json: { admin_user: { email: TEST_ADMIN.email, fullname: "Администратор", password: TEST_ADMIN.password, role: "admin" } } })
    expect(back.status).toBe(201)
    token = await adminToken(api.url)
    const del = await call(api.url, "DELETE", `${base}/${helperId}/`, { token })
    expect(del.status).toBe(204)
    // Now the test administrator is the last one.
    const last = await call(api.url, "DELETE", `${base}/${decodeJwt(token).sub}/`, { token })
    expect(errorsOf(last).base).toHaveLength(1)
  })
})

describe("DELETE /api/v2/crm/sign_out/", () => {
  it("revokes the admin token on the server", async () => {
    const mine = await adminToken(api.url)
    expect((await call(api.url, "GET", "/api/v2/crm/current_admin/", { token: mine })).status).toBe(200)
    expect((await call(api.url, "DELETE", "/api/v2/crm/sign_out/", { token: mine })).status).toBe(204)
    expect((await call(api.url, "GET", "/api/v2/crm/current_admin/", { token: mine })).status).toBe(401)
    expect((await call(api.url, "GET", `${base}/`, { token: mine })).status).toBe(401)
    expect((await call(api.url, "DELETE", "/api/v2/crm/sign_out/", { token: mine })).status).toBe(401)
    expect((await call(api.url, "DELETE", "/api/v2/crm/sign_out/")).status).toBe(401)
    // Other sessions of the same administrator stay valid.
    expect((await call(api.url, "GET", "/api/v2/crm/current_admin/", { token })).status).toBe(200)
  })
})

async function adminTokenFor(email: string, pw: string): Promise<string> {
  const ans = await call<{ meta: { jwt: string } }>(api.url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email, password: pw } } })
  expect(ans.status).toBe(200)
  return ans.body.meta.jwt
}
