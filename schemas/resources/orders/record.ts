import { Schema } from "effect"

const Attributes = Schema.Struct({
  number: Schema.Number,
  created_at: Schema.String,
  submitted_at: Schema.NullOr(Schema.String),
  status: Schema.String,
  title: Schema.String,
  tariff_name: Schema.NullOr(Schema.String),
  amount: Schema.Number,
  identification: Schema.NullOr(Schema.String),
  applicant_kind: Schema.String,
  email: Schema.String,
})

/** The one-record answer's `meta` (server/routes/account-orders.ts `orderDetail`). */
const Detail = Schema.Struct({
  data: Schema.Array(Schema.Struct({ label: Schema.String, value: Schema.String })),
  documents: Schema.Array(Schema.Struct({ id: Schema.Number, kind: Schema.String, title: Schema.String, created_at: Schema.String, url: Schema.String, name: Schema.String })),
  payments: Schema.Array(Schema.Struct({ provider: Schema.String, status: Schema.String, amount: Schema.Number, created_at: Schema.String, paid_at: Schema.NullOr(Schema.String) })),
  balance: Schema.optionalKey(Schema.Struct({ price: Schema.Number, paid: Schema.Number, refunded: Schema.Number, due: Schema.Number })),
  events: Schema.Array(
    Schema.Struct({ from_status: Schema.NullOr(Schema.String), to_status: Schema.String, actor: Schema.String, admin_email: Schema.NullOr(Schema.String), note: Schema.NullOr(Schema.String), created_at: Schema.String }),
  ),
})

export const OrderRecord = Schema.Struct({ id: Schema.String, type: Schema.Literal("order"), attributes: Attributes, meta: Schema.optionalKey(Detail) })
export type OrderRecord = typeof OrderRecord.Type

