import { Schema } from "effect"
import { NAME_MAX_LENGTH, URL_MAX_LENGTH } from "../constants.ts"
import { messages } from "../messages.ts"
import { flag, integer, ListMeta, positiveId, requiredText, ResourceId, ResourceRef } from "./common.ts"

/** A link target: a site path ("/buy", "/faq#top") or an absolute http(s) address. */
export const MenuUrl = requiredText(URL_MAX_LENGTH).check(
  Schema.makeFilter((s: string) => (/^(\/|https?:\/\/)\S*$/.test(s.trim()) ? undefined : messages.crm.urlFormat)),
)

/** Menu item as sent (SPEC.md section 3): the body of `menu_item`. */
export const MenuItemInput = Schema.Struct({
  name: requiredText(NAME_MAX_LENGTH),
  url: MenuUrl,
  position: integer,
  display_at_top: Schema.optionalKey(flag),
  display_at_bottom: Schema.optionalKey(flag),
  parent_id: Schema.optionalKey(Schema.NullOr(positiveId)),
})
export type MenuItemInput = typeof MenuItemInput.Type

export const MenuItemBody = Schema.Struct({ menu_item: MenuItemInput })

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
