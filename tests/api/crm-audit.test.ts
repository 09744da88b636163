import { describe, expect, it } from "vitest"
import { changesOf } from "../../schemas/resources/audit-log.ts"
import { TEST_ADMIN } from "../support/server.ts"
import { call, uniq, type List, type One } from "./helpers.ts"
import { roleToken, serverWithAdmin } from "./harness.ts"

/** 'Журнал изменений': every CRM write — who, when, which record, the fields before and after. */
const api = serverWithAdmin()

const crm = <T = unknown>(method: string, path: string, json?: unknown, as = api.adminToken) => call<T>(api.url, method, path, { token: as, ...(json !== undefined ? { json } : {}) })
type Entry = { id: string; attributes: { admin_email: string; admin_user_id: number; resource: string; record_id: number; action: string; before: string | null; after: string | null; created_at: string } }
const entriesOf = async (query: string) => (await crm<{ data: Entry[]; meta: { total_count: number } }>("GET", `/api/v2/crm/audit_log/${query}`)).body

describe("audit log", () => {
  it("create, update, delete and restore of a record, newest first, with the fields before and after", async () => {
    const tag = uniq()
    const created = (await crm<One>("POST", "/api/v2/crm/cities/", { city: { name: `Город ${tag}`, slug: `gorod-${tag}` } })).body.data
    await crm("PATCH", `/api/v2/crm/cities/${created.id}/`, { city: { name: `Град ${tag}` } })
    const undo = (await crm("DELETE", `/api/v2/crm/cities/${created.id}/`)).headers.get("undo-token")
    await crm("POST", "/api/v2/crm/cities/restore/", { token: undo })

    const { data } = await entriesOf(`?resource=cities&record_id=${created.id}`)
    expect(data.map((e) => e.attributes.action)).toEqual(["restore", "delete", "update", "create"])
    for (const e of data) {
      expect(e.attributes.admin_email).toBe(TEST_ADMIN.email)
      expect(e.attributes.record_id).toBe(Number(created.id))
      expect(Date.now() - Date.parse(e.attributes.created_at)).toBeLessThan(60_000)
    }
    const [restore, del, update, create] = data.map((e) => e.attributes)
    expect(create!.before).toBeNull()
    expect(JSON.parse(create!.after!)).toMatchObject({ id: Number(created.id), name: `Город ${tag}`, slug: `gorod-${tag}` })
    expect(changesOf(update!.before, update!.after)).toEqual([{ field: "name", before: `Город ${tag}`, after: `Град ${tag}` }])
    expect(JSON.parse(del!.before!)).toMatchObject({ name: `Град ${tag}` })
    expect(del!.after).toBeNull()
    expect(JSON.parse(restore!.after!)).toMatchObject({ name: `Град ${tag}` })
  })

  it("never records a password digest; filters by administrator; read-only", async () => {
    const email = `audit-${uniq()}@test.local`
    const created = (await crm<One>("POST", "/api/v2/crm/admin_users/", { admin_user: { email, fullname: "Сотрудник", password: "Au-Dit-2026!q", role: "editor" } })).body.data
    await crm("PATCH", `/api/v2/crm/admin_users/${created.id}/`, { admin_user: { password: "Au-Dit-2027!q" } })
    const { data } = await entriesOf(`?resource=admin_users&record_id=${created.id}`)
    expect(data).toHaveLength(2)
    expect(JSON.stringify(data)).not.toMatch(/password|digest|argon|tokens_valid_after/)

    // An editor's write is logged under the editor.
    const editor = await roleToken(api.url, api.adminToken, "editor")
    const me = (await crm<One>("GET", "/api/v2/crm/current_admin/", undefined, editor)).body.data
    await crm("POST", "/api/v2/crm/faq/rubrics/", { faq_rubric: { name: "Аудит", slug: `audit-${uniq()}`, position: 1 } }, editor)
    const byEditor = await entriesOf(`?q=${encodeURIComponent(me.attributes.email as string)}`)
    expect(byEditor.data.map((e) => [e.attributes.resource, e.attributes.action, e.attributes.admin_user_id])).toEqual([["faq_rubrics", "create", Number(me.id)]])

    const one = data[0]!
    expect((await crm<One>("GET", `/api/v2/crm/audit_log/${one.id}/`)).body.data.id).toBe(one.id)
    for (const [method, path] of [["POST", "/api/v2/crm/audit_log/"], ["PATCH", `/api/v2/crm/audit_log/${one.id}/`], ["DELETE", `/api/v2/crm/audit_log/${one.id}/`]] as const) {
      expect((await crm(method, path, method === "DELETE" ? undefined : {})).status, `${method} ${path}`).toBe(405)
    }
  })

  it("a refused write (422) logs nothing; a bulk delete logs each record; bad filters are 422", async () => {
    const before = (await entriesOf("")).meta.total_count
    expect((await crm("POST", "/api/v2/crm/cities/", { city: { name: "" } })).status).toBe(422)
    expect((await entriesOf("")).meta.total_count).toBe(before)
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await crm<One>("POST", "/api/v2/crm/cities/", { city: { name: `Пакет ${i}`, slug: `paket-${uniq()}` } })).body.data.id)
    await crm("DELETE", `/api/v2/crm/cities/?ids=${ids.join(",")}`)
    const deletes = await entriesOf(`?resource=cities&sort=-created_at`)
    expect(deletes.data.filter((e) => e.attributes.action === "delete" && ids.includes(String(e.attributes.record_id)))).toHaveLength(3)
    expect((await crm("GET", "/api/v2/crm/audit_log/?resource=nope")).status).toBe(422)
    expect((await crm("GET", "/api/v2/crm/audit_log/?record_id=abc")).status).toBe(422)
    expect((await crm<List>("GET", "/api/v2/crm/audit_log/")).status).toBe(200)
  })
})
