import type { Kysely } from "kysely"
import {
  isOptionKind,
  isPlatformGroup,
  mergeOptions,
  type OptionGroup,
  type OptionKind,
  type PlatformGroup,
  type PlatformRecord,
  platformGroupLabels,
  TARIFF_APPLICANT_KINDS,
  type TariffApplicantKind,
  type TariffOptionRecord,
  type TariffRecord,
} from "../../schemas/entities/catalogue.ts"
import type { Database } from "../db/schema.ts"

/**
 * The catalogue as the public API and the server-rendered pages read it (docs/catalogue.md): only
 * published tariffs, their published options and the published extras, published platforms.
 */

type K = Kysely<Database>

const kindsOf = (json: string): TariffApplicantKind[] => {
  try {
    const list = JSON.parse(json) as unknown
    return Array.isArray(list) ? list.filter((k): k is TariffApplicantKind => (TARIFF_APPLICANT_KINDS as readonly string[]).includes(k)) : []
  } catch {
    return []
  }
}

export interface OptionFilter {
  /** A tariff's own options and the extras that go with any tariff. */
  readonly tariffId?: number
  readonly kind?: OptionKind
  readonly applicantKind?: TariffApplicantKind
  readonly id?: number
}

/** Published options of published tariffs (and published extras), by position, each with its groups; `extra_period` marked per name. */
export async function readOptions(k: K, filter: OptionFilter = {}): Promise<TariffOptionRecord[]> {
  let q = k
    .selectFrom("tariff_options as o")
    .leftJoin("tariffs as t", "t.id", "o.tariff_id")
    .select(["o.id", "o.name", "o.kind", "o.tariff_id", "o.period", "o.price", "o.tooltip", "o.often_buy", "o.position", "t.applicant_kinds"])
    .where("o.published", "=", 1)
    .where((eb) => eb.or([eb("o.tariff_id", "is", null), eb("t.published", "=", 1)]))
  if (filter.id !== undefined) q = q.where("o.id", "=", filter.id)
  if (filter.tariffId !== undefined) q = q.where((eb) => eb.or([eb("o.tariff_id", "is", null), eb("o.tariff_id", "=", filter.tariffId!)]))
  if (filter.kind !== undefined) q = q.where("o.kind", "=", filter.kind)
  const rows = (await q.orderBy("o.position").orderBy("o.id").execute()).filter(
    (r) => filter.applicantKind === undefined || r.applicant_kinds === null || kindsOf(r.applicant_kinds).includes(filter.applicantKind),
  )
  const ids = rows.map((r) => r.id)
  const groups = new Map<number, OptionGroup[]>()
  for (let i = 0; i < ids.length; i += 500) {
    const links = await k
      .selectFrom("tariff_option_groups as l")
      .innerJoin("option_groups as g", "g.id", "l.group_id")
      .select(["l.option_id", "g.slug", "g.name", "g.description", "g.position"])
      .where("l.option_id", "in", ids.slice(i, i + 500))
      .orderBy("g.position")
      .orderBy("g.slug")
      .execute()
    for (const l of links) {
      const list = groups.get(l.option_id) ?? []
      list.push({ slug: l.slug, name: l.name, description: l.description, position: l.position })
      groups.set(l.option_id, list)
    }
  }
  const records: TariffOptionRecord[] = rows.map((r) => ({
    id: String(r.id),
    type: "tariff_option",
    attributes: {
      name: r.name,
      kind: isOptionKind(r.kind) ? r.kind : "setup",
      tariff_id: r.tariff_id === null ? null : String(r.tariff_id),
      period: r.period,
      price: r.price,
      tooltip: r.tooltip,
      position: r.position,
      often_buy: r.often_buy === 1,
      extra_period: false,
      groups: groups.get(r.id) ?? [],
    },
  }))
  // Marked per name among the answer's options, in their own order (by position).
  const marked = new Map(mergeOptions(records).map((o) => [o.id, o.attributes.extra_period]))
  return records.map((o) => ({ ...o, attributes: { ...o.attributes, extra_period: marked.get(o.id) ?? false } }))
}

/** Published tariffs by position, each with the lowest price of its certificates. */
export async function readTariffs(k: K, filter: { readonly id?: number; readonly ids?: readonly number[]; readonly applicantKind?: TariffApplicantKind } = {}): Promise<TariffRecord[]> {
  let q = k.selectFrom("tariffs").selectAll().where("published", "=", 1)
  if (filter.id !== undefined) q = q.where("id", "=", filter.id)
  if (filter.ids !== undefined) {
    if (filter.ids.length === 0) return []
    q = q.where("id", "in", [...filter.ids])
  }
  const rows = (await q.orderBy("position").orderBy("id").execute()).filter((r) => filter.applicantKind === undefined || kindsOf(r.applicant_kinds).includes(filter.applicantKind))
  if (rows.length === 0) return []
  const prices = await k
    .selectFrom("tariff_options")
    .select((eb) => ["tariff_id", eb.fn.min<number>("price").as("price")])
    .where("published", "=", 1)
    .where("kind", "=", "certificate")
    .where("tariff_id", "in", rows.map((r) => r.id))
    .groupBy("tariff_id")
    .execute()
  const from = new Map(prices.map((p) => [Number(p.tariff_id), Number(p.price)]))
  return rows.map((r) => ({
    id: String(r.id),
    type: "tariff",
    attributes: {
      name: r.name,
      purpose: r.purpose,
      description: r.description,
      applicant_kinds: kindsOf(r.applicant_kinds),
      qualified: r.qualified === 1,
      position: r.position,
      price_from: from.get(r.id) ?? null,
    },
  }))
}

/** Published platforms by position (of a group, of some ids). */
export async function readPlatforms(k: K, filter: { readonly id?: number; readonly ids?: readonly number[]; readonly group?: PlatformGroup } = {}): Promise<PlatformRecord[]> {
  let q = k.selectFrom("platforms").selectAll().where("published", "=", 1)
  if (filter.id !== undefined) q = q.where("id", "=", filter.id)
  if (filter.group !== undefined) q = q.where("group", "=", filter.group)
  if (filter.ids !== undefined) {
    if (filter.ids.length === 0) return []
    q = q.where("id", "in", [...filter.ids])
  }
  const rows = await q.orderBy("position").orderBy("id").execute()
  return rows.map((r) => {
    const group: PlatformGroup = isPlatformGroup(r.group) ? r.group : "commercial"
    return {
      id: String(r.id),
      type: "platform",
      attributes: { name: r.name, group, group_name: platformGroupLabels[group], url: r.url, description: r.description, position: r.position },
    }
  })
}

/** The tariff's page: the tariff, its certificate options (periods, longest first), the extras, its platforms; null when unknown or unpublished. */
export async function readTariffDetail(k: K, id: number) {
  const [tariff] = await readTariffs(k, { id })
  if (!tariff) return null
  const options = await readOptions(k, { tariffId: id })
  const periods = mergeOptions(options.filter((o) => o.attributes.tariff_id === tariff.id))
  const extras = options.filter((o) => o.attributes.tariff_id === null)
  const links = await k.selectFrom("platform_tariffs").select("platform_id").where("tariff_id", "=", id).execute()
  const platforms = await readPlatforms(k, { ids: links.map((l) => l.platform_id) })
  return { ...tariff, relationships: { periods, extras, platforms } }
}

/** The platform's page: the platform and the published tariffs that work there; null when unknown or unpublished. */
export async function readPlatformDetail(k: K, id: number) {
  const [platform] = await readPlatforms(k, { id })
  if (!platform) return null
  const links = await k.selectFrom("platform_tariffs").select("tariff_id").where("platform_id", "=", id).execute()
  return { ...platform, relationships: { tariffs: await readTariffs(k, { ids: links.map((l) => l.tariff_id) }) } }
}
