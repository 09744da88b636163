import type { Context, Hono } from "hono"
import { type Kysely, sql } from "kysely"
import type { Schema } from "effect"
import { messages } from "../../schemas/messages.ts"
import { validateWrapped, type FieldErrors } from "../../schemas/validate.ts"
import { now } from "../db/index.ts"
import type { AppEnv, Deps } from "./env.ts"
import { HttpError, idParam, notFound, readJson, unprocessable } from "./http.ts"
import { readPaging, totalPages } from "./paging.ts"

type Row = { id: number } & Record<string, unknown>

/** PostgreSQL 23505 or SQLite's SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY. */
const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY"
}

/** The reading half of a CRM resource: list (`?page&per&q`) and read; alone it is a read-only resource. */
export interface CrudReadDeclaration {
  /** Mount path below the app, e.g. `/api/v2/crm/menu_items`. */
  readonly path: string
  readonly table: string
  /** Columns searched by `?q=`. */
  readonly search: readonly string[]
  readonly order: ReadonlyArray<readonly [string, "asc" | "desc"]>
  readonly serialize: (db: Deps["db"], rows: Row[]) => Promise<unknown[]>
}

/**
 * A CRM resource on the server, declared once: list (`?page&per&q`), read, create, update (PUT and
 * PATCH), delete. Validation uses the same Effect schema the browser form uses.
 */
export interface CrudDeclaration<S extends Schema.Top & { readonly DecodingServices: never }> extends CrudReadDeclaration {
  /** Body wrapper of create and update, e.g. `menu_item`. */
  readonly wrapper: string
  readonly input: S
  /** The input as it stands for a stored row: PATCH merges the body onto it before validating. */
  readonly toInput: (row: Row) => Record<string, unknown>
  /** Column values of a valid input; may be async (e.g. hashing a password). `id` is null on create. */
  readonly toValues: (input: S["Type"], id: number | null) => Record<string, unknown> | Promise<Record<string, unknown>>
  /** Checks that need the database (uniqueness, references); answers field errors or null. */
  readonly check?: (db: Deps["db"], input: S["Type"], id: number | null) => Promise<FieldErrors | null>
  /** Checks before a delete; `c` tells who is asking (e.g. an administrator cannot delete themselves). */
  readonly beforeDelete?: (db: Deps["db"], id: number, c: Context<AppEnv>) => Promise<FieldErrors | null>
}

const tablesOf = (deps: Deps) => deps.db.kysely as unknown as Kysely<Record<string, Row>>
const finder = (deps: Deps, table: string) => async (id: number) => {
  const row = await tablesOf(deps).selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst()
  if (!row) throw notFound()
  return row as Row
}

/** List and read of a resource; mountCrud adds the writes, a read-only resource (visitors' requests) mounts only this. */
export function mountCrudRead(app: Hono<AppEnv>, deps: Deps, d: CrudReadDeclaration): void {
  const k = tablesOf(deps)
  const find = finder(deps, d.table)
  const one = async (row: Row) => ({ data: (await d.serialize(deps.db, [row]))[0] })

  app.get(d.path, async (c) => {
    const { page, per } = readPaging(c)
    const q = c.req.query("q")?.trim()
    let query = k.selectFrom(d.table)
    if (q) {
      // Case-insensitive in Russian too (lower() is Unicode-aware on both dialects, see db/index.ts);
      // % and _ typed by the admin are matched literally.
      const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
      query = query.where((eb) => eb.or(d.search.map((col) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`)))
    }
    const counted = await query.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow()
    const count = Number(counted.count)
    let rows = query.selectAll()
    for (const [col, dir] of d.order) rows = rows.orderBy(col, dir)
    const list = (await rows.limit(per).offset((page - 1) * per).execute()) as Row[]
    return c.json({ data: await d.serialize(deps.db, list), meta: { total_pages: totalPages(count, per), total_count: count } })
  })

  app.get(`${d.path}/:id`, async (c) => c.json(await one(await find(idParam(c)))))
}

/**
 * A resource the CRM only reads (what visitors sent: offers, feedbacks): list and read; every write
 * verb answers 405 with `Allow: GET`, so a client sees the resource exists and cannot be changed.
 */
export function mountReadOnly(app: Hono<AppEnv>, deps: Deps, d: CrudReadDeclaration): void {
  mountCrudRead(app, deps, d)
  const refuse = (c: Context<AppEnv>) => {
    c.header("Allow", "GET, HEAD")
    return c.json({ message: messages.requests.methodNotAllowed }, 405)
  }
  app.post(d.path, refuse)
  app.on(["PUT", "PATCH", "DELETE"], `${d.path}/:id`, refuse)
}

export function mountCrud<S extends Schema.Top & { readonly DecodingServices: never }>(
  app: Hono<AppEnv>,
  deps: Deps,
  d: CrudDeclaration<S>,
): void {
  mountCrudRead(app, deps, d)
  const k = tablesOf(deps)
  const find = finder(deps, d.table)
  const one = async (row: Row) => ({ data: (await d.serialize(deps.db, [row]))[0] })
  /** Validates, runs the database checks, then writes with `write`. */
  const save = async (body: unknown, id: number | null, write: (values: Record<string, unknown>) => Promise<unknown>) => {
    const result = validateWrapped(d.wrapper, d.input, body)
    if (!result.ok) throw unprocessable(result.errors)
    const problems = await d.check?.(deps.db, result.value, id)
    if (problems) throw unprocessable(problems)
    try {
      return (await write(await d.toValues(result.value, id))) as Row
    } catch (err) {
      // A concurrent request took the unique value between the check and the write: answer what the
      // check answers now (e.g. 'Город с таким адресом уже существует'), not a 500.
      const again = isUniqueViolation(err) ? await d.check?.(deps.db, result.value, id) : null
      if (again) throw unprocessable(again)
      throw err
    }
  }

  app.post(d.path, async (c) => {
    const at = now()
    const row = await save(await readJson(c), null, (values) =>
      k
        .insertInto(d.table)
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
    const sent = body[d.wrapper]
    const merged =
      merge && typeof sent === "object" && sent !== null && !Array.isArray(sent)
        ? { [d.wrapper]: { ...d.toInput(existing), ...(sent as object) } }
        : body
    const row = await save(merged, id, (values) =>
      k
        .updateTable(d.table)
        .set({ ...values, updated_at: now() } as never)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    )
    return c.json(await one(row))
  }
  app.put(`${d.path}/:id`, update(false))
  app.patch(`${d.path}/:id`, update(true))

  app.delete(`${d.path}/:id`, async (c) => {
    const id = idParam(c)
    await find(id)
    const problems = await d.beforeDelete?.(deps.db, id, c)
    if (problems) throw new HttpError(422, { errors: problems })
    await k.deleteFrom(d.table).where("id", "=", id).execute()
    return c.body(null, 204)
  })
}
