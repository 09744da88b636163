import {
  type GroupedOptions,
  isPlatformGroup,
  type OfficeRecord,
  type PartnerRecord,
  type PlatformDetail,
  type PlatformGroup,
  type PlatformRecord,
  type TariffDetail,
  type TariffRecord,
} from "../../../schemas/entities/catalogue.ts"

/**
 * The catalogue pages' loaders (docs/catalogue.md): each reads the public catalogue API
 * through the route table's `get` (the browser's client or the server's in-process API) and answers
 * the page's data, or 404 for an unknown or unpublished record. No React here: the route table (and
 * so the server) imports this module, lazily.
 */

type ApiGet = <T>(path: string) => Promise<T>
type Ctx = { readonly params: Readonly<Record<string, string>>; readonly search: string; readonly get: ApiGet }
export type Loaded<D> = { readonly data: D; readonly status?: undefined } | { readonly status: number; readonly data?: undefined }

async function found<D>(load: () => Promise<D>): Promise<Loaded<D>> {
  try {
    return { data: await load() }
  } catch (err) {
    if ((err as { status?: unknown } | null)?.status === 404) return { status: 404 }
    throw err
  }
}

/** A path parameter that can be an id at all; anything else is the 404 page without asking the API. */
const idOf = (raw: string | undefined) => (raw && /^[1-9]\d{0,9}$/.test(raw) ? raw : null)
const notFound = <D>(): Loaded<D> => ({ status: 404 })

export interface PriceData {
  readonly tariffs: readonly TariffRecord[]
  readonly groups: readonly GroupedOptions[]
}

/** /price: every tariff and every option by group. */
export const loadPrice = ({ get }: Ctx) =>
  found(async (): Promise<PriceData> => {
    const [tariffs, groups] = await Promise.all([get<{ data: TariffRecord[] }>("/api/v1/uc/tariffs/"), get<{ data: GroupedOptions[] }>("/api/v1/uc/options/grouped/")])
    return { tariffs: tariffs.data, groups: groups.data }
  })

export interface TariffData {
  readonly tariff: TariffDetail
}

export const loadTariff = ({ params, get }: Ctx) => {
  const id = idOf(params.tariff_id)
  if (!id) return Promise.resolve(notFound<TariffData>())
  return found(async (): Promise<TariffData> => ({ tariff: (await get<{ data: TariffDetail }>(`/api/v1/uc/tariffs/${id}/`)).data }))
}

export interface PlatformsData {
  readonly platforms: readonly PlatformRecord[]
  readonly group: PlatformGroup | null
}

/** /platforms (`?group=`; an unknown group shows every platform). */
export const loadPlatforms = ({ search, get }: Ctx) =>
  found(async (): Promise<PlatformsData> => {
    const raw = new URLSearchParams(search).get("group")
    const group = isPlatformGroup(raw) ? raw : null
    const r = await get<{ data: PlatformRecord[] }>(`/api/v1/uc/platforms/${group ? `?group=${group}` : ""}`)
    return { platforms: r.data, group }
  })

export interface PlatformData {
  readonly platform: PlatformDetail
}

export const loadPlatform = ({ params, get }: Ctx) => {
  const id = idOf(params.platform_id)
  if (!id) return Promise.resolve(notFound<PlatformData>())
  return found(async (): Promise<PlatformData> => ({ platform: (await get<{ data: PlatformDetail }>(`/api/v1/uc/platforms/${id}/`)).data }))
}

export interface OfficeCity {
  readonly name: string
  readonly slug: string
}

export interface OfficeData {
  readonly offices: readonly OfficeRecord[]
  /** The cities that have offices. */
  readonly cities: readonly OfficeCity[]
}

/**
 * /office: every office of the default company (a few dozen) and the cities that have them, from the
 * one call (a link to /office prefetches it; the site's cities are the startup data's, never fetched
 * again); the page picks the city.
 */
export const loadOffices = ({ get }: Ctx) =>
  found(async (): Promise<OfficeData> => {
    const offices = (await get<{ data: OfficeRecord[] }>("/api/v2/companies/default/branches/")).data
    const cities = new Map(offices.map((o) => [o.attributes.city_slug, { name: o.attributes.city, slug: o.attributes.city_slug }]))
    return { offices, cities: [...cities.values()].sort((a, b) => a.name.localeCompare(b.name, "ru")) }
  })

export interface PartnersData {
  readonly partners: readonly PartnerRecord[]
}

export const loadPartners = ({ get }: Ctx) => found(async (): Promise<PartnersData> => ({ partners: (await get<{ data: PartnerRecord[] }>("/api/v1/uc/partners/")).data }))

export interface PartnerData {
  readonly partner: PartnerRecord
  /** The tariffs of the form's 'Тариф' select. */
  readonly tariffs: ReadonlyArray<{ readonly value: string; readonly label: string }>
}

/** /partners/{partner_id}/new. */
export const loadPartner = ({ params, get }: Ctx) => {
  const id = idOf(params.partner_id)
  if (!id) return Promise.resolve(notFound<PartnerData>())
  return found(async (): Promise<PartnerData> => {
    const [partner, tariffs] = await Promise.all([get<{ data: PartnerRecord }>(`/api/v1/uc/partners/${id}/`), get<{ data: TariffRecord[] }>("/api/v1/uc/tariffs/")])
    return { partner: partner.data, tariffs: tariffs.data.map((t) => ({ value: t.id, label: t.attributes.name })) }
  })
}

/** /{partner}_clients/docs: the partner by its code; an unknown partner is the 404 page. */
export const loadPartnerByCode = ({ params, get }: Ctx): Promise<Loaded<{ partner: PartnerRecord }>> =>
  found(async () => {
    const r = await get<{ data: PartnerRecord[] }>(`/api/v1/uc/partners/?code=${encodeURIComponent(params.partner ?? "")}`)
    const partner = r.data[0]
    if (!partner) throw Object.assign(new Error("partner"), { status: 404 })
    return { partner }
  })
