import { Schema } from "effect"
import { NAME_MAX_LENGTH } from "../constants.ts"
import { messages } from "../messages.ts"
import { ListMeta, requiredText, ResourceId } from "./common.ts"

export const SLUG_MAX_LENGTH = 100

/** A city slug becomes the region route `/{slug}`: lowercase Latin, digits and hyphens. */
export const CitySlug = requiredText(SLUG_MAX_LENGTH).check(
  Schema.makeFilter((s: string) => (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s.trim()) ? undefined : messages.crm.slugFormat)),
)

export const CityInput = Schema.Struct({
  name: requiredText(NAME_MAX_LENGTH),
  slug: CitySlug,
})
export type CityInput = typeof CityInput.Type

export const CityBody = Schema.Struct({ city: CityInput })

export const CityResource = Schema.Struct({
  id: ResourceId,
  type: Schema.Literal("city"),
  attributes: Schema.Struct({ name: Schema.String, slug: Schema.String }),
})
export type CityResource = typeof CityResource.Type

export const CityList = Schema.Struct({ data: Schema.Array(CityResource), meta: ListMeta })
export type CityList = typeof CityList.Type
