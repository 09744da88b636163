import { sql } from "kysely"
import { emptyRequisites, REQUISITE_KEYS, type Requisites } from "../../../schemas/requisites.ts"
import type { Config } from "../../config.ts"
import { type Db, now } from "../index.ts"

/** Its own marker: the record is filled once; what staff change later stays. */
export const REQUISITES_SEEDED = "requisites_at"

/**
 * The embedded default's operator: complete and plausible (valid ИНН, ОГРН and account check digits),
 * so that the demo's invoice, act and application look as they will in production. Never used with
 * NODE_ENV=production, where the record starts empty or from OPERATOR_* / CA_BANK_*.
 */
export const DEMO_REQUISITES: Requisites = {
  name: "ООО «Удостоверяющий центр»",
  inn: "7709451870",
  kpp: "770901001",
  ogrn: "1157746318290",
  legal_address: "109240, г. Москва, ул. Николоямская, д. 13, стр. 2, помещ. 4",
  postal_address: "",
  phone: "+7 (495) 120-35-35",
  email: "info@uc-center.ru",
  bank_name: "АО «Банк «Столичный кредит», г. Москва",
  bik: "044525741",
  correspondent_account: "30101810145250000741",
  account: "40702810438000045817",
  head_position: "Генеральный директор",
  head_name: "Соколов Андрей Викторович",
  accountant_name: "Белова Марина Юрьевна",
}

const isBlank = (row: Partial<Record<string, unknown>>) => REQUISITE_KEYS.every((k) => !String(row[k] ?? "").trim())

/**
 * Fills the requisites record once, while it is blank: outside production the demo operator with the
 * environment's OPERATOR_* / CA_BANK_* over it; in production only what the environment sets
 * (nothing: the record stays empty and no invoice is made until staff fill it).
 */
export async function seedRequisites(db: Db, config: Pick<Config, "production" | "requisitesSeed">, lock: number): Promise<void> {
  const k = db.kysely
  if (await k.selectFrom("app_meta").select("value").where("key", "=", REQUISITES_SEEDED).executeTakeFirst()) return
  await k.transaction().execute(async (trx) => {
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${lock})`.execute(trx)
    if (await trx.selectFrom("app_meta").select("value").where("key", "=", REQUISITES_SEEDED).executeTakeFirst()) return
    const at = now()
    const values = { ...(config.production ? {} : DEMO_REQUISITES), ...config.requisitesSeed }
    const row = await trx.selectFrom("requisites").selectAll().orderBy("id", "asc").executeTakeFirst()
    if (!row) await trx.insertInto("requisites").values({ ...emptyRequisites(), ...values, created_at: at, updated_at: at }).execute()
    else if (isBlank(row) && Object.keys(values).length > 0) await trx.updateTable("requisites").set({ ...values, updated_at: at }).where("id", "=", row.id).execute()
    await trx.insertInto("app_meta").values({ key: REQUISITES_SEEDED, value: at }).execute()
  })
}
