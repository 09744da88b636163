import { createContext, useContext } from "react"
import type { CityResource } from "../../../schemas/entities/city.ts"
import type { FooterLinkResource } from "../../../schemas/entities/footer-link.ts"
import type { MenuItemList } from "../../../schemas/entities/menu-item.ts"
import { api } from "../../api/client.ts"
import type { Operator } from "../requests/index.ts"
import { type MenuLists, menuLists } from "./menu.ts"

export interface FooterLink {
  readonly id: string
  readonly name: string
  readonly url: string
}

export interface SiteConfigAnswer {
  /** `mydss`: whether the account offers myDSS (the server has DSS_URL). */
  readonly data: { readonly phone: string; readonly support_email: string; readonly operator: Operator | null; readonly mydss?: boolean }
}

/**
 * The startup data of SPEC.md section 7 (menu, cities, footer links, site configuration): the API's
 * answers, embedded by the server in the first page and loaded by the browser only when missing; the
 * menu and the footer links as the lists the shell shows (a third of the JSON:API answers' size in every
 * page). A part that failed to load is null (the page renders without it).
 */
export interface StartupData {
  readonly menu: MenuLists | null
  readonly cities: readonly CityResource[] | null
  readonly footerLinks: FooterGroups | null
  readonly config: SiteConfigAnswer["data"] | null
}

/** The footer's links by group, as the footer shows them. */
export interface FooterGroups {
  readonly documents: readonly FooterLink[]
  readonly partners: readonly FooterLink[]
}

export const NO_STARTUP_DATA: StartupData = { menu: null, cities: null, footerLinks: null, config: null }

type Get = <T>(path: string) => Promise<T>

/** Loads the parts of `have` that are missing, each on its own; `failed` hears each failure. */
export async function loadStartup(get: Get, have: StartupData = NO_STARTUP_DATA, failed: (err: unknown) => void = () => {}): Promise<StartupData> {
  const part = <T,>(present: T | null, load: () => Promise<T>): Promise<T | null> =>
    present !== null ? Promise.resolve(present) : load().catch((err: unknown) => (failed(err), null))
  const [menu, cities, footerLinks, config] = await Promise.all([
    part(have.menu, async () => {
      const answer = await get<MenuItemList>("/api/v2/menu_items/")
      return menuLists(answer.data, answer.included)
    }),
    part(have.cities, async () => (await get<{ data: readonly CityResource[] }>("/api/v2/cities/")).data),
    part(have.footerLinks, async () => {
      const links = (await get<{ data: readonly FooterLinkResource[] }>("/api/v2/footer_links/")).data
      return { documents: footerGroup(links, "document"), partners: footerGroup(links, "partner") }
    }),
    part(have.config, async () => (await get<SiteConfigAnswer>("/api/v2/site_config/")).data),
  ])
  return { menu, cities, footerLinks, config }
}

export const isComplete = (s: StartupData) => s.menu !== null && s.cities !== null && s.footerLinks !== null && s.config !== null

export interface SiteData {
  readonly menu: MenuLists
  readonly documents: readonly FooterLink[]
  readonly partners: readonly FooterLink[]
  readonly phone: string | null
  readonly email: string | null
  /** The personal-data operator of the policy modal. */
  readonly operator: Operator | null
  /** The account offers myDSS (the server names a DSS server); false too while unknown. */
  readonly mydss: boolean
}

function footerGroup(links: readonly FooterLinkResource[], group: "document" | "partner"): FooterLink[] {
  return links
    .filter((l) => l.attributes.group === group)
    .sort((a, b) => a.attributes.position - b.attributes.position)
    .map((l) => ({ id: l.id, name: l.attributes.name, url: l.attributes.url }))
}

/** What the shell shows of the startup data. */
export function siteDataOf(s: StartupData): SiteData {
  return {
    menu: s.menu ?? { top: [], bottom: [] },
    documents: s.footerLinks?.documents ?? [],
    partners: s.footerLinks?.partners ?? [],
    phone: s.config?.phone ?? null,
    email: s.config?.support_email ?? null,
    operator: s.config?.operator ?? null,
    mydss: s.config?.mydss === true,
  }
}

export type SiteConfig = Pick<SiteData, "phone" | "email" | "operator">

/** GET /api/v2/site_config/ alone (the CRM's form previews show the policy with it). */
export async function loadSiteConfig(): Promise<SiteConfig> {
  const d = (await api<SiteConfigAnswer>("/api/v2/site_config/")).data
  return { phone: d.phone, email: d.support_email, operator: d.operator }
}

export const SiteDataContext = createContext<SiteData>(siteDataOf(NO_STARTUP_DATA))

/** The shell's data, provided by the app from the startup data. */
export const useSiteData = (): SiteData => useContext(SiteDataContext)

/** `8 800 555-35-35` → `tel:+78005553535`. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "")
  return `tel:${digits.startsWith("8") && digits.length === 11 ? `+7${digits.slice(1)}` : digits}`
}
