import { holderRuleMessages as t } from "./messages/holder-rule.ts"

/**
 * Who may hold which certificate (63-FZ as amended; DOMAIN.md "Signatures and who issues them";
 * docs/decisions.md). Since 2022 a QUALIFIED certificate of the head of a legal entity acting without a
 * power of attorney, or of an individual entrepreneur, is issued only by the tax service's CA. This CA
 * sells qualified certificates to individuals and to employees (who sign for the organisation or the
 * entrepreneur under an МЧД), a non-qualified certificate to anyone, and options (tokens, licences,
 * setup) to anyone, a head with a certificate of the tax service included. Pure: the presets, the
 * wizard and the order API read the same answer.
 */

export type HolderApplicantKind = "legal_entity" | "entrepreneur" | "individual_person"

/** The values of the presets' `holder_role`: the head (the entrepreneur himself) or an employee. */
export const HOLDER_ROLES = ["chief", "certificate_holder"] as const
export type HolderRole = (typeof HOLDER_ROLES)[number]

export interface HolderContext {
  readonly kind: HolderApplicantKind
  /** A certificate is sold (a tariff is chosen): false for an order of options only (order_option_*). */
  readonly certificate: boolean
  /** The tariff's certificate is qualified (КЭП); read only when a certificate is sold. */
  readonly qualified: boolean
}

export interface HolderRuleAnswer {
  /** The `holder_role` values the order may name; empty for a person, who has no such choice. */
  readonly roles: readonly HolderRole[]
  /** The applicant (a person, the head, the entrepreneur) may hold this order's certificate in its own name. */
  readonly ownName: boolean
  /** The rule takes a choice away, so the wizard explains it (HolderRuleNotice). */
  readonly limited: boolean
}

const isBusiness = (kind: HolderApplicantKind): kind is "legal_entity" | "entrepreneur" => kind !== "individual_person"

/** The rule's answer for one order. */
export function holderRule(ctx: HolderContext): HolderRuleAnswer {
  if (!isBusiness(ctx.kind)) return { roles: [], ownName: true, limited: false }
  if (ctx.certificate && ctx.qualified) return { roles: ["certificate_holder"], ownName: false, limited: true }
  return { roles: HOLDER_ROLES, ownName: true, limited: false }
}

export const isHolderRole = (v: unknown): v is HolderRole => typeof v === "string" && (HOLDER_ROLES as readonly string[]).includes(v)

/**
 * The refusal of `role` for this order, in Russian, or null when the rule allows it. Only a role the
 * rule forbids is refused here; a missing or unknown role is the preset's rules' business.
 */
export function holderRoleError(ctx: HolderContext, role: unknown): string | null {
  if (!isBusiness(ctx.kind) || !isHolderRole(role)) return null
  return holderRule(ctx).roles.includes(role) ? null : t.chiefQualified[ctx.kind]
}

/** The holder choice's labels for the applicant kind (the entrepreneur himself, not «Руководитель»). */
export const holderRoleLabels = (kind: "legal_entity" | "entrepreneur"): Readonly<Record<HolderRole, string>> => t.roles[kind]
