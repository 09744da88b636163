import { randomBytes } from "node:crypto"
import { APPLICANT_KINDS, type ApplicantKind, type Identification, IDENTIFICATIONS, isEditable, isOrderStatus, type OrderStatus, presetIdOf } from "../../schemas/entities/order.ts"
import { presets } from "../../schemas/forms/index.ts"
import type { FieldValue, FileValue, FormPreset, FormValues } from "../../schemas/forms/types.ts"
import { holdsValue } from "../../schemas/forms/values.ts"
import { holderRoleError } from "../../schemas/holder-rule.ts"
import { orderMessages } from "../../schemas/messages/order.ts"
import { validatePresetInput } from "../../schemas/rules/index.ts"
import type { FieldErrors } from "../../schemas/validate.ts"
import type { Db } from "../db/index.ts"
import { now } from "../db/index.ts"
import { asId } from "../lib/http.ts"

/**
 * Orders of certificates and of extras (docs/orders.md): which preset an order is validated with, its
 * consistency with the catalogue, and its price, always computed here from the catalogue (a client's
 * amount is never read).
 */

const m = orderMessages.api

export interface PriceItem {
  readonly option_id: string
  readonly name: string
  readonly price: number
  readonly kind: string
}
export interface Price {
  readonly amount: number
  readonly items: readonly PriceItem[]
}

/** The price of the published options among `optionIds` (unknown or unpublished ones are not priced). */
export async function priceOrder(db: Db, optionIds: readonly (number | string)[]): Promise<Price> {
  const ids = [...new Set(optionIds.map((id) => asId(String(id))).filter((id): id is number => id !== null))]
  if (ids.length === 0) return { amount: 0, items: [] }
  const rows = await db.kysely
    .selectFrom("tariff_options")
    .select(["id", "name", "price", "kind"])
    .where("id", "in", ids)
    .where("published", "=", 1)
    .execute()
  // Listed in the order asked: the certificate first as the wizard sends it.
  const byId = new Map(rows.map((r) => [r.id, r]))
  const items = ids.flatMap((id) => {
    const r = byId.get(id)
    return r ? [{ option_id: String(r.id), name: r.name, price: r.price, kind: r.kind }] : []
  })
  return { amount: items.reduce((sum, i) => sum + i.price, 0), items }
}

const isKind = (v: unknown): v is ApplicantKind => typeof v === "string" && (APPLICANT_KINDS as readonly string[]).includes(v)
const isIdentification = (v: unknown): v is Identification => typeof v === "string" && (IDENTIFICATIONS as readonly string[]).includes(v)

/** The preset as the API takes it: the consent is checked and dropped by the browser. */
const apiPreset = (id: string): FormPreset => {
  const preset = presets[id]
  if (!preset) throw new Error(`no preset ${id}`)
  return { ...preset, fields: preset.fields.filter((f) => f.name !== "agreement") }
}

/** An empty value (as `required` reads it): a draft keeps such fields for later. */
const isEmpty = (v: unknown): boolean =>
  v === undefined || v === null || v === false || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0)

/** A request body read as an order: what was chosen, the values, the errors. */
export interface OrderInput {
  readonly kind: ApplicantKind
  readonly identification: Identification | null
  readonly preset: string
  readonly tariffId: number | null
  readonly period: number | null
  /** The certificate option (of the tariff and period) first, then the extras. */
  readonly optionIds: readonly number[]
  readonly values: FormValues
  readonly officeId: number | null
  readonly title: string
}

const UPLOAD_URL = /^\/api\/v1\/uploads\/([0-9a-f]{32})\/?$/

/**
 * Reads and checks an order body: `applicant_kind`, `period` (months), `options` (extra option ids),
 * and the preset's values at the top level. A draft (`complete` false) keeps empty fields; every filled
 * field must still pass its rules. Errors → `{ errors }`, else the order's input.
 */
export async function readOrder(db: Db, userId: number, body: Record<string, unknown>, complete: boolean): Promise<{ errors: FieldErrors } | { input: OrderInput }> {
  const k = db.kysely
  const errors: FieldErrors = {}
  if (!isKind(body.applicant_kind)) return { errors: { applicant_kind: [m.applicantKind] } }
  const kind = body.applicant_kind
  const identification = isIdentification(body.identification) ? body.identification : null
  const tariffRaw = body.tariff_id
  const hasTariff = !isEmpty(tariffRaw)
  const presetId = presetIdOf(kind, identification, hasTariff)
  const preset = apiPreset(presetId)

  const result = validatePresetInput(preset, body)
  let values: FormValues
  if (result.ok) values = result.value
  else {
    const failing = Object.entries(result.errors).filter(([name]) => complete || !isEmpty(body[name]) || name === "base")
    Object.assign(errors, Object.fromEntries(failing))
    // The values as read, for the draft: the failing fields' raw values are not kept.
    const loose = validatePresetInput({ ...preset, fields: preset.fields.map((f) => ({ ...f, validations: [] })) }, body)
    values = loose.ok ? loose.value : {}
    if (!loose.ok) for (const [name, list] of Object.entries(loose.errors)) errors[name] ??= list
  }

  // The tariff: published, sold to this applicant kind; the period: one of its certificate options.
  let tariffId: number | null = null
  let period: number | null = null
  const optionIds: number[] = []
  if (hasTariff) {
    tariffId = asId(String(tariffRaw))
    const tariff =
      tariffId === null ? undefined : await k.selectFrom("tariffs").select(["id", "applicant_kinds", "qualified"]).where("id", "=", tariffId).where("published", "=", 1).executeTakeFirst()
    if (!tariff) errors.tariff_id = [m.tariffUnknown]
    else if (!(JSON.parse(tariff.applicant_kinds) as string[]).includes(kind)) errors.tariff_id = [m.tariffKind]
    else {
      // Who may hold it (schemas/holder-rule.ts): a head's or an entrepreneur's qualified certificate is the tax service's to issue.
      const holder = holderRoleError({ kind, certificate: true, qualified: tariff.qualified === 1 }, values.holder_role)
      if (holder && !errors.holder_role) errors.holder_role = [holder]
      period = typeof body.period === "number" || typeof body.period === "string" ? asId(String(body.period)) : null
      const certificate =
        period === null
          ? undefined
          : await k
              .selectFrom("tariff_options")
              .select("id")
              .where("tariff_id", "=", tariff.id)
              .where("kind", "=", "certificate")
              .where("period", "=", period)
              .where("published", "=", 1)
              .executeTakeFirst()
      if (certificate) optionIds.push(certificate.id)
      else if (complete || body.period !== undefined) errors.period = [m.period]
    }
  }

  // The extras: published options that are not a tariff's certificate.
  const extrasRaw = body.options ?? []
  const extras = Array.isArray(extrasRaw) && extrasRaw.every((x) => typeof x === "string" || typeof x === "number") ? extrasRaw.map((x) => asId(String(x))) : null
  if (extras === null || extras.includes(null)) errors.options = [m.optionUnknown]
  else if (extras.length > 0) {
    const ids = [...new Set(extras as number[])]
    const found = await k.selectFrom("tariff_options").select("id").where("id", "in", ids).where("published", "=", 1).where("kind", "!=", "certificate").execute()
    if (found.length !== ids.length) errors.options = [m.optionUnknown]
    else optionIds.push(...ids)
  }
  if (complete && optionIds.length === 0 && !errors.tariff_id && !errors.period && !errors.options) errors[hasTariff ? "period" : "options"] = [m.nothingOrdered]

  // The office, when the applicant comes to one.
  let officeId: number | null = null
  const officeRaw = values.office_id
  if (typeof officeRaw === "string" && officeRaw !== "" && !errors.office_id) {
    officeId = asId(officeRaw)
    const office = officeId === null ? undefined : await k.selectFrom("offices").select("id").where("id", "=", officeId).where("published", "=", 1).executeTakeFirst()
    if (!office) {
      errors.office_id = [m.officeUnknown]
      officeId = null
    }
  }

  // The courier's city: one of GET /api/v1/findelivery_cities/ (the autocomplete's value is its name).
  const city = values.delivery_city
  if (typeof city === "string" && city !== "" && !errors.delivery_city) {
    const known = await k.selectFrom("delivery_cities").select("id").where("name", "=", city).executeTakeFirst()
    if (!known) errors.delivery_city = [m.deliveryCityUnknown]
  }

  // Uploads: files of /api/v1/uploads that this user owns.
  for (const field of preset.fields) {
    if (field.type !== "upload" || errors[field.name]) continue
    const files = (values[field.name] ?? []) as readonly FileValue[]
    for (const f of files.filter((x) => !x.isDeleted)) {
      const id = UPLOAD_URL.exec(f.url)?.[1]
      const owned = id ? await k.selectFrom("uploads").select("id").where("id", "=", id).where("owner_kind", "=", "user").where("owner_id", "=", userId).executeTakeFirst() : undefined
      if (!owned) {
        errors[field.name] = [m.fileUnknown]
        break
      }
    }
  }

  if (Object.keys(errors).length > 0) return { errors }
  return { input: { kind, identification, preset: presetId, tariffId, period, optionIds, values: holdOnly(preset, values), officeId, title: titleOf(values) } }
}

/** Only the preset's value fields, deleted files dropped. */
function holdOnly(preset: FormPreset, values: FormValues): FormValues {
  const out: Record<string, FieldValue> = {}
  for (const f of preset.fields) {
    if (!holdsValue(f) || !(f.name in values)) continue
    const v = values[f.name] ?? null
    out[f.name] = f.type === "upload" && Array.isArray(v) ? (v as readonly FileValue[]).filter((x) => !x.isDeleted) : v
  }
  return out
}

/** The organisation's name, or the person's full name (the account's and the CRM's list). */
export function titleOf(values: FormValues): string {
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string).trim() : "")
  const company = text("company")
  if (company) return company.slice(0, 500)
  return [text("last_name"), text("first_name"), text("middle_name")].filter(Boolean).join(" ").slice(0, 500)
}

/** 128 random bits, hex: the order's opaque public id. */
export const newPublicId = () => randomBytes(16).toString("hex")

/** The stored `data` column: the values and the period (the option ids and the rest have columns). */
export const dataOf = (input: OrderInput) => JSON.stringify({ values: input.values, period: input.period })

export const columnsOf = async (db: Db, input: OrderInput) => {
  const price = await priceOrder(db, input.optionIds)
  return {
    applicant_kind: input.kind,
    identification: input.identification,
    preset: input.preset,
    tariff_id: input.tariffId,
    option_ids: JSON.stringify(input.optionIds),
    amount: price.amount,
    data: dataOf(input),
    title: input.title,
    office_id: input.officeId,
    updated_at: now(),
  }
}

/** A stored order's row as the body it was read from, to check it again at submit. */
export function bodyOf(row: { applicant_kind: string; identification: string | null; tariff_id: number | null; option_ids: string; data: string }): Record<string, unknown> {
  const data = JSON.parse(row.data) as { values?: FormValues; period?: number | null }
  const ids = JSON.parse(row.option_ids) as number[]
  // readOrder puts the tariff's certificate first when a tariff and its period were chosen.
  const options = (row.tariff_id !== null && data.period ? ids.slice(1) : ids).map(String)
  return {
    ...data.values,
    applicant_kind: row.applicant_kind,
    ...(row.identification ? { identification: row.identification } : {}),
    ...(row.tariff_id !== null ? { tariff_id: String(row.tariff_id) } : {}),
    ...(data.period ? { period: data.period } : {}),
    options,
  }
}

export const statusOf = (raw: string): OrderStatus => (isOrderStatus(raw) ? raw : "draft")
export const editable = (raw: string) => isEditable(statusOf(raw))
