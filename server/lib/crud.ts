import type { Context, Hono } from "hono"
import { type Kysely, sql } from "kysely"
import { requestMessages } from "../../schemas/request-messages.ts"
import type { ResourceDeclaration } from "../../schemas/resources/define.ts"
import { validateWrapped, type FieldErrors } from "../../schemas/validate.ts"
import { now } from "../db/index.ts"
import type { AppEnv, Deps } from "./env.ts"
import { HttpError, idParam, notFound, readJson, unprocessable } from "./http.ts"
import { readListParams } from "./list-params.ts"
import { readPaging, totalPages } from "./paging.ts"

export type Row = { id: number } & Record<string, unknown>

/** PostgreSQL 23505 or SQLite's SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY. */
const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY"
}

/**
 * What only the server can do for a resource, keyed by its name (server/routes/crm-resources.ts):
 * nothing the declaration says is said again here.
 */
export interface ServerHooks {
  /** Answers of stored rows that carry more than their attributes (a menu item's relationships). */
  readonly serialize?: (db: Deps["db"], rows: Row[]) => Promise<unknown[]>
  /** Checks that need the database beyond the declared unique columns (a parent that exists); field errors or null. */
  readonly check?: (db: Deps["db"], input: Record<string, unknown>, id: number | null) => Promise<FieldErrors | null>
  /** Columns the declaration cannot store as they are (a password's digest); may be async. */
  readonly columns?: (input: Record<string, unknown>, id: number | null) => Record<string, unknown> | Promise<Record<string, unknown>>
  /** Checks before a delete; `c` tells who is asking (an administrator cannot delete themselves). */
  readonly beforeDelete?: (db: Deps["db"], id: number, c: Context<AppEnv>) => Promise<FieldErrors | null>
}

const tablesOf = (deps: Deps) => deps.db.kysely as unknown as Kysely<Record<string, Row>>

/**
 * The API of a declared CRM resource at its `apiPath`: list (`?page&per`, the filter form's fields,
 * `?sort=`) and read; unless read-only, create, update (PUT replaces, PATCH merges) and delete, with
 * the input schema the browser's form validates with. A read-only resource answers 405 to writes.
 */
export function mountResource(app: Hono<AppEnv>, deps: Deps, r: ResourceDeclaration, hooks: ServerHooks = {}): void {
  const k = tablesOf(deps)
  const find = async (id: number) => {
    const row = await k.selectFrom(r.table).selectAll().where("id", "=", id).executeTakeFirst()
    if (!row) throw notFound()
    return row as Row
  }
  const serialize = async (rows: Row[]) => (hooks.serialize ? hooks.serialize(deps.db, rows) : rows.map((row) => r.serialize(row)))
  const one = async (row: Row) => ({ data: (await serialize([row]))[0] })

  app.get(r.apiPath, async (c) => {
    const { page, per } = readPaging(c)
    const { search, conditions, order } = readListParams(r, (name) => c.req.query(name))
    let query = k.selectFrom(r.table)
    if (search) {
      // Case-insensitive in Russian too (lower() is Unicode-aware on both dialects, see db/index.ts);
      // % and _ typed by the admin are matched literally.
      const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
      query = query.where((eb) => eb.or(r.search.map((col) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`)))
    }
    for (const [col, value] of conditions) query = value === null ? query.where(col, "is", null) : query.where(col, "=", value as never)
    const counted = await query.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow()
    const count = Number(counted.count)
    let rows = query.selectAll()
    for (const [col, dir] of order) rows = rows.orderBy(col, dir)
    const list = (await rows.limit(per).offset((page - 1) * per).execute()) as Row[]
    return c.json({ data: await serialize(list), meta: { total_pages: totalPages(count, per), total_count: count } })
  })

  app.get(`${r.apiPath}/:id`, async (c) => c.json(await one(await find(idParam(c)))))

  const edit = r.edit
  if (!edit) {
    // What visitors sent: nobody edits it. `Allow: GET` tells a client the resource exists.
    const refuse = (c: Context<AppEnv>) => {
      c.header("Allow", "GET, HEAD")
      return c.json({ message: requestMessages.methodNotAllowed }, 405)
    }
    app.post(r.apiPath, refuse)
    app.on(["PUT", "PATCH", "DELETE"], `${r.apiPath}/:id`, refuse)
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

  /** Validates, runs the database checks, then writes with `write`. */
  const save = async (body: unknown, id: number | null, write: (values: Record<string, unknown>) => Promise<unknown>) => {
    const result = validateWrapped(edit.wrapper, edit.inputFor(id), body)
    if (!result.ok) throw unprocessable(result.errors)
    const input = result.value as Record<string, unknown>
    const columns = edit.toColumns(input)
    const problems = await check(input, columns, id)
    if (problems) throw unprocessable(problems)
    try {
      return (await write({ ...columns, ...(await hooks.columns?.(input, id)) })) as Row
    } catch (err) {
      // A concurrent request took the unique value between the check and the write: answer what the
      // check answers now (e.g. 'Город с таким адресом уже существует'), not a 500.
      const again = isUniqueViolation(err) ? await check(input, columns, id) : null
      if (again) throw unprocessable(again)
      throw err
    }
  }

  app.post(r.apiPath, async (c) => {
    const at = now()
    const row = await save(await readJson(c), null, (values) =>
      k
        .insertInto(r.table)
        .values({ ...values, created_at: at, updated_at: at } as never)
        .returningAll()
        .executeTakeFirstOrThrow(),
    )
    return c.json(await one(row), 201)
  })

  const update = (merge: boolean) => async (c: Context<AppEnv>) => {
    const id = idParam(c)
    const existing = await find(id)
    const body = await readJson(c)
    const sent = body[edit.wrapper]
    const merged =
      merge && typeof sent === "object" && sent !== null && !Array.isArray(sent)
        ? { [edit.wrapper]: { ...edit.toInput(existing), ...(sent as object) } }
        : body
    const row = await save(merged, id, (values) =>
      k
        .updateTable(r.table)
        .set({ ...values, updated_at: now() } as never)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    )
    return c.json(await one(row))
  }
  app.put(`${r.apiPath}/:id`, update(false))
  app.patch(`${r.apiPath}/:id`, update(true))

  app.delete(`${r.apiPath}/:id`, async (c) => {
    const id = idParam(c)
    await find(id)
    const problems = await hooks.beforeDelete?.(deps.db, id, c)
    if (problems) throw new HttpError(422, { errors: problems })
    await k.deleteFrom(r.table).where("id", "=", id).execute()
    return c.body(null, 204)
  })
}
