import { randomBytes } from "node:crypto"
import type { Context } from "hono"
import type { Kysely } from "kysely"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { UNDO_KEEP_MS } from "../../schemas/constants.ts"
import type { Dependant, ResourceDeclaration } from "../../schemas/resources/define.ts"
import { now } from "../db/index.ts"
import type { Database } from "../db/schema.ts"
import { recordAudit } from "./audit.ts"
import type { AppEnv, Deps } from "./env.ts"
import { unprocessable } from "./http.ts"

type Row = { id: number } & Record<string, unknown>
type AnyDb = Kysely<Record<string, Row>>
const anyDb = (db: Kysely<Database>) => db as unknown as AnyDb

/** What a delete keeps for its undo: the rows, and per declared dependant the rows it took or detached. */
interface Batch {
  readonly rows: Row[]
  readonly dependants: ReadonlyArray<Dependant & { readonly rows: Row[] }>
}

/** Rows of a `where id in (…)` at a time: well under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500
const chunks = <T>(list: readonly T[], size = CHUNK): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size))

/** PostgreSQL 23505 / 23503, SQLite's constraint errors: the undo cannot put a row back. */
const isConstraint = (err: unknown) => {
  const code = String((err as { code?: unknown } | null)?.code ?? "")
  return code === "23505" || code === "23503" || code.startsWith("SQLITE_CONSTRAINT")
}

/**
 * Deletes the rows `ids` of a resource in one transaction, with what the database deletes or detaches
 * with them (its declared `dependants`), after snapshotting all of it into `deleted_batches` under a
 * fresh token; each deleted row is logged. Answers the token and when it expires. The caller has
 * checked that every row exists and may be deleted (all or nothing).
 */
export async function deleteWithUndo(deps: Deps, c: Context<AppEnv>, r: ResourceDeclaration, rows: readonly Row[]): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(24).toString("base64url")
  const at = new Date()
  const expiresAt = new Date(at.getTime() + UNDO_KEEP_MS).toISOString()
  const ids = rows.map((row) => row.id)
  await deps.db.kysely.transaction().execute(async (trx) => {
    const k = anyDb(trx)
    // Parents before their own dependants, so the undo puts them back in that order.
    const dependants: Array<Dependant & { rows: Row[] }> = []
    const take = async (list: readonly Dependant[], of: readonly unknown[]) => {
      for (const { dependants: nested, ...d } of list) {
        const taken: Row[] = []
        for (const part of chunks(of)) taken.push(...((await k.selectFrom(d.table).selectAll().where(d.column, "in", part).execute()) as Row[]))
        dependants.push({ ...d, rows: taken })
        if (nested?.length && taken.length) await take(nested, taken.map((row) => row.id))
      }
    }
    await take(r.dependants, ids)
    // The rows as they are inside the transaction (a write between the caller's read and now is kept).
    const current: Row[] = []
    for (const part of chunks(ids)) current.push(...((await k.selectFrom(r.table).selectAll().where("id", "in", part).execute()) as Row[]))
    const batch: Batch = { rows: current, dependants }
    for (const part of chunks(ids)) await k.deleteFrom(r.table).where("id", "in", part).execute()
    // Expired batches of anyone go with the next delete: the table holds only what may still be undone.
    await trx.deleteFrom("deleted_batches").where("expires_at", "<", at.toISOString()).execute()
    await trx
      .insertInto("deleted_batches")
      .values({ token, admin_user_id: c.get("admin").id, resource: r.name, payload: JSON.stringify(batch), created_at: at.toISOString(), expires_at: expiresAt })
      .execute()
    await recordAudit(trx, c, current.map((row) => ({ resource: r.name, recordId: row.id, action: "delete" as const, before: row })))
  })
  return { token, expiresAt }
}

/**
 * Puts back what the delete of `token` took: the rows with their ids, the dependants it deleted, the
 * references it cleared — in one transaction, then forgets the batch and logs each row as restored.
 * Only the administrator who deleted may undo, for this resource, before the batch expires; a row
 * that can no longer come back (its unique value taken again) refuses the whole undo (422).
 */
export async function restoreBatch(deps: Deps, c: Context<AppEnv>, r: ResourceDeclaration, token: string): Promise<number> {
  const stored = await deps.db.kysely
    .selectFrom("deleted_batches")
    .selectAll()
    .where("token", "=", token)
    .where("resource", "=", r.name)
    .where("admin_user_id", "=", c.get("admin").id)
    .executeTakeFirst()
  if (!stored || stored.expires_at < now()) throw unprocessable({ base: [crmMessages.undoExpired] })
  const batch = JSON.parse(stored.payload) as Batch
  try {
    await deps.db.kysely.transaction().execute(async (trx) => {
      const k = anyDb(trx)
      // Claimed first: a second press of 'Отменить' finds nothing to restore.
      const claimed = await trx.deleteFrom("deleted_batches").where("id", "=", stored.id).executeTakeFirst()
      if (Number(claimed.numDeletedRows) !== 1) throw unprocessable({ base: [crmMessages.undoExpired] })
      for (const part of chunks(batch.rows, 100)) await k.insertInto(r.table).values(part as never).execute()
      for (const d of batch.dependants) {
        if (d.rows.length === 0) continue
        if (d.onDelete === "cascade") {
          for (const part of chunks(d.rows, 100)) await k.insertInto(d.table).values(part as never).execute()
        } else {
          // Detached rows still there get their reference back (one update per referenced record).
          const byTarget = new Map<unknown, number[]>()
          for (const row of d.rows) byTarget.set(row[d.column], [...(byTarget.get(row[d.column]) ?? []), row.id])
          for (const [target, ids] of byTarget) {
            for (const part of chunks(ids)) {
              await k
                .updateTable(d.table)
                .set({ [d.column]: target } as never)
                .where("id", "in", part)
                .where(d.column, "is", null)
                .execute()
            }
          }
        }
      }
      await recordAudit(trx, c, batch.rows.map((row) => ({ resource: r.name, recordId: row.id, action: "restore" as const, after: row })))
    })
  } catch (err) {
    if (isConstraint(err)) throw unprocessable({ base: [crmMessages.undoConflict] })
    throw err
  }
  return batch.rows.length
}
