import type { LoadedOrder, OrderStep, WizardValues } from "../../../machines/order-wizard.machine.ts"
import type { OfficeRecord, TariffDetail, TariffOptionRecord, TariffRecord } from "../../../schemas/entities/catalogue.ts"
import type { FieldOption } from "../../../schemas/forms/types.ts"
import { api, call } from "../../api/client.ts"

/** The order API (docs/orders.md) and the catalogue's choices the wizard's fields take. */

export interface LeadAttributes {
  readonly status: string
  readonly applicant_kind: string
  readonly identification: string | null
  readonly tariff_id: string | null
  readonly period: number | null
  readonly option_ids: readonly string[]
  readonly amount: number
  /** What is still due after the payments the order kept (docs/payments.md): the payment step offers it. */
  readonly due?: number
  readonly items: readonly { option_id: string; name: string; price: number; kind: string }[]
  readonly values: WizardValues
  readonly editable: boolean
}
export interface Lead {
  readonly id: string
  readonly attributes: LeadAttributes
}

/** The wizard's values as the API's body: the choices and the preset's values at the top level. */
export function bodyOf(values: WizardValues): Record<string, unknown> {
  const { period, options, ...rest } = values
  const months = Number(period)
  return { ...rest, ...(Number.isInteger(months) && months > 0 ? { period: months } : {}), options: Array.isArray(options) ? options : [] }
}

/** A stored order as the wizard's values: its certificate option is the tariff and period, the rest extras. */
export function valuesOfLead(lead: Lead): WizardValues {
  const a = lead.attributes
  const extras = a.tariff_id !== null && a.period ? a.option_ids.slice(1) : a.option_ids
  return {
    ...a.values,
    applicant_kind: a.applicant_kind,
    ...(a.identification ? { identification: a.identification } : {}),
    ...(a.tariff_id ? { tariff_id: a.tariff_id } : {}),
    ...(a.period ? { period: String(a.period) } : {}),
    options: [...extras],
  }
}

export const readLead = (id: string) => call(() => api<{ data: Lead }>(`/api/v1/uc/leads/${encodeURIComponent(id)}/`)).then((r) => r.data)
/** A returning customer's earlier data by applicant kind (the new order fills the applicant's steps from it). */
export const readPrefill = () => call(() => api<{ data: Record<string, WizardValues> }>("/api/v1/uc/leads/prefill/")).then((r) => r.data)
export const readDraftLead = () => call(() => api<{ data: Lead | null }>("/api/v1/uc/leads/draft/")).then((r) => r.data)
export const createLead = (body: Record<string, unknown>) => call(() => api<{ data: Lead }>("/api/v1/uc/leads/", { method: "POST", body })).then((r) => r.data)
export const updateLead = (id: string, body: Record<string, unknown>) =>
  call(() => api<{ data: Lead }>(`/api/v1/uc/leads/${encodeURIComponent(id)}/`, { method: "PUT", body })).then((r) => r.data)
export const submitLead = (id: string, body: Record<string, unknown>) =>
  call(() => api<{ data: Lead }>(`/api/v1/uc/leads/${encodeURIComponent(id)}/submit/`, { method: "POST", body })).then((r) => r.data)

const optionOf = (o: TariffOptionRecord, label?: string): FieldOption => ({
  value: o.id,
  label: label ?? o.attributes.name,
  attributes: { cost: o.attributes.price, ...(o.attributes.tooltip ? { tooltip: o.attributes.tooltip } : {}) },
})

export interface Catalogue {
  readonly tariffs: readonly TariffRecord[]
  readonly tariff: TariffDetail | null
  readonly extras: readonly TariffOptionRecord[]
  readonly offices: readonly OfficeRecord[]
}

/** The tariffs, the chosen tariff's periods and extras (or every extra without one), the offices. */
export async function loadCatalogue(tariffId: string | null): Promise<Catalogue> {
  const [tariffs, tariff, options, offices] = await Promise.all([
    call(() => api<{ data: TariffRecord[] }>("/api/v1/uc/tariffs/")),
    tariffId ? call(() => api<{ data: TariffDetail }>(`/api/v1/uc/tariffs/${encodeURIComponent(tariffId)}/`)).catch(() => null) : Promise.resolve(null),
    call(() => api<{ data: TariffOptionRecord[] }>("/api/v1/uc/options/")),
    call(() => api<{ data: OfficeRecord[] }>("/api/v2/companies/default/branches/")),
  ])
  const extras = tariff ? tariff.data.relationships.extras : options.data.filter((o) => o.attributes.kind !== "certificate")
  return { tariffs: tariffs.data, tariff: tariff?.data ?? null, extras, offices: offices.data }
}

/** The choices by the presets' sources. */
export function sourcesOf(c: Catalogue, deliveryCities: readonly FieldOption[]) {
  return {
    tariffs: c.tariffs.map((t) => ({ value: t.id, label: t.attributes.name })),
    tariff_periods: (c.tariff?.relationships.periods ?? []).filter((o) => o.attributes.period !== null).map((o) => ({ ...optionOf(o, `${o.attributes.period} мес.`), value: String(o.attributes.period) })),
    tariff_options: c.extras.map((o) => optionOf(o)),
    offices: c.offices.map((o) => ({ value: o.id, label: `${o.attributes.city}, ${o.attributes.address}` })),
    delivery_cities: deliveryCities,
  }
}

/** The live price of the choices: the period's certificate and the extras (the server's own price rules at submit). */
export function livePrice(c: Catalogue, values: WizardValues): number {
  const period = String(values.period ?? "")
  const cert = c.tariff?.relationships.periods.find((o) => String(o.attributes.period) === period)
  const chosen = new Set(Array.isArray(values.options) ? (values.options as string[]) : [])
  return (cert?.attributes.price ?? 0) + c.extras.filter((o) => chosen.has(o.id)).reduce((s, o) => s + o.attributes.price, 0)
}

export const findDeliveryCities = (query: string) =>
  call(() => api<{ data: FieldOption[] }>("/api/v1/findelivery_cities/", { query: { query } })).then((r) => r.data)

export type { LoadedOrder, OrderStep }
