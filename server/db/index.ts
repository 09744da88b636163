import SqliteDatabase from "better-sqlite3"
import { Kysely, PostgresDialect, SqliteDialect } from "kysely"
import { join } from "node:path"
import pg from "pg"
import type { Config } from "../config.ts"
import type { Log } from "../lib/log.ts"
import type { Database } from "./schema.ts"

export type Dialect = "sqlite" | "postgres"
export interface Db {
  readonly kysely: Kysely<Database>
  readonly dialect: Dialect
}

/** Opens the database: PostgreSQL when DATABASE_URL is a postgres URL, else SQLite (WAL) in DATA_DIR. */
export function openDb(config: Pick<Config, "databaseUrl" | "dataDir">, log?: Log): Db {
  const url = config.databaseUrl
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    // A connection the database ends (restart, failover, a dropped database) must not crash the process.
    // Idle in the pool: the pool's 'error', and the pool drops that client. Checked out (a query or a
    // transaction under way): the client itself emits 'error', which with no listener is an uncaught
    // exception, so every client gets one; its query fails (a 500 logged with the request's id) and the
    // pool drops it on release (pg-pool: not queryable). After the database is back every query gets a
    // fresh connection (tests/soak/pg-restart.test.ts).
    pool.on("error", (err) =>
      log ? log.warn({ err }, "PostgreSQL: idle connection lost") : console.error(`PostgreSQL: idle connection lost (${err.message})`),
    )
    pool.on("connect", (client) => client.on("error", (err) => log?.warn({ err }, "PostgreSQL: connection lost")))
    return { kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: "postgres" }
  }
  const sqlite = new SqliteDatabase(join(config.dataDir, "uc.sqlite3"))
  sqlite.pragma("journal_mode = WAL")
  sqlite.pragma("foreign_keys = ON")
  sqlite.pragma("busy_timeout = 5000")
  // SQLite's own lower() folds ASCII only; CRM search (`lower(name) like ...`) must fold Cyrillic as PostgreSQL does.
  sqlite.function("lower", { deterministic: true }, (s: unknown) => (typeof s === "string" ? s.toLowerCase() : s) as string | null)
  return { kysely: new Kysely<Database>({ dialect: new SqliteDialect({ database: withKeptStatements(sqlite) }) }), dialect: "sqlite" }
}

/** Prepared statements kept per connection; the app's queries are a few hundred distinct texts. */
const KEPT_STATEMENTS = 500

/**
 * The connection with its prepared statements kept by SQL text: Kysely prepares each query anew, and
 * compiling the SQL was a tenth of a signed-in page's server time (docs/production.md, "Server render").
 * SQLite recompiles a kept statement itself after a schema change; one still being read (an open
 * iterator) is not shared, a fresh one is prepared instead.
 */
function withKeptStatements(sqlite: SqliteDatabase.Database) {
  const kept = new Map<string, SqliteDatabase.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const hit = kept.get(sql)
      if (hit && !hit.busy) return hit
      const statement = sqlite.prepare(sql)
      if (!hit) {
        if (kept.size >= KEPT_STATEMENTS) kept.clear()
        kept.set(sql, statement)
      }
      return statement
    },
  }
}

export const now = () => new Date().toISOString()
