import type { PageBannerResource, PageSettingResource } from "../../../schemas/entities/content.ts"

/**
 * A site page's extras, loaded with every site page's data: its path's page settings (the head's meta
 * tags) and banners. Apart from the content pages' loaders, which load with their pages: the route
 * table imports this module in the first load. No React here: the server imports it too.
 */

/** GET of the site's API (the route table's `get`). */
type ApiGet = <T>(path: string) => Promise<T>

/** What every site page gets besides its own data: the page settings and banners of its path. */
export interface SiteExtras {
  readonly settings: PageSettingResource["attributes"] | null
  readonly banners: readonly PageBannerResource[]
}

export const NO_EXTRAS: SiteExtras = { settings: null, banners: [] }

/** Where the route table keeps a site page's extras beside its own data. */
export const EXTRAS_KEY = "siteExtras"

/** The path's page settings and banners (`GET /api/v2/page_meta/`); a failure leaves the page without them (never breaks it). */
export async function loadSiteExtras(get: ApiGet, path: string): Promise<SiteExtras> {
  try {
    const r = await get<{ data: { settings: PageSettingResource | null; banners: PageBannerResource[] } }>(`/api/v2/page_meta/?url=${encodeURIComponent(path)}`)
    return { settings: r.data.settings?.attributes ?? null, banners: r.data.banners }
  } catch {
    return NO_EXTRAS
  }
}
