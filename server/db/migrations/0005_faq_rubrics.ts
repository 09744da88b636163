import { type Kysely, sql } from "kysely"
import type { Dialect } from "../index.ts"

/** Rubrics of the FAQ (schemas/resources/faq-rubrics.ts): a name, a unique slug, a position. Dialect-neutral like 0001. */
export function faqRubrics(dialect: Dialect) {
  const idColumn = dialect === "postgres" ? sql`serial primary key` : sql`integer primary key autoincrement`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("faq_rubrics")
        .addColumn("id", idColumn)
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        .addColumn("slug", "varchar(100)", (c) => c.notNull().unique())
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
    },
  }
}
