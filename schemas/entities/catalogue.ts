/**
 * The catalogue (docs/catalogue.md): what a tariff option, a platform, an office and a
 * partner are on the wire, their kinds with Russian labels, and the grouping of options that SPEC.md
 * section 3 describes. Plain types and pure functions only (no Effect Schema): the content pages'
 * first load reads them.
 */

/** What a tariff option sells. */
export const OPTION_KINDS = ["certificate", "token", "license", "registration", "setup"] as const
export type OptionKind = (typeof OPTION_KINDS)[number]
export const optionKindLabels: Readonly<Record<OptionKind, string>> = {
  certificate: "Сертификат электронной подписи",
  token: "Защищённый носитель",
  license: "Лицензия СКЗИ",
  registration: "Регистрация на площадке",
  setup: "Настройка рабочего места",
}
export const isOptionKind = (s: unknown): s is OptionKind => typeof s === "string" && (OPTION_KINDS as readonly string[]).includes(s)

/** The `?group=` of /platforms. */
export const PLATFORM_GROUPS = ["gov", "corporate", "commercial", "property"] as const
export type PlatformGroup = (typeof PLATFORM_GROUPS)[number]
export const platformGroupLabels: Readonly<Record<PlatformGroup, string>> = {
  gov: "Госзакупки (44-ФЗ)",
  corporate: "Закупки по 223-ФЗ",
  commercial: "Коммерческие торги",
  property: "Имущественные торги и банкротство",
}
export const isPlatformGroup = (s: unknown): s is PlatformGroup => typeof s === "string" && (PLATFORM_GROUPS as readonly string[]).includes(s)

export const PARTNER_KINDS = ["bank", "platform", "agent"] as const
export type PartnerKind = (typeof PARTNER_KINDS)[number]
export const partnerKindLabels: Readonly<Record<PartnerKind, string>> = {
  bank: "Банк",
  platform: "Электронная площадка",
  agent: "Агент",
}

/** Applicant kinds a tariff is sold to (the order's applicant kinds). */
export const TARIFF_APPLICANT_KINDS = ["legal_entity", "entrepreneur", "individual_person"] as const
export type TariffApplicantKind = (typeof TARIFF_APPLICANT_KINDS)[number]
export const tariffApplicantKindLabels: Readonly<Record<TariffApplicantKind, string>> = {
  legal_entity: "Юридическое лицо",
  entrepreneur: "Индивидуальный предприниматель",
  individual_person: "Физическое лицо",
}

// ---- answers of the public API (JSON:API-like `{ data, meta }`) ----

export interface OptionGroup {
  readonly slug: string
  readonly name: string
  readonly description: string | null
  readonly position: number
}

export interface TariffOptionAttributes {
  readonly name: string
  readonly kind: OptionKind
  /** The tariff of a 'certificate' option; null for an extra, which goes with any tariff. */
  readonly tariff_id: string | null
  /** Months of validity, or null (a token). */
  readonly period: number | null
  /** Whole rubles. */
  readonly price: number
  readonly tooltip: string | null
  readonly position: number
  readonly often_buy: boolean
  /** The longest period of options of one name when there are several (SPEC.md section 3). */
  readonly extra_period: boolean
  readonly groups: readonly OptionGroup[]
}

export interface TariffOptionRecord {
  readonly id: string
  readonly type: "tariff_option"
  readonly attributes: TariffOptionAttributes
}

/** One group of the grouped call: the group and its options, merged and ordered. */
export interface GroupedOptions extends OptionGroup {
  readonly options: readonly TariffOptionRecord[]
}

export interface TariffAttributes {
  readonly name: string
  readonly purpose: string
  /** Sanitized HTML. */
  readonly description: string
  readonly applicant_kinds: readonly TariffApplicantKind[]
  readonly qualified: boolean
  readonly position: number
  /** The lowest price of its certificate options (rubles), null when it has none yet. */
  readonly price_from: number | null
}

export interface PlatformAttributes {
  readonly name: string
  readonly group: PlatformGroup
  readonly group_name: string
  readonly url: string
  readonly description: string
  readonly position: number
}

export interface TariffRecord {
  readonly id: string
  readonly type: "tariff"
  readonly attributes: TariffAttributes
}

/** `/api/v1/uc/tariffs/{id}/`: the tariff with its periods, extras and platforms. */
export interface TariffDetail extends TariffRecord {
  readonly relationships: {
    readonly periods: readonly TariffOptionRecord[]
    readonly extras: readonly TariffOptionRecord[]
    readonly platforms: readonly PlatformRecord[]
  }
}

export interface PlatformRecord {
  readonly id: string
  readonly type: "platform"
  readonly attributes: PlatformAttributes
}

export interface PlatformDetail extends PlatformRecord {
  readonly relationships: { readonly tariffs: readonly TariffRecord[] }
}

export interface OfficeRecord {
  readonly id: string
  readonly type: "branch"
  readonly attributes: {
    readonly name: string
    readonly city: string
    readonly city_slug: string
    readonly address: string
    readonly hours: string
    readonly phone: string
    readonly email: string | null
    readonly metro: string | null
  }
}

export interface PartnerRecord {
  readonly id: string
  readonly type: "partner"
  readonly attributes: {
    readonly code: string
    readonly name: string
    readonly kind: PartnerKind
    readonly kind_name: string
    readonly description: string
    readonly url: string | null
    readonly logo: { readonly name: string; readonly url: string } | null
  }
}

/** A delivery city as a dropdown option item (SPEC.md section 3): value, label, attributes cost and days. */
export interface DeliveryCityOption {
  readonly value: string
  readonly label: string
  readonly attributes: { readonly cost: number; readonly days: number; readonly region: string }
}

// ---- grouping (SPEC.md section 3) ----

export const POPULAR_GROUP: OptionGroup = { slug: "popular_purchases", name: "Чаще всего покупают", description: null, position: Number.MIN_SAFE_INTEGER }

const byPosition = (a: { position: number; id?: string }, b: { position: number; id?: string }) =>
  a.position - b.position || Number(a.id ?? 0) - Number(b.id ?? 0)

/**
 * Options of one name merged (SPEC.md section 3): they stand together where the first of them stands
 * (by position), the highest period first; when a name has more than one period, that highest one is
 * marked `extra_period` (the longer period offered beside the usual one, e.g. 15 months beside 12).
 * Every other option keeps `extra_period: false`. The order of the input does not matter.
 */
export function mergeOptions(options: readonly TariffOptionRecord[]): TariffOptionRecord[] {
  const clusters = new Map<string, TariffOptionRecord[]>()
  for (const o of [...options].sort((a, b) => byPosition({ position: a.attributes.position, id: a.id }, { position: b.attributes.position, id: b.id }))) {
    const list = clusters.get(o.attributes.name)
    if (list) list.push(o)
    else clusters.set(o.attributes.name, [o])
  }
  const out: TariffOptionRecord[] = []
  for (const list of clusters.values()) {
    const sorted = [...list].sort((a, b) => (b.attributes.period ?? 0) - (a.attributes.period ?? 0) || a.attributes.position - b.attributes.position || Number(a.id) - Number(b.id))
    sorted.forEach((o, i) => out.push({ ...o, attributes: { ...o.attributes, extra_period: i === 0 && sorted.length > 1 } }))
  }
  return out
}

/**
 * The grouped call's answer: the synthetic first group `popular_purchases` ('Чаще всего покупают')
 * with the `often_buy` options (left out when there are none), then every group an option belongs to,
 * sorted by position (then slug); in each, its options merged by `mergeOptions`. An option in no group
 * appears only among the popular ones.
 */
export function groupOptions(options: readonly TariffOptionRecord[]): GroupedOptions[] {
  const groups = new Map<string, { group: OptionGroup; options: TariffOptionRecord[] }>()
  for (const o of options) {
    for (const g of o.attributes.groups) {
      const entry = groups.get(g.slug)
      if (entry) entry.options.push(o)
      else groups.set(g.slug, { group: g, options: [o] })
    }
  }
  const sorted = [...groups.values()].sort((a, b) => a.group.position - b.group.position || (a.group.slug < b.group.slug ? -1 : a.group.slug > b.group.slug ? 1 : 0))
  const popular = options.filter((o) => o.attributes.often_buy)
  const out: GroupedOptions[] = popular.length > 0 ? [{ ...POPULAR_GROUP, options: mergeOptions(popular) }] : []
  for (const { group, options: list } of sorted) out.push({ ...group, options: mergeOptions(list) })
  return out
}

/** The order wizard's address for a tariff, a period and extras (THE contract with /orders/new). */
export function orderHref(tariffId: string, period: number | null, optionIds: readonly string[]): string {
  const q = new URLSearchParams({ tariff: tariffId })
  if (period !== null) q.set("period", String(period))
  if (optionIds.length > 0) q.set("options", optionIds.join(","))
  return `/orders/new?${q.toString().replace(/%2C/g, ",")}`
}
