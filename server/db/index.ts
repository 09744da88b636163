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
    // An idle connection the database ends (restart, failover, a dropped database) must not crash
    // the process: the pool drops that client and opens a new one for the next query. A client that
    // fails during a query is dropped by the pool on release (pg-pool: not queryable), so after the
    // database is back every query gets a working connection (tests/soak/pg-restart.test.ts).
    pool.on("error", (err) =>
      log ? log.warn({ err }, "PostgreSQL: idle connection lost") : console.error(`PostgreSQL: idle connection lost (${err.message})`),
    )
    return { kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: "postgres" }
  }
  const sqlite = new SqliteDatabase(join(config.dataDir, "uc.sqlite3"))
  sqlite.pragma("journal_mode = WAL")
  sqlite.pragma("foreign_keys = ON")
  sqlite.pragma("busy_timeout = 5000")
  // SQLite's own lower() folds ASCII only; CRM search (`lower(name) like ...`) must fold Cyrillic as PostgreSQL does.
  sqlite.function("lower", { deterministic: true }, (s: unknown) => (typeof s === "string" ? s.toLowerCase() : s) as string | null)
  return { kysely: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: "sqlite" }
}

export const now = () => new Date().toISOString()
