import type { Kysely } from "kysely"

/**
 * The CA's accreditation in the requisites record (schemas/accreditation.ts): its number, day and the
 * Минцифры order, optional and blank until staff fill them; the public repository page
 * (/uc_repository) shows them only when set.
 */
export function accreditation() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("requisites").addColumn("accreditation_number", "varchar(100)", (c) => c.notNull().defaultTo("")).execute()
      await db.schema.alterTable("requisites").addColumn("accreditation_date", "varchar(10)").execute()
      await db.schema.alterTable("requisites").addColumn("accreditation_order", "varchar(500)", (c) => c.notNull().defaultTo("")).execute()
    },
  }
}
