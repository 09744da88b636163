import { sql } from "kysely"
import { sanitizeEditorHtml } from "../../lib/sanitize-html.ts"
import { type Db, now } from "../index.ts"
import { seedDeliveryCities, seedExtras, seedGroups, seedOffices, seedPartners, seedPlatforms, seedTariffs } from "./catalogue-data.ts"

/** Its own marker: data directories seeded before the catalogue existed get it on their next start. */
export const CATALOGUE = "catalogue_at"

/**
 * The catalogue's demo data (docs/catalogue.md): option groups, tariffs with their 12- and
 * 15-month certificates, the extras, platforms and which tariffs work there, offices of the default
 * company in the seeded cities, partners and delivery cities. Once per database under its marker,
 * inside the seeding lock; a table the CRM filled already is left alone.
 */
export async function seedCatalogue(db: Db, companyCode: string, lock: number): Promise<void> {
  const k = db.kysely
  if (await k.selectFrom("app_meta").select("value").where("key", "=", CATALOGUE).executeTakeFirst()) return
  await k.transaction().execute(async (trx) => {
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${lock})`.execute(trx)
    if (await trx.selectFrom("app_meta").select("value").where("key", "=", CATALOGUE).executeTakeFirst()) return
    const at = now()
    const stamp = { created_at: at, updated_at: at }
    const empty = async (table: "tariffs" | "offices" | "partners" | "delivery_cities" | "platforms" | "option_groups") =>
      !(await trx.selectFrom(table).select("id").limit(1).executeTakeFirst())

    if ((await empty("option_groups")) && (await empty("tariffs")) && (await empty("platforms"))) {
      const groupId = new Map<string, number>()
      for (const g of seedGroups) {
        const row = await trx.insertInto("option_groups").values({ ...g, ...stamp }).returning("id").executeTakeFirstOrThrow()
        groupId.set(g.slug, row.id)
      }
      const tariffId = new Map<string, number>()
      let position = 0
      for (const t of seedTariffs) {
        position += 10
        const row = await trx
          .insertInto("tariffs")
          .values({
            name: t.name,
            purpose: t.purpose,
            description: sanitizeEditorHtml(t.description),
            applicant_kinds: JSON.stringify(t.applicant_kinds),
            qualified: t.qualified ? 1 : 0,
            position,
            published: 1,
            ...stamp,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
        tariffId.set(t.key, row.id)
        const [p12, p15] = t.prices
        const name = `Сертификат «${t.name}»`
        const periods: Array<[number, number]> = p15 === null ? [[12, p12]] : [[12, p12], [15, p15]]
        for (const [period, price] of periods) {
          const option = await trx
            .insertInto("tariff_options")
            .values({
              name,
              kind: "certificate",
              tariff_id: row.id,
              period,
              price,
              tooltip: period === 15 ? "Сертификат на 15 месяцев: на три месяца дольше обычного" : "Сертификат действует 12 месяцев",
              often_buy: t.oftenBuy && period === 12 ? 1 : 0,
              position,
              published: 1,
              ...stamp,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
          await trx.insertInto("tariff_option_groups").values({ option_id: option.id, group_id: groupId.get("certificates")! }).execute()
        }
      }
      for (const [i, e] of seedExtras.entries()) {
        const option = await trx
          .insertInto("tariff_options")
          .values({ name: e.name, kind: e.kind, tariff_id: null, period: e.period, price: e.price, tooltip: e.tooltip, often_buy: e.oftenBuy ? 1 : 0, position: (i + 1) * 10, published: 1, ...stamp })
          .returning("id")
          .executeTakeFirstOrThrow()
        await trx.insertInto("tariff_option_groups").values({ option_id: option.id, group_id: groupId.get(e.group)! }).execute()
      }
      for (const [i, p] of seedPlatforms.entries()) {
        const row = await trx
          .insertInto("platforms")
          .values({ name: p.name, group: p.group, url: p.url, description: p.description, position: (i + 1) * 10, published: 1, ...stamp })
          .returning("id")
          .executeTakeFirstOrThrow()
        const tariffs = seedTariffs.filter((t) => t.platforms.includes(p.key))
        if (tariffs.length > 0) await trx.insertInto("platform_tariffs").values(tariffs.map((t) => ({ platform_id: row.id, tariff_id: tariffId.get(t.key)! }))).execute()
      }
    }

    if (await empty("offices")) {
      const cities = new Map((await trx.selectFrom("cities").select(["id", "slug"]).execute()).map((c) => [c.slug, c.id]))
      const rows = seedOffices.flatMap((o, i) => {
        const city_id = cities.get(o.city)
        return city_id === undefined ? [] : [{ company: companyCode, city_id, name: o.name, address: o.address, hours: o.hours, phone: o.phone, email: null, metro: o.metro, position: (i + 1) * 10, published: 1 as const, ...stamp }]
      })
      if (rows.length > 0) await trx.insertInto("offices").values(rows).execute()
    }
    if (await empty("partners")) {
      await trx
        .insertInto("partners")
        .values(seedPartners.map((p, i) => ({ ...p, logo: null, position: (i + 1) * 10, published: 1 as const, ...stamp })))
        .execute()
    }
    if (await empty("delivery_cities")) {
      await trx
        .insertInto("delivery_cities")
        .values(seedDeliveryCities.map(([name, region, cost, days]) => ({ name, region, cost, days })))
        .execute()
    }
    await trx.insertInto("app_meta").values({ key: CATALOGUE, value: at }).execute()
  })
}
