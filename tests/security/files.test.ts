import { describe, expect, it } from "vitest"
import { crmResources } from "../../schemas/resources/index.ts"
import { TEST_ADMIN } from "../support/admin-token.ts"
import { DEMO_USER, signInUser } from "../support/users.ts"
import { type Resource, serverWithAdmin } from "../api/helpers.ts"
import { fixtures, upload } from "../api/multipart.ts"

/**
 * Private uploads (a customer's passport scan, an invoice generated for him): their owner and the
 * roles that handle orders ('Администратор', 'Оператор УЦ') read them; 'Редактор' gets the answer of a
 * file that does not exist (404). Every staff download is in 'Журнал изменений'; the customer's own is not.
 */
const api = serverWithAdmin()

interface Uploaded {
  url: string
  name: string
}

/** The attacker's request: a GET of the file's address with a bearer token, raw bytes back. */
const get = async (url: string, token: string) => {
  const res = await fetch(api.url + url, { headers: { authorization: `Bearer ${token}` } })
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) }
}

const downloadsOf = (fileId: string) =>
  api
    .db()
    .kysely.selectFrom("audit_log")
    .selectAll()
    .where("resource", "=", "uploads")
    .where("action", "=", "download")
    .execute()
    .then((rows) => rows.filter((r) => (r.after ?? "").includes(fileId)))

const passportScan = async () => {
  const customer = await signInUser(api.url, DEMO_USER.email)
  const scan = await upload<Uploaded>(`${api.url}/api/v1/uploads/`, customer.jwt, [{ name: "file", filename: "паспорт.png", contentType: "image/png", data: fixtures.png }])
  expect(scan.status).toBe(201)
  const id = /\/api\/v1\/uploads\/([0-9a-f]{32})\/$/.exec(scan.body.url)![1]!
  return { customer, url: scan.body.url, id }
}

describe("a customer's private file", () => {
  it("'Редактор' gets 404 for a customer's passport scan, as for a file that does not exist, and nothing is logged", async () => {
    const { url, id } = await passportScan()
    const editor = await api.staff("editor")
    const stolen = await get(url, editor)
    expect(stolen.status).toBe(404)
    expect(stolen.bytes.includes(fixtures.png)).toBe(false)
    expect((await get(`/api/v1/uploads/${"0".repeat(32)}/`, editor)).status).toBe(404)
    expect(await downloadsOf(id)).toHaveLength(0)
  })

  it("'Редактор' still reads the files he uploaded himself", async () => {
    const editor = await api.staff("editor")
    const own = await upload<Uploaded>(`${api.url}/api/v1/uploads/`, editor, [{ name: "file", filename: "макет.pdf", contentType: "application/pdf", data: fixtures.pdf }])
    expect(own.status).toBe(201)
    const back = await get(own.body.url, editor)
    expect([back.status, back.bytes.equals(fixtures.pdf)]).toEqual([200, true])
  })

  it("'Оператор УЦ' and 'Администратор' download it, and each download is in the audit log: who, which file, whose", async () => {
    const { customer, url, id } = await passportScan()
    const operator = await api.staff("operator")
    for (const token of [operator, api.adminToken]) {
      const got = await get(url, token)
      expect([got.status, got.bytes.equals(fixtures.png)]).toEqual([200, true])
    }
    const entries = await downloadsOf(id)
    expect(entries).toHaveLength(2)
    const emails = entries.map((e) => e.admin_email)
    expect(emails).toContain(TEST_ADMIN.email)
    expect(emails.some((e) => e.startsWith("operator-"))).toBe(true)
    for (const e of entries) {
      expect(Number(e.record_id)).toBe(Number(customer.id))
      expect(e.before).toBeNull()
      expect(JSON.parse(e.after!)).toMatchObject({ file_id: id, file_name: "паспорт.png", owner_kind: "user", owner_id: Number(customer.id), owner_email: DEMO_USER.email })
    }
    // The CRM's 'Журнал изменений' lists it (administrators read the log).
    const listed = await api.crm<{ data: Resource[] }>("GET", `/api/v2/crm/audit_log/?resource=uploads&record_id=${customer.id}`)
    expect(listed.status).toBe(200)
    const mine = listed.body.data.filter((r) => String(r.attributes.after).includes(id))
    expect(mine).toHaveLength(2)
    // As the log's page shows it, in Russian: the section, the action, which file and whose.
    const log = crmResources.find((r) => r.name === "audit_log")!
    const record = mine[0] as never
    expect(Object.fromEntries(log.columns.map((col) => [col.label, col.value(record)]))).toMatchObject({
      Раздел: "Файлы клиентов",
      Действие: "Скачивание",
      Запись: `«паспорт.png» (${DEMO_USER.email})`,
    })
    expect(log.changes!(record)).toEqual([
      { field: "Файл", before: "", after: "паспорт.png" },
      { field: "Идентификатор файла", before: "", after: id },
      { field: "Размер, байт", before: "", after: String(fixtures.png.length) },
      { field: "Тип", before: "", after: "image/png" },
      { field: "Владелец", before: "", after: "Клиент" },
      { field: "Номер владельца", before: "", after: String(customer.id) },
      { field: "E-mail владельца", before: "", after: DEMO_USER.email },
    ])
  })

  it("the customer's own download is not logged", async () => {
    const { customer, url, id } = await passportScan()
    const got = await get(url, customer.jwt)
    expect([got.status, got.bytes.equals(fixtures.png)]).toEqual([200, true])
    expect(await downloadsOf(id)).toHaveLength(0)
  })
})
