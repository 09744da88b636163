import type { ApplicantKind } from "./entities/order.ts"
import { identityCheckMessages as m } from "./messages/identity-check.ts"

/**
 * The checklist of an order's identity check (63-ФЗ, ст. 18; docs/account.md, «Проверка личности»):
 * what the operator confirms through the state systems before the in-person identification.
 */
export const IDENTITY_ITEMS = ["passport", "snils", "inn", "registry"] as const
export type IdentityItem = (typeof IDENTITY_ITEMS)[number]
export const isIdentityItem = (v: unknown): v is IdentityItem => typeof v === "string" && (IDENTITY_ITEMS as readonly string[]).includes(v)

/** A person has no ЕГРЮЛ/ЕГРИП record; a business has its own. */
export const itemsOf = (kind: string): IdentityItem[] => (kind === "individual_person" ? ["passport", "snils", "inn"] : [...IDENTITY_ITEMS])

export const itemLabel = (item: IdentityItem, kind: string): string =>
  item === "registry" ? ((kind as ApplicantKind) === "entrepreneur" ? m.items.egrip : m.items.egrul) : m.items[item]

/** The statuses in which the check is made: after payment, until identification is done. */
export const CHECK_STATUSES = ["paid", "checking_documents", "ready_for_identification"] as const
/** 63-ФЗ, ст. 18: an order not identified remotely (by its qualified signature or biometrics) needs the identity check before issue. */
export const identityCheckRequired = (identification: string | null): boolean => identification !== "remote"

export const checkOpen = (status: string): boolean => (CHECK_STATUSES as readonly string[]).includes(status)

/** A pre-check the server computed: held (true), failed (false) or not known (null), and what it says. */
export interface Precheck {
  readonly label: string
  readonly ok: boolean | null
  readonly text: string
}

export interface CheckItemState {
  readonly item: IdentityItem
  readonly label: string
  /** What the state registry (СМЭВ) answered; here always that it cannot be reached. */
  readonly registry: { readonly available: boolean; readonly text: string }
  readonly prechecks: readonly Precheck[]
  readonly confirmed: { readonly admin_email: string; readonly confirmed_at: string } | null
}

export interface IdentityCheckState {
  /** Whether the checklist may change now (the order's status, no identification yet). */
  readonly open: boolean
  readonly items: readonly CheckItemState[]
  readonly complete: boolean
  readonly identification: { readonly admin_email: string; readonly office_id: number | null; readonly office_name: string; readonly office_address: string; readonly identified_at: string } | null
  /** The office the form starts with: the order's own. */
  readonly default_office_id: number | null
  readonly offices: ReadonlyArray<{ readonly id: number; readonly name: string; readonly address: string }>
}
