import { sql } from "kysely"
import { type Db, now } from "../index.ts"
import { repositoryMessages } from "../../../schemas/messages/repository.ts"

/** Its own marker: databases seeded before the page get its footer link and settings on their next start. */
export const CA_REPOSITORY = "ca_repository_at"
export const CA_REPOSITORY_PATH = "/uc_repository"

/**
 * The CA's repository page (/uc_repository, docs/register.md «Репозиторий УЦ»): its link in the
 * footer's menu beside 'Реестр сертификатов' and its page settings (title, description). Once per
 * database, production too (the page is the CA's legal publication, not demo content); a link or a
 * setting of that address staff made already is left alone, and one staff delete stays deleted.
 */
export async function seedCaRepository(db: Db, lock: number): Promise<void> {
  const k = db.kysely
  if (await k.selectFrom("app_meta").select("value").where("key", "=", CA_REPOSITORY).executeTakeFirst()) return
  await k.transaction().execute(async (trx) => {
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${lock})`.execute(trx)
    if (await trx.selectFrom("app_meta").select("value").where("key", "=", CA_REPOSITORY).executeTakeFirst()) return
    const at = now()
    let changed = false
    const linked = await trx.selectFrom("menu_items").select("id").where("url", "=", CA_REPOSITORY_PATH).executeTakeFirst()
    if (!linked) {
      // Right after the register's footer item when there is one, else at the footer's end.
      const reestr = await trx.selectFrom("menu_items").select(["position", "parent_id"]).where("url", "=", "/reestr").where("display_at_bottom", "=", 1).orderBy("id").executeTakeFirst()
      const last = await trx.selectFrom("menu_items").select((eb) => eb.fn.max("position").as("max")).where("parent_id", "is", null).executeTakeFirst()
      await trx
        .insertInto("menu_items")
        .values({
          name: repositoryMessages.menu,
          url: CA_REPOSITORY_PATH,
          position: reestr ? Number(reestr.position) + 5 : Number(last?.max ?? 0) + 10,
          display_at_top: 0,
          display_at_bottom: 1,
          parent_id: reestr?.parent_id ?? null,
          created_at: at,
          updated_at: at,
        })
        .execute()
      changed = true
    }
    const set = await trx.selectFrom("page_settings").select("id").where("url", "=", CA_REPOSITORY_PATH).executeTakeFirst()
    if (!set) {
      await trx
        .insertInto("page_settings")
        .values({ url: CA_REPOSITORY_PATH, meta_title: repositoryMessages.metaTitle, meta_description: repositoryMessages.metaDescription, meta_keywords: repositoryMessages.metaKeywords, created_at: at, updated_at: at })
        .execute()
      changed = true
    }
    if (changed) await sql`update cache_generation set value = value + 1 where id = 1`.execute(trx)
    await trx.insertInto("app_meta").values({ key: CA_REPOSITORY, value: at }).execute()
  })
}
