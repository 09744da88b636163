import { sql } from "kysely"
import { addressSearchText, companySearchText } from "../../services/suggest.ts"
import { type Db, now } from "../index.ts"
import { seedAddresses } from "./suggest-addresses.ts"
import { type DemoCompany, seedCompanies } from "./suggest-companies.ts"

/** Marker in app_meta: the suggest tables are filled once per database. */
const SUGGEST_SEEDED = "suggest_seeded_at"
/** Any fixed number, distinct from the content seed's lock. */
const SUGGEST_LOCK = 7_246_002
/** Rows per insert statement (well below SQLite's and PostgreSQL's parameter limits). */
const BATCH = 100

/**
 * The embedded suggest's demo companies and addresses (server/services/suggest.ts answers from them
 * when DADATA_API_KEY is unset), inserted once, under an advisory lock on PostgreSQL so app servers
 * starting together insert them once.
 */
export async function seedSuggest(db: Db, demo: DemoCompany): Promise<void> {
  const k = db.kysely
  if (await k.selectFrom("app_meta").select("value").where("key", "=", SUGGEST_SEEDED).executeTakeFirst()) return
  await k.transaction().execute(async (trx) => {
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${SUGGEST_LOCK})`.execute(trx)
    if (await trx.selectFrom("app_meta").select("value").where("key", "=", SUGGEST_SEEDED).executeTakeFirst()) return
    const companies = seedCompanies(demo).map((c) => ({ ...c, search: companySearchText(c) }))
    const addresses = seedAddresses().map(({ regionCode: _, ...a }) => ({ ...a, search: addressSearchText(a.unrestricted_value) }))
    for (let i = 0; i < companies.length; i += BATCH) await trx.insertInto("suggest_companies").values(companies.slice(i, i + BATCH)).execute()
    for (let i = 0; i < addresses.length; i += BATCH) await trx.insertInto("suggest_addresses").values(addresses.slice(i, i + BATCH)).execute()
    await trx.insertInto("app_meta").values({ key: SUGGEST_SEEDED, value: now() }).execute()
  })
}
