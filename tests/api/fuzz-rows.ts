import { sql } from "kysely"
import type { Db } from "../../server/db/index.ts"

/**
 * Tables whose rows a refused request may still add: the per-address and per-e-mail request counters
 * (server/lib/throttle.ts) count requests, valid or not, by design. Nothing else is excused
 * (docs/production.md, "Hostile input").
 */
export const COUNTING_TABLES: readonly string[] = ["rate_counters"]

/** Every table of the database, by name (SQLite's catalogue or PostgreSQL's information_schema). */
export async function tableNames(db: Db): Promise<string[]> {
  const rows =
    db.dialect === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db.kysely)
  return rows.rows.map((r) => r.name).sort()
}

/** The number of rows of every table but the counters: what a refused request must leave as it was. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const name of await tableNames(db)) {
    if (COUNTING_TABLES.includes(name)) continue
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(db.kysely)
    counts[name] = Number(rows[0]!.n)
  }
  return counts
}

/** The tables whose count changed between two snapshots, with both counts. */
export function changedTables(before: Record<string, number>, after: Record<string, number>): Record<string, [number, number]> {
  const changed: Record<string, [number, number]> = {}
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[name] !== after[name]) changed[name] = [before[name] ?? 0, after[name] ?? 0]
  }
  return changed
}
