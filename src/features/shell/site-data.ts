import { useEffect, useState } from "react"
import type { FooterLinkResource } from "../../../schemas/entities/footer-link.ts"
import type { MenuItemList } from "../../../schemas/entities/menu-item.ts"
import { messages } from "../../../schemas/messages.ts"
import { api, asClientError } from "../../api/client.ts"
import { pushAlert } from "../alerts/alerts.ts"
import type { Operator } from "../requests/policy-content.ts"
import { type MenuLists, menuLists } from "./menu.ts"

export interface FooterLink {
  readonly id: string
  readonly name: string
  readonly url: string
}

export interface SiteData {
  readonly menu: MenuLists
  readonly documents: readonly FooterLink[]
  readonly partners: readonly FooterLink[]
  readonly phone: string | null
  readonly email: string | null
  /** The personal-data operator of the policy modal. */
  readonly operator: Operator | null
}

export const emptySiteData: SiteData = { menu: { top: [], bottom: [] }, documents: [], partners: [], phone: null, email: null, operator: null }

/** A failed load shows the API error in an alert; the page keeps rendering with what it has. */
function report(err: unknown): void {
  const e = asClientError(err)
  pushAlert({ text: `${messages.shell.loadFailed}: ${e.message}`, apiError: true })
}

function footerGroup(links: readonly FooterLinkResource[], group: "document" | "partner"): FooterLink[] {
  return links
    .filter((l) => l.attributes.group === group)
    .sort((a, b) => a.attributes.position - b.attributes.position)
    .map((l) => ({ id: l.id, name: l.attributes.name, url: l.attributes.url }))
}

export type SiteConfig = Pick<SiteData, "phone" | "email" | "operator">

/** GET /api/v2/site_config/: the hotline, the support e-mail and the personal-data operator. */
export async function loadSiteConfig(): Promise<SiteConfig> {
  const r = await api<{ data: { phone: string; support_email: string; operator: Operator } }>("/api/v2/site_config/")
  return { phone: r.data.phone, email: r.data.support_email, operator: r.data.operator }
}

/** Menu, footer links and contacts of the shell, loaded once on mount; each part fails on its own. */
export function useSiteData(): SiteData {
  const [data, setData] = useState<SiteData>(emptySiteData)
  useEffect(() => {
    let live = true
    const patch = (p: Partial<SiteData>) => live && setData((d) => ({ ...d, ...p }))
    api<MenuItemList>("/api/v2/menu_items/")
      .then((r) => patch({ menu: menuLists(r.data, r.included) }))
      .catch(report)
    api<{ data: readonly FooterLinkResource[] }>("/api/v2/footer_links/")
      .then((r) => patch({ documents: footerGroup(r.data, "document"), partners: footerGroup(r.data, "partner") }))
      .catch(report)
    loadSiteConfig()
      .then(patch)
      .catch(report)
    return () => {
      live = false
    }
  }, [])
  return data
}

/** `8 800 555-35-35` → `tel:+78005553535`. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "")
  return `tel:${digits.startsWith("8") && digits.length === 11 ? `+7${digits.slice(1)}` : digits}`
}
