import { optionKindLabels, isOptionKind } from "../../schemas/entities/catalogue.ts"
import type { FieldOption, FieldOptionsBySource, FormValues } from "../../schemas/forms/types.ts"
import { presetGroups } from "../../schemas/forms/value-groups.ts"
import { orderMessages } from "../../schemas/messages/order.ts"
import { personsOf } from "../../schemas/resources/orders/persons.ts"
import type { Db } from "../db/index.ts"
import { valuesOf } from "./order-scans.ts"

/**
 * What the CRM's order page shows of the application (docs/account.md, «Страница заявки в CRM»): the
 * values by the preset's sections and labels with the customer's words for each choice (the office by
 * its name and address), the persons in their roles, the price lines and the issued certificate.
 */

/** Images a browser shows in an <img> and PDFs its viewer opens: shown in place to staff; every other kind only downloads. */
const VIEWABLE = new Set(["image/jpeg", "image/png", "image/gif", "application/pdf"])
export const viewable = (mime: string): boolean => VIEWABLE.has(mime)

const ids = (json: string): number[] => {
  try {
    const v: unknown = JSON.parse(json)
    return Array.isArray(v) ? v.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : []
  } catch {
    return []
  }
}

/** The choices a stored value names by id: the offices (name and address). */
async function sourcesOf(db: Db, values: Readonly<Record<string, unknown>>, officeId: number | null): Promise<FieldOptionsBySource> {
  const wanted = [officeId, Number(values.office_id)].filter((n): n is number => typeof n === "number" && Number.isSafeInteger(n) && n > 0)
  if (wanted.length === 0) return {}
  const rows = await db.kysely.selectFrom("offices").select(["id", "name", "address"]).where("id", "in", wanted).execute()
  const offices: FieldOption[] = rows.map((o) => ({ value: String(o.id), label: `${o.name}, ${o.address}` }))
  return { offices }
}

export interface OrderPageRow {
  readonly id: number
  readonly preset: string
  readonly applicant_kind: string
  readonly data: string
  readonly option_ids: string
  readonly office_id: number | null
}

export async function orderPage(db: Db, row: OrderPageRow) {
  const k = db.kysely
  const values = valuesOf(row.data)
  const optionIds = ids(row.option_ids)
  const [sources, options, certificate] = await Promise.all([
    sourcesOf(db, values, row.office_id),
    optionIds.length === 0 ? [] : k.selectFrom("tariff_options").select(["id", "name", "kind", "price"]).where("id", "in", optionIds).execute(),
    k.selectFrom("certificates").select(["id", "serial", "not_before", "not_after", "status"]).where("order_id", "=", row.id).orderBy("id", "desc").executeTakeFirst(),
  ])
  const byId = new Map(options.map((o) => [Number(o.id), o]))
  const groups = presetGroups(row.preset, values as FormValues, orderMessages.wizard.review, sources, { uploads: false })
  return {
    application: groups.map((g) => ({ title: g.title, rows: g.items.map(([label, value]) => ({ label, value })) })),
    persons: personsOf(row.applicant_kind, values),
    lines: optionIds.flatMap((id) => {
      const o = byId.get(id)
      return o ? [{ name: o.name, kind: isOptionKind(o.kind) ? optionKindLabels[o.kind] : o.kind, price: Number(o.price) }] : []
    }),
    certificate: certificate ? { id: Number(certificate.id), serial: certificate.serial, not_before: certificate.not_before, not_after: certificate.not_after, status: certificate.status } : null,
  }
}
