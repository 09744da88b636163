import { Schema } from "effect"
import { ResourceId } from "./common.ts"

/** Footer links: legal documents and partner services (configured content, seeded on first start). */
export const FooterLinkResource = Schema.Struct({
  id: ResourceId,
  type: Schema.Literal("footer_link"),
  attributes: Schema.Struct({
    group: Schema.Literals(["document", "partner"]),
    name: Schema.String,
    url: Schema.String,
    position: Schema.Number,
  }),
})
export type FooterLinkResource = typeof FooterLinkResource.Type
