import { Schema } from "effect"
import { ListMeta, ResourceId, ResourceRef } from "./common.ts"

/** A link target: a site path ("/buy", "/faq#top") or an absolute http(s) address. */
export const MENU_URL_PATTERN = /^(\/|https?:\/\/)\S*$/

// What the CRM sends and its rules: the declaration schemas/resources/menu-items.ts.

export const MenuItemAttributes = Schema.Struct({
  name: Schema.String,
  url: Schema.String,
  position: Schema.Number,
  display_at_top: Schema.Boolean,
  display_at_bottom: Schema.Boolean,
})

/** Menu item as read: JSON:API resource with children and ancestors (nearest first). */
export const MenuItemResource = Schema.Struct({
  id: ResourceId,
  type: Schema.Literal("menu_item"),
  attributes: MenuItemAttributes,
  relationships: Schema.Struct({
    children: Schema.Struct({ data: Schema.Array(ResourceRef) }),
    ancestors: Schema.Struct({ data: Schema.Array(ResourceRef) }),
  }),
})
export type MenuItemResource = typeof MenuItemResource.Type

export const MenuItemList = Schema.Struct({
  data: Schema.Array(MenuItemResource),
  included: Schema.Array(MenuItemResource),
  meta: ListMeta,
})
export type MenuItemList = typeof MenuItemList.Type

/** The parent id of a menu item is taken from its first ancestor. */
export const parentIdOf = (item: MenuItemResource): string | null => item.relationships.ancestors.data[0]?.id ?? null
