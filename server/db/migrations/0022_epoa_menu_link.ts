import { type Kysely, sql } from "kysely"

/**
 * The seed's menu item 'Машиночитаемая доверенность' pointed at /services_ib ('Услуги информационной
 * безопасности'); the seed now points it at the МЧД pages (/epoa). The seed runs once per database, so
 * databases seeded before get the fix here: only the item as the seed wrote it, not one the CRM has
 * since pointed elsewhere. (A fresh database has no menu yet; its seed writes /epoa.) The public
 * cache's generation moves on, so no server keeps serving the old menu.
 */
export function epoaMenuLink() {
  return {
    async up(db: Kysely<unknown>) {
      const fixed = await sql`update menu_items set url = '/epoa', updated_at = ${new Date().toISOString()} where name = 'Машиночитаемая доверенность' and url = '/services_ib'`.execute(db)
      if (Number(fixed.numAffectedRows ?? 0) > 0) await sql`update cache_generation set value = value + 1 where id = 1`.execute(db)
    },
  }
}
