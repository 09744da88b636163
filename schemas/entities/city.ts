import { Schema } from "effect"
import { ListMeta, ResourceId } from "./common.ts"

export const SLUG_MAX_LENGTH = 100

// A city's slug becomes the region route `/{slug}`. What the CRM sends and its rules (the slug's
// format among them): the declaration schemas/resources/cities.ts.

/** A city as the public API answers it (`/api/v2/cities/`). */
export const CityResource = Schema.Struct({
  id: ResourceId,
  type: Schema.Literal("city"),
  attributes: Schema.Struct({ name: Schema.String, slug: Schema.String }),
})
export type CityResource = typeof CityResource.Type

export const CityList = Schema.Struct({ data: Schema.Array(CityResource), meta: ListMeta })
export type CityList = typeof CityList.Type
