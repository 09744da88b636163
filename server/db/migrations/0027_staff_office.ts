import type { Kysely } from "kysely"

/**
 * A staff member's office (docs/decisions.md, «Офис сотрудника»): where the operator identifies the
 * applicants in person, so the CRM's start page counts the orders awaiting identification there.
 * Optional: a staff member without one sees every office's queue. Removing an office clears it.
 */
export function staffOffice() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("admin_users")
        .addColumn("office_id", "integer", (c) => c.references("offices.id").onDelete("set null"))
        .execute()
    },
  }
}
