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

const Row = Schema.Struct({ label: Schema.String, value: Schema.String })

/** A file of the order: `url` downloads it; `view_url` shows it in place (an image, a PDF), null for other kinds. */
const OrderFile = Schema.Struct({
  id: Schema.Number,
  kind: Schema.String,
  field: Schema.NullOr(Schema.String),
  title: Schema.String,
  created_at: Schema.String,
  url: Schema.String,
  view_url: Schema.NullOr(Schema.String),
  name: Schema.String,
  mime: Schema.String,
})

/**
 * The one-record answer's `meta` (server/services/order-page.ts): the application by its preset's
 * sections and labels, the persons in their roles, the price lines,
 * the files (the customer's scans apart), payments, settlement, history and the issued certificate.
 */
const Detail = Schema.Struct({
  application: Schema.Array(Schema.Struct({ title: Schema.String, rows: Schema.Array(Row) })),
  persons: Schema.Array(Schema.Struct({ role: Schema.String, name: Schema.String, position: Schema.String })),
  lines: Schema.Array(Schema.Struct({ name: Schema.String, kind: Schema.String, price: Schema.Number })),
  documents: Schema.Array(OrderFile),
  scans: Schema.Array(OrderFile),
  payments: Schema.Array(
    Schema.Struct({
      provider: Schema.String,
      status: Schema.String,
      amount: Schema.Number,
      refunded: Schema.Number,
      created_at: Schema.String,
      paid_at: Schema.NullOr(Schema.String),
      document_number: Schema.NullOr(Schema.String),
      document_date: Schema.NullOr(Schema.String),
    }),
  ),
  identity_check: Schema.optionalKey(Schema.Struct({ required: Schema.Boolean, complete: Schema.Boolean })),
  balance: Schema.optionalKey(Schema.Struct({ price: Schema.Number, paid: Schema.Number, refunded: Schema.Number, due: Schema.Number })),
  events: Schema.Array(
    Schema.Struct({ from_status: Schema.NullOr(Schema.String), to_status: Schema.String, actor: Schema.String, admin_email: Schema.NullOr(Schema.String), note: Schema.NullOr(Schema.String), created_at: Schema.String }),
  ),
  certificate: Schema.NullOr(Schema.Struct({ id: Schema.Number, serial: Schema.String, not_before: Schema.String, not_after: Schema.String, status: Schema.String })),
})

export const OrderRecord = Schema.Struct({ id: Schema.String, type: Schema.Literal("order"), attributes: Attributes, meta: Schema.optionalKey(Detail) })
export type OrderRecord = typeof OrderRecord.Type

