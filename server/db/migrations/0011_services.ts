import type { Kysely } from "kysely"

/**
 * The consultation requests (docs/account-services.md) record what every visitor's request records
 * (UTM values beside the address and browser of 0010), and the tariff's name as the customer saw it,
 * so the CRM's 'Обращения' list reads it without a join and keeps it when the tariff is renamed.
 */
export function services() {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ["utm_source", "utm_medium", "utm_campaign"]) {
        await db.schema.alterTable("consultations").addColumn(column, "varchar(200)").execute()
      }
      await db.schema.alterTable("consultations").addColumn("tariff_name", "varchar(255)").execute()
    },
  }
}
