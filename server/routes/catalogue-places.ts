import type { Hono } from "hono"
import { sql } from "kysely"
import type { DeliveryCityOption, OfficeRecord } from "../../schemas/entities/catalogue.ts"
import { messages } from "../../schemas/messages/common.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { notFound, unprocessable } from "../lib/http.ts"
import { readRequisites } from "../services/requisites.ts"

/** The delivery city field asks from this many characters on; it answers at most this many cities. */
export const DELIVERY_QUERY_MIN = 3
export const DELIVERY_CITIES_MAX = 10
const QUERY_MAX = 100

const likeOf = (s: string) => s.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)

/**
 * Where the CA serves (docs/catalogue.md): the company (`/api/v2/companies/{company}/`) and
 * its offices (`/branches/`, optional `?city=` slug or name), and the courier's delivery cities
 * (`/api/v1/findelivery_cities/?query=`).
 */
export function cataloguePlaceRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  const { config } = deps

  /** `default` names the configured company (the site's pages need not know its code). */
  const codeOf = (raw: string) => (raw === "default" ? config.companyCode : raw)
  /** The default company (COMPANY_CODE) and any company that has offices; anything else is unknown. */
  const known = async (company: string) =>
    company === config.companyCode || (await k.selectFrom("offices").select("id").where("company", "=", company).limit(1).executeTakeFirst()) !== undefined

  // The spec's {company}, named `:id` as every record-like last segment of the API (the access matrix reads them so).
  app.get("/api/v2/companies/:id", async (c) => {
    const company = codeOf(c.req.param("id"))
    if (!(await known(company))) throw notFound()
    const requisites = await readRequisites(deps.db)
    const offices = await k.selectFrom("offices").select((eb) => eb.fn.countAll<number>().as("n")).where("company", "=", company).where("published", "=", 1).executeTakeFirstOrThrow()
    return c.json({
      data: {
        id: company,
        type: "company",
        attributes: {
          name: requisites.name,
          inn: requisites.inn,
          ogrn: requisites.ogrn,
          address: requisites.legal_address,
          phone: config.sitePhone,
          email: config.supportEmail,
          offices_count: Number(offices.n),
        },
      },
    })
  })

  app.get("/api/v2/companies/:company/branches", async (c) => {
    const company = codeOf(c.req.param("company"))
    if (!(await known(company))) throw notFound()
    const city = (c.req.query("city") ?? "").trim()
    if (city.length > QUERY_MAX) throw unprocessable({ city: [messages.validation.generic] })
    let q = k
      .selectFrom("offices as o")
      .innerJoin("cities as c", "c.id", "o.city_id")
      .select(["o.id", "o.name", "o.address", "o.hours", "o.phone", "o.email", "o.metro", "c.name as city", "c.slug as city_slug"])
      .where("o.company", "=", company)
      .where("o.published", "=", 1)
    if (city !== "") q = q.where((eb) => eb.or([eb("c.slug", "=", city.toLowerCase()), eb(sql`lower(${sql.ref("c.name")})`, "=", city.toLowerCase())]))
    const rows = await q.orderBy("c.name").orderBy("o.position").orderBy("o.id").execute()
    const data: OfficeRecord[] = rows.map((r) => ({
      id: String(r.id),
      type: "branch",
      attributes: { name: r.name, city: r.city, city_slug: r.city_slug, address: r.address, hours: r.hours, phone: r.phone, email: r.email, metro: r.metro },
    }))
    return c.json({ data, meta: { total_pages: 1, total_count: data.length } })
  })

  /** Cities whose name starts with the query first, then those containing it; by name; none below 3 characters. */
  app.get("/api/v1/findelivery_cities", async (c) => {
    const query = (c.req.query("query") ?? "").trim()
    if (query.length > QUERY_MAX) throw unprocessable({ query: [messages.validation.generic] })
    if ([...query].length < DELIVERY_QUERY_MIN) return c.json({ data: [] })
    const pattern = likeOf(query)
    const name = sql<string>`lower(${sql.ref("name")})`
    const rows = await k
      .selectFrom("delivery_cities")
      .select(["id", "name", "region", "cost", "days"])
      .where(sql<boolean>`${name} like ${`%${pattern}%`} escape '\\'`)
      .orderBy(sql`case when ${name} like ${`${pattern}%`} escape '\\' then 0 else 1 end`)
      .orderBy("name")
      .limit(DELIVERY_CITIES_MAX)
      .execute()
    const data: DeliveryCityOption[] = rows.map((r) => ({ value: r.name, label: r.name, attributes: { cost: r.cost, days: r.days, region: r.region } }))
    return c.json({ data })
  })
}
