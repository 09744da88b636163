import type { Kysely } from "kysely"
import { sql } from "kysely"
import { REQUISITE_KEYS } from "../../../schemas/requisites.ts"
import type { Dialect } from "../index.ts"

/**
 * The operator's requisites (docs/crm-resources.md, «Реквизиты»): one row, created empty here and
 * edited in the CRM (a singleton, as robots.txt). The seed fills it once: demo values outside
 * production, OPERATOR_* / CA_BANK_* when they are set (docs/deployment.md). Until it is complete no
 * invoice or application is made.
 */
export function requisites(dialect: Dialect) {
  const idColumn = dialect === "postgres" ? sql`serial primary key` : sql`integer primary key autoincrement`
  return {
    async up(db: Kysely<unknown>) {
      let table = db.schema.createTable("requisites").addColumn("id", idColumn)
      for (const key of REQUISITE_KEYS) table = table.addColumn(key, "varchar(500)", (c) => c.notNull().defaultTo(""))
      await table.addColumn("created_at", "varchar(32)", (c) => c.notNull()).addColumn("updated_at", "varchar(32)", (c) => c.notNull()).execute()
      const at = new Date().toISOString()
      await sql`insert into requisites (created_at, updated_at) values (${at}, ${at})`.execute(db)
    },
  }
}
