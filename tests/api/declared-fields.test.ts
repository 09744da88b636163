import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Hono } from "hono"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { definePreset, type FormField } from "../../schemas/forms/types.ts"
import { messages } from "../../schemas/messages/common.ts"
import { defineResource } from "../../schemas/resources/define.ts"
import { fileField, htmlField, nullableText, referenceField, textField } from "../../schemas/resources/fields.ts"
import { loadConfig } from "../../server/config.ts"
import { type Db, openDb } from "../../server/db/index.ts"
import { migrate } from "../../server/db/migrate.ts"
import { mountResource } from "../../server/lib/crud.ts"
import { createDeps } from "../../server/lib/deps.ts"
import type { AppEnv } from "../../server/lib/env.ts"
import { HttpError } from "../../server/lib/http.ts"
import { uniq } from "./helpers.ts"

/**
 * What a field's type asks of the server is done for every declaration `mountResource` mounts, not
 * for a list of resources by name: a resource declared here only — its own table, no server hooks,
 * in no list — gets its rich text sanitized, its file checked against the files the CRM stored and its
 * reference checked against the resource its select names (on SQLite, or on TEST_DATABASE_URL).
 */

const run = uniq()
const table = `throwaway_notes_${run}`

const fields: FormField[] = [
  { name: "title", type: "input", label: "Заголовок", validations: ["required"] },
  { name: "body", type: "editor", label: "Текст", validations: ["required"] },
  { name: "cover", type: "upload", label: "Обложка", attributes: { accept: "images", multiple: false, publicFile: true } },
  { name: "rubric_id", type: "select", label: "Рубрика", placeholder: "Без рубрики", attributes: { source: "faq_rubrics" } },
  { name: "submit", type: "submit", label: "Сохранить" },
]

const declare = (form: readonly FormField[]) =>
  defineResource({
    name: "throwaway_notes",
    title: "Заметки",
    routeBase: "/crm/notes",
    apiPath: "/notes",
    table,
    type: "note",
    attributes: { title: textField(), body: htmlField(), cover: fileField(), rubric_id: referenceField(), rubric_name: nullableText },
    columns: [{ key: "title", label: "Заголовок", value: (r) => r.attributes.title }],
    labelOf: (r) => r.attributes.title,
    search: ["title"],
    filter: definePreset({ id: "throwaway_notes_filter", fields: [] }),
    order: [["id", "asc"]],
    edit: { wrapper: "note", newTitle: "Новая заметка", editTitle: "Заметка", form: definePreset({ id: "throwaway_note_frm", fields: [...form] }) },
  })
const notes = declare(fields)

interface Note {
  data: { id: string; attributes: { title: string; body: string; cover: { name: string; url: string; size: number; type: string } | null; rubric_id: number | null; rubric_name: string | null } }
}

describe("a declared resource's rich text, file and reference, checked because of their types", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "uc-declared-"))
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "x".repeat(40), DATABASE_URL: process.env.TEST_DATABASE_URL ?? "" })
  let db: Db
  const app = new Hono<AppEnv>()
  const raw = () => db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>
  let rubricId = 0
  // `/uploads/files/<32 hex>.<ext>`, unique to the run (PostgreSQL's database is shared between files).
  const fileId = `${run}${"0".repeat(22)}`
  const storedUrl = `/uploads/files/${fileId}.png`

  beforeAll(async () => {
    db = openDb(config)
    await migrate(db)
    const id = db.dialect === "postgres" ? sql`serial primary key` : sql`integer primary key autoincrement`
    await db.kysely.schema
      .createTable(table)
      .addColumn("id", id)
      .addColumn("title", "varchar(255)", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("cover", "text")
      .addColumn("rubric_id", "integer")
      .addColumn("created_at", "varchar(32)", (c) => c.notNull())
      .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
      .execute()
    const at = new Date().toISOString()
    const rubric = await db.kysely.insertInto("faq_rubrics").values({ name: "Рубрика заметок", slug: `notes-${run}`, position: 0, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()
    rubricId = Number(rubric.id)
    // A file the CRM stored itself (`POST /api/v2/crm/files` records it so).
    await db.kysely
      .insertInto("uploads")
      .values({ id: fileId, owner_kind: "admin", owner_id: 1, original_name: "обложка.png", stored_path: `files/${fileId}.png`, size: 1234, mime: "image/png", created_at: at })
      .execute()

    // Who writes (the CRM's guard sets it): an administrator, whom the role check and the audit log read.
    app.use("*", async (c, next) => {
      c.set("admin", { id: 1, email: "notes@test.local", fullname: "Заметки", role: "admin" })
      await next()
    })
    // No hooks: whatever the server does here, it does because of the declaration's field types.
    mountResource(app, createDeps(db, config), notes)
    app.onError((err, c) => (err instanceof HttpError ? c.json(err.body, err.status) : c.json({ message: "500" }, 500)))
  })
  afterAll(async () => {
    await db.kysely.schema.dropTable(table).ifExists().execute()
    await db.kysely.deleteFrom("faq_rubrics").where("slug", "=", `notes-${run}`).execute()
    await db.kysely.deleteFrom("uploads").where("id", "=", fileId).execute()
    await db.kysely.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const send = async <T = unknown>(method: string, path: string, body: unknown) => {
    const res = await app.fetch(new Request(`http://localhost${path}`, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) }))
    return { status: res.status, body: (await res.json()) as T }
  }
  const storedBody = async (id: string) => String((await raw().selectFrom(table).select("body").where("id", "=", Number(id)).executeTakeFirstOrThrow()).body)

  const attack = '<p>Привет<script>alert(1)</script></p><img src="/uploads/images/a.png" onerror="alert(2)"><a href="javascript:alert(3)">ссылка</a>'
  const expectHarmless = (html: string) => {
    expect(html).not.toMatch(/<script|alert\(1\)|onerror|javascript:/i)
    expect(html).toContain("<p>Привет</p>")
    expect(html).toContain('<img src="/uploads/images/a.png" />')
    expect(html).toContain("ссылка</a>")
  }

  it("stores a script, an onerror handler and a javascript: address sanitized, on create, PUT and PATCH", async () => {
    const created = await send<Note>("POST", "/notes", { note: { title: "Заметка", body: attack } })
    expect(created.status).toBe(201)
    const id = created.body.data.id
    expectHarmless(created.body.data.attributes.body)
    expectHarmless(await storedBody(id))

    await raw().updateTable(table).set({ body: "<p>чисто</p>" }).where("id", "=", Number(id)).execute()
    const put = await send<Note>("PUT", `/notes/${id}`, { note: { title: "Заметка", body: attack } })
    expect(put.status).toBe(200)
    expectHarmless(await storedBody(id))

    await raw().updateTable(table).set({ body: "<p>чисто</p>" }).where("id", "=", Number(id)).execute()
    const patched = await send<Note>("PATCH", `/notes/${id}`, { note: { body: attack } })
    expect(patched.status).toBe(200)
    expectHarmless(patched.body.data.attributes.body)
    expectHarmless(await storedBody(id))
  })

  it("answers 'Обязательно для заполнения' for required rich text that is nothing but a script", async () => {
    const res = await send("POST", "/notes", { note: { title: "Пустая", body: "<script>alert(1)</script>" } })
    expect(res).toEqual({ status: 422, body: { errors: { body: [messages.validation.required] } } })
  })

  it("refuses a file address the CRM did not store, and takes a stored file's name, size and type from its record", async () => {
    const foreign = await send("POST", "/notes", { note: { title: "Чужой файл", body: "<p>текст</p>", cover: { name: "x.png", url: "https://evil.example/x.png" } } })
    expect(foreign).toEqual({ status: 422, body: { errors: { cover: [crmMessages.unknownFile] } } })
    const guessed = await send("POST", "/notes", { note: { title: "Угаданный файл", body: "<p>текст</p>", cover: { name: "x.png", url: `/uploads/files/${"f".repeat(32)}.png` } } })
    expect(guessed).toEqual({ status: 422, body: { errors: { cover: [crmMessages.unknownFile] } } })

    const own = await send<Note>("POST", "/notes", { note: { title: "Свой файл", body: "<p>текст</p>", cover: { name: "подмена.exe", url: storedUrl, size: 1, type: "application/x-msdownload" } } })
    expect(own.status).toBe(201)
    expect(own.body.data.attributes.cover).toEqual({ name: "обложка.png", url: storedUrl, size: 1234, type: "image/png" })
  })

  it("refuses a reference to a record that does not exist, and answers the name of one that does", async () => {
    // Beyond a 32-bit id too: no record, not PostgreSQL's refusal to compare (a 500).
    for (const rubric_id of [2_000_000_000, 9_999_999_999]) {
      const missing = await send("POST", "/notes", { note: { title: "Без рубрики", body: "<p>текст</p>", rubric_id } })
      expect(missing, String(rubric_id)).toEqual({ status: 422, body: { errors: { rubric_id: [crmMessages.unknownRubric] } } })
    }

    const linked = await send<Note>("POST", "/notes", { note: { title: "С рубрикой", body: "<p>текст</p>", rubric_id: rubricId } })
    expect(linked.status).toBe(201)
    expect(linked.body.data.attributes).toMatchObject({ rubric_id: rubricId, rubric_name: "Рубрика заметок" })
    const read = await app.fetch(new Request(`http://localhost/notes/${linked.body.data.id}`))
    expect(((await read.json()) as Note).data.attributes.rubric_name).toBe("Рубрика заметок")
  })

  it("will not mount a reference whose select names no declared resource (it could not be checked)", () => {
    const unchecked = declare(fields.map((f) => (f.name === "rubric_id" ? { ...f, attributes: { source: "no_such_resource" } } : f)))
    expect(() => mountResource(new Hono<AppEnv>(), createDeps(db, config), unchecked)).toThrow(/rubric_id/)
  })
})
