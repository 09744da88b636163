import type { MenuItemResource } from "../../../schemas/entities/menu-item.ts"

export interface MenuNode {
  readonly id: string
  readonly name: string
  readonly url: string
  readonly children: readonly MenuNode[]
}

export interface MenuLists {
  /** Header list: display_at_top, by position, with nested children. */
  readonly top: readonly MenuNode[]
  /** Footer list: display_at_bottom, by position, flat. */
  readonly bottom: readonly MenuNode[]
}

const byPosition = (a: MenuItemResource, b: MenuItemResource) =>
  a.attributes.position - b.attributes.position || a.attributes.name.localeCompare(b.attributes.name, "ru")

/** The JSON:API menu (roots in `data`, nested items in `included`) as the header and footer lists. */
export function menuLists(data: readonly MenuItemResource[], included: readonly MenuItemResource[]): MenuLists {
  const byId = new Map([...data, ...included].map((i) => [i.id, i]))
  const seen = new Set<string>()
  const node = (item: MenuItemResource): MenuNode => {
    seen.add(item.id)
    const children = item.relationships.children.data
      .map((ref) => byId.get(ref.id))
      .filter((c): c is MenuItemResource => c !== undefined && c.attributes.display_at_top && !seen.has(c.id))
      .sort(byPosition)
    return { id: item.id, name: item.attributes.name, url: item.attributes.url, children: children.map(node) }
  }
  const top = data.filter((i) => i.attributes.display_at_top).sort(byPosition).map(node)
  const bottom = [...byId.values()]
    .filter((i) => i.attributes.display_at_bottom)
    .sort(byPosition)
    .map((i) => ({ id: i.id, name: i.attributes.name, url: i.attributes.url, children: [] }))
  return { top, bottom }
}

/** An absolute http(s) address leaves the site: it opens in a new tab. */
export const isExternal = (url: string) => /^https?:\/\//i.test(url)
