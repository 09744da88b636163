import type { Context, Hono } from "hono"
import { type Kysely, sql } from "kysely"
import { Schema } from "effect"
import { BULK_DELETE_MAX, CSV_BATCH_ROWS, TRANSITION_NOTE_MAX } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { requestMessages } from "../../schemas/messages/request.ts"
import type { CrmRecord, ResourceDeclaration } from "../../schemas/resources/define.ts"
import { validateWrapped, type FieldErrors } from "../../schemas/validate.ts"
import { now } from "../db/index.ts"
import { assertRole } from "./admin-auth.ts"
import { recordAudit } from "./audit.ts"
import { csvFileName, csvStream } from "./csv.ts"
import { withDeclaredFields } from "./declared-fields.ts"
import type { AppEnv, Deps } from "./env.ts"
import { asId, HttpError, idParam, notFound, readJson, unprocessable } from "./http.ts"
import { readListParams } from "./list-params.ts"
import { sanitizeEditorHtml } from "./sanitize-html.ts"
import { pageIdsFromNearerEnd, readPaging, totalPages } from "./paging.ts"
import { deleteWithUndo, restoreBatch } from "./trash.ts"

export type Row = { id: number } & Record<string, unknown>

/** The longest text a preview cleans (a long article's HTML is well under it). */
const PREVIEW_TEXT_MAX = 1_000_000

/** PostgreSQL 23505 or SQLite's SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY. */
const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY"
}

/**
 * What only the server can do for a resource beyond what its declaration says: what its field types
 * give is derived for every resource (server/lib/declared-fields.ts); a resource's own rules are
 * keyed by its name (server/routes/crm-resources.ts), and nothing the declaration says is said again there.
 */
export interface ServerHooks {
  /** Answers of stored rows that carry more than their attributes (a menu item's relationships). */
  readonly serialize?: (db: Deps["db"], rows: Row[]) => Promise<unknown[]>
  /** Checks that need the database beyond the declared unique columns (a parent that exists); field errors or null. */
  readonly check?: (db: Deps["db"], input: Record<string, unknown>, id: number | null) => Promise<FieldErrors | null>
  /** Columns the declaration cannot store as they are (a password's digest); may be async. */
  readonly columns?: (input: Record<string, unknown>, id: number | null) => Record<string, unknown> | Promise<Record<string, unknown>>
  /** What the one-record answer carries beside the record (`data.meta`): the blocks of its page (an order's documents, payments, history). */
  readonly detail?: (db: Deps["db"], row: Row) => Promise<Record<string, unknown>>
  /**
   * The declared `transitions` move (`POST {apiPath}/{id}/{path}/`): makes the move of the record to
   * `value` (the body's declared field) or throws an HttpError (422 with the field's message).
   * The route then logs the row before and after in the audit log. `body` carries the fields a move
   * asks for beyond its note (the declaration's `fields`: a reason, a payment's amount and number).
   */
  readonly transition?: (deps: Deps, c: Context<AppEnv>, id: number, value: string, note: string | null, body: Readonly<Record<string, unknown>>) => Promise<void>
  /** The moves the signed-in staff member may make of the record now (`GET {apiPath}/{id}/{path}/`), when they depend on more than its attributes. */
  readonly choices?: (deps: Deps, c: Context<AppEnv>, id: number) => Promise<readonly string[]>
  /** Checks before a delete; `c` tells who is asking (an administrator cannot delete themselves). */
  readonly beforeDelete?: (db: Deps["db"], id: number, c: Context<AppEnv>) => Promise<FieldErrors | null>
  /** Writes beside the row in the same transaction, after it (the join rows of a linked-ids field). */
  readonly afterWrite?: (trx: Kysely<Record<string, Row>>, id: number, input: Record<string, unknown>) => Promise<void>
}

const tablesOf = (deps: Deps) => deps.db.kysely as unknown as Kysely<Record<string, Row>>

/** `?ids=1,2,3`: distinct row ids, at least one and at most BULK_DELETE_MAX, else 422 `ids`. */
function readIds(raw: string | undefined): number[] {
  const parts = (raw ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "")
  const ids = [...new Set(parts.map(asId))]
  if (ids.length === 0 || ids.includes(null)) throw unprocessable({ ids: [crmMessages.bulkIds] })
  if (ids.length > BULK_DELETE_MAX) throw unprocessable({ ids: [crmMessages.bulkTooMany(BULK_DELETE_MAX)] })
  return ids as number[]
}

/**
 * The API of a declared CRM resource at its `apiPath`, for the roles it declares (403 to the others,
 * on every method): list (`?page&per`, the filter form's fields, `?sort=`), read and the CSV export of
 * the filtered list (`/export.csv`); unless read-only, create, update (PUT replaces, PATCH merges),
 * delete (`/{id}`) and bulk delete (`?ids=1,2,3`, all or nothing), both undoable (`/restore` with the
 * token they answer), with the input schema the browser's form validates with. Every write is logged
 * in `audit_log` in its own transaction. A read-only resource answers 405 to writes. What the field
 * types ask of the server (rich text sanitized, files verified, references checked) is done for every
 * declaration (declared-fields.ts); `own` adds the resource's own rules.
 */
export function mountResource(app: Hono<AppEnv>, deps: Deps, r: ResourceDeclaration, own: ServerHooks = {}): void {
  // Rich text sanitized, files verified, references and linked ids checked: from the field types, for every resource.
  const hooks = withDeclaredFields(r, own)
  const k = tablesOf(deps)
  /** Every handler checks the role first. */
  const allowed =
    <A extends unknown[]>(handler: (c: Context<AppEnv>, ...rest: A) => Response | Promise<Response>) =>
    (c: Context<AppEnv>, ...rest: A) => {
      assertRole(c, r.roles)
      return handler(c, ...rest)
    }
  const find = async (id: number) => {
    const row = await k.selectFrom(r.table).selectAll().where("id", "=", id).executeTakeFirst()
    if (!row) throw notFound()
    return row as Row
  }
  const serialize = async (rows: Row[]) => (hooks.serialize ? hooks.serialize(deps.db, rows) : rows.map((row) => r.serialize(row)))
  const one = async (row: Row) => {
    const data = (await serialize([row]))[0] as Record<string, unknown>
    return { data: hooks.detail ? { ...data, meta: await hooks.detail(deps.db, row) } : data }
  }

  /** The rows the list's filters, search and sort select (the list's page and the CSV alike). */
  const filtered = (c: Context<AppEnv>, without?: string) => {
    const { search, conditions, order, compare } = readListParams(r, (name) => (name === without ? undefined : c.req.query(name)))
    let query = k.selectFrom(r.table)
    if (search) {
      // Case-insensitive in Russian too (lower() is Unicode-aware on both dialects, see db/index.ts);
      // % and _ typed by the admin are matched literally.
      const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
      const like = (col: string) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`
      const via = r.searchVia
      const byId = r.searchId ? asId(search.trim()) : null
      query = query.where((eb) =>
        eb.or([
          ...r.search.map(like),
          ...(via ? [eb(via.column, "in", eb.selectFrom(via.table).select("id").where((inner) => inner.or(via.columns.map(like))))] : []),
          ...(byId !== null ? [eb("id", "=", byId)] : []),
        ]),
      )
    }
    for (const [col, value] of conditions) query = value === null ? query.where(col, "is", null) : query.where(col, "=", value as never)
    for (const [col, op, value] of compare) query = query.where(col, op, value as never)
    const ordered = () => {
      let rows = query.selectAll()
      for (const [col, dir] of order) rows = rows.orderBy(col, dir)
      return rows
    }
    /**
     * One page of `count` matching rows. The page's ids are read first (an index answers them without
     * the rows' bodies), from the nearer end of the order — the last page of 100,000 rows is the first
     * of the reversed order — then only those rows: any page costs about what the first does.
     */
    const pageOf = async (page: number, per: number, count: number): Promise<Row[]> => {
      // The id breaks every tie, so the reversed order is exactly the order turned around.
      const keyed: typeof order = order.some(([col]) => col === "id") ? order : [...order, ["id", "asc"]]
      const picked = await pageIdsFromNearerEnd(page, per, count, async (reversed, limit, offset) => {
        let ids = query.select("id")
        for (const [col, dir] of keyed) ids = ids.orderBy(col, reversed ? (dir === "asc" ? "desc" : "asc") : dir)
        return (await ids.limit(limit).offset(offset).execute()).map((row) => Number(row.id))
      })
      if (picked.length === 0) return []
      const rows = (await k.selectFrom(r.table).selectAll().where("id", "in", picked).execute()) as Row[]
      const byId = new Map(rows.map((row) => [Number(row.id), row]))
      return picked.flatMap((id) => byId.get(id) ?? [])
    }
    return { query, ordered, pageOf }
  }

  app.get(
    r.apiPath,
    allowed(async (c) => {
      const { page, per } = readPaging(c)
      const { query, pageOf } = filtered(c)
      const counted = await query.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow()
      const count = Number(counted.count)
      const list = await pageOf(page, per, count)
      return c.json({ data: await serialize(list), meta: { total_pages: totalPages(count, per), total_count: count } })
    }),
  )

  // Every matching row (no paging) as CSV: the declaration's columns, their labels as the header.
  // Registered before `/:id`, which would take `export.csv` for an id.
  const decode = Schema.decodeUnknownSync(r.record as never) as (raw: unknown) => CrmRecord
  app.get(
    `${r.apiPath}/export.csv`,
    allowed(async (c) => {
      const { ordered } = filtered(c)
      const body = csvStream(
        r.columns.map((col) => col.label),
        async (offset) => {
          const rows = (await ordered().limit(CSV_BATCH_ROWS).offset(offset).execute()) as Row[]
          const records = (await serialize(rows)).map(decode)
          return records.map((record) => r.columns.map((col) => col.value(record)))
        },
      )
      return new Response(body, {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${csvFileName(r.name)}"`,
          "cache-control": "no-store",
        },
      })
    }),
  )

  // Registered before `/:id` too.
  const counted = r.counts
  if (counted) {
    const column = r.filterColumns?.[counted]?.[0] ?? counted
    app.get(
      `${r.apiPath}/counts`,
      allowed(async (c) => {
        // Every choice of the counted filter under the call's other filters, in one grouped query.
        const { query } = filtered(c, counted)
        const rows = await query.select([sql.ref<string>(column).as("value"), (eb) => eb.fn.countAll<number | string>().as("count")]).groupBy(column).execute()
        return c.json({ counts: Object.fromEntries(rows.map((row) => [String(row.value), Number(row.count)])) })
      }),
    )
  }
  const sources = r.filterSources
  if (sources) {
    app.get(
      `${r.apiPath}/filter_options`,
      allowed(async (c) => {
        const entries = await Promise.all(
          Object.entries(sources).map(async ([name, { table, label }]) => {
            const rows = await k.selectFrom(table).select(["id", sql.ref<string>(label).as("label")]).orderBy(label).orderBy("id").execute()
            return [name, rows.map((row) => ({ value: String(row.id), label: String(row.label) }))] as const
          }),
        )
        return c.json(Object.fromEntries(entries))
      }),
    )
  }
  if (r.preview) {
    const { title, body } = r.preview
    // What the form holds, as it would be stored: the HTML through the same sanitizer as a save.
    app.post(
      `${r.apiPath}/preview`,
      allowed(async (c) => {
        const input = await readJson(c)
        // Both texts, as the form sends them; anything else is the caller's mistake, not an empty preview.
        const wrong = [title, body].filter((name) => typeof input[name] !== "string" || (input[name] as string).length > PREVIEW_TEXT_MAX)
        if (wrong.length > 0) throw unprocessable(Object.fromEntries(wrong.map((name) => [name, [messages.validation.generic]])))
        return c.json({ data: { [title]: input[title] as string, [body]: sanitizeEditorHtml(input[body] as string) } })
      }),
    )
  }

  app.get(
    `${r.apiPath}/:id`,
    allowed(async (c) => c.json(await one(await find(idParam(c))))),
  )

  const transitions = r.transitions
  if (transitions && hooks.choices) {
    const choicesOf = hooks.choices
    app.get(
      `${r.apiPath}/:id/${transitions.path}`,
      allowed(async (c) => {
        const id = idParam(c)
        await find(id)
        return c.json({ data: await choicesOf(deps, c, id) })
      }),
    )
  }
  if (transitions && hooks.transition) {
    const move = hooks.transition
    app.post(
      `${r.apiPath}/:id/${transitions.path}`,
      allowed(async (c) => {
        const id = idParam(c)
        const before = await find(id)
        const body = await readJson(c)
        const value = body[transitions.field]
        if (typeof value !== "string" || value.trim() === "") throw unprocessable({ [transitions.field]: [messages.validation.required] })
        const rawNote = body.note
        if (rawNote !== undefined && rawNote !== null && typeof rawNote !== "string") throw unprocessable({ note: [crmMessages.transitionNoteText] })
        const note = typeof rawNote === "string" && rawNote.trim() !== "" ? rawNote.trim() : null
        if (note !== null && note.length > TRANSITION_NOTE_MAX) throw unprocessable({ note: [messages.validation.maxLength(TRANSITION_NOTE_MAX)] })
        await move(deps, c, id, value.trim(), note, body)
        const after = await find(id)
        await recordAudit(deps.db.kysely, c, [{ resource: r.name, recordId: id, action: "update", before, after }])
        return c.json(await one(after))
      }),
    )
  }

  const edit = r.edit
  if (!edit) {
    // What visitors sent: nobody edits it. `Allow: GET` tells a client the resource exists.
    const refuse = (c: Context<AppEnv>) => {
      c.header("Allow", "GET, HEAD")
      return c.json({ message: requestMessages.methodNotAllowed }, 405)
    }
    app.post(r.apiPath, allowed(refuse))
    app.on(["PUT", "PATCH", "DELETE"], `${r.apiPath}/:id`, allowed(refuse))
    app.delete(r.apiPath, allowed(refuse))
    return
  }

  /** The declared unique columns, then the hook's checks. */
  const check = async (input: Record<string, unknown>, columns: Record<string, unknown>, id: number | null): Promise<FieldErrors | null> => {
    for (const [col, message] of Object.entries(edit.unique ?? {})) {
      let q = k.selectFrom(r.table).select("id").where(col, "=", columns[col] as never)
      if (id !== null) q = q.where("id", "<>", id)
      if (await q.executeTakeFirst()) return { [col]: [message] }
    }
    return (await hooks.check?.(deps.db, input, id)) ?? null
  }

  /** Validates, runs the database checks, then writes with `write` (in a transaction, with its log entry). */
  const save = async (body: unknown, id: number | null, write: (db: Kysely<Record<string, Row>>, values: Record<string, unknown>) => Promise<Row>) => {
    const result = validateWrapped(edit.wrapper, edit.inputFor(id), body)
    if (!result.ok) throw unprocessable(result.errors)
    const input = result.value as Record<string, unknown>
    const columns = edit.toColumns(input)
    const problems = await check(input, columns, id)
    if (problems) throw unprocessable(problems)
    const values = { ...columns, ...(await hooks.columns?.(input, id)) }
    try {
      return await deps.db.kysely.transaction().execute(async (trx) => {
        const db = trx as unknown as Kysely<Record<string, Row>>
        const row = await write(db, values)
        await hooks.afterWrite?.(db, row.id, input)
        return row
      })
    } catch (err) {
      // A concurrent request took the unique value between the check and the write: answer what the
      // check answers now (e.g. 'Город с таким адресом уже существует'), not a 500.
      const again = isUniqueViolation(err) ? await check(input, columns, id) : null
      if (again) throw unprocessable(again)
      throw err
    }
  }

  app.post(
    r.apiPath,
    allowed(async (c) => {
      const at = now()
      const row = await save(await readJson(c), null, async (db, values) => {
        const created = (await db
          .insertInto(r.table)
          .values({ ...values, created_at: at, updated_at: at } as never)
          .returningAll()
          .executeTakeFirstOrThrow()) as Row
        await recordAudit(db as never, c, [{ resource: r.name, recordId: created.id, action: "create", after: created }])
        return created
      })
      return c.json(await one(row), 201)
    }),
  )

  const update = (merge: boolean) => async (c: Context<AppEnv>) => {
    const id = idParam(c)
    const existing = await find(id)
    const body = await readJson(c)
    const sent = body[edit.wrapper]
    const merged =
      merge && typeof sent === "object" && sent !== null && !Array.isArray(sent)
        ? { [edit.wrapper]: { ...edit.toInput(existing), ...(sent as object) } }
        : body
    const row = await save(merged, id, async (db, values) => {
      const updated = (await db
        .updateTable(r.table)
        .set({ ...values, updated_at: now() } as never)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow()) as Row
      await recordAudit(db as never, c, [{ resource: r.name, recordId: id, action: "update", before: existing, after: updated }])
      return updated
    })
    return c.json(await one(row))
  }
  app.put(`${r.apiPath}/:id`, allowed(update(false)))
  app.patch(`${r.apiPath}/:id`, allowed(update(true)))

  /** Every row must exist (404) and pass the resource's delete checks (422, the first refusal): all or nothing. */
  const deletable = async (c: Context<AppEnv>, ids: readonly number[]) => {
    const rows: Row[] = []
    for (let i = 0; i < ids.length; i += 500) rows.push(...((await k.selectFrom(r.table).selectAll().where("id", "in", ids.slice(i, i + 500)).execute()) as Row[]))
    if (rows.length !== ids.length) throw notFound()
    for (const id of ids) {
      const problems = await hooks.beforeDelete?.(deps.db, id, c)
      if (problems) throw new HttpError(422, { errors: problems })
    }
    return rows
  }

  // One record: 204, the undo's token in the `Undo-Token` header.
  app.delete(
    `${r.apiPath}/:id`,
    allowed(async (c) => {
      const { token } = await deleteWithUndo(deps, c, r, await deletable(c, [idParam(c)]))
      c.header("Undo-Token", token)
      return c.body(null, 204)
    }),
  )

  // The selected records (`?ids=1,2,3`): 200 with the undo's token.
  app.delete(
    r.apiPath,
    allowed(async (c) => {
      const rows = await deletable(c, readIds(c.req.query("ids")))
      const { token, expiresAt } = await deleteWithUndo(deps, c, r, rows)
      return c.json({ meta: { deleted_count: rows.length, undo_token: token, undo_expires_at: expiresAt } })
    }),
  )

  // The undo of a delete: `{ token }` → 200 with how many records came back.
  app.post(
    `${r.apiPath}/restore`,
    allowed(async (c) => {
      const token = (await readJson(c)).token
      if (typeof token !== "string" || token === "") throw unprocessable({ base: [crmMessages.undoExpired] })
      return c.json({ meta: { restored_count: await restoreBatch(deps, c, r, token) } })
    }),
  )
}
