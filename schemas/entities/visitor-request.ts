import { Schema } from "effect"
import { ResourceId } from "./common.ts"

const NullableText = Schema.NullOr(Schema.String)

/** A visitor's request from the offers form (question modal, callback), as the CRM reads it. */
export const RemoteOfferResource = Schema.Struct({
  id: ResourceId,
  type: Schema.Literal("remote_offer"),
  attributes: Schema.Struct({
    name: Schema.String,
    phone: Schema.String,
    email: NullableText,
    comment: NullableText,
    utm_source: NullableText,
    utm_medium: NullableText,
    utm_campaign: NullableText,
    created_at: Schema.String,
  }),
})
export type RemoteOfferResource = typeof RemoteOfferResource.Type

/** A visitor's feedback with the rating 1 to 10, as the CRM reads it. */
export const FeedbackResource = Schema.Struct({
  id: ResourceId,
  type: Schema.Literal("feedback"),
  attributes: Schema.Struct({
    name: Schema.String,
    email: Schema.String,
    rating: Schema.Number,
    message: Schema.String,
    created_at: Schema.String,
  }),
})
export type FeedbackResource = typeof FeedbackResource.Type
