import { useId } from "react"
import { FNS_CA_URL, holderRuleMessages } from "../../../schemas/messages/holder-rule.ts"
import { holderRule, type HolderApplicantKind, type HolderContext, isHolderRole } from "../../../schemas/holder-rule.ts"
import type { FormField, FormPreset, FormValues } from "../../../schemas/forms/types.ts"
import { Button } from "../../ui/Button.tsx"
import * as pages from "../../ui/page.css.ts"

/**
 * The wizard's side of "who may hold which certificate" (schemas/holder-rule.ts): the applicant step's
 * holder choice narrowed to what the rule allows, and the notice that says why and what is still for sale.
 */

const n = holderRuleMessages.notice

/** The applicant kind as the rule reads it (the wizard's value is a string; anything else is a person). */
const kindOf = (kind: string): HolderApplicantKind => (kind === "legal_entity" || kind === "entrepreneur" ? kind : "individual_person")

export interface HolderViewContext {
  readonly kind: string
  readonly qualified: boolean
  readonly certificate: boolean
}

const ruleContext = (ctx: HolderViewContext): HolderContext => ({ kind: kindOf(ctx.kind), qualified: ctx.qualified, certificate: ctx.certificate })

/**
 * The step's preset with `holder_role` offering only the roles the rule allows. A single remaining
 * choice is said in its hint too; `holderValues` puts it in the values, so it shows as chosen.
 */
export function holderStep(preset: FormPreset, ctx: HolderViewContext): FormPreset {
  const rule = holderRule(ruleContext(ctx))
  if (!rule.limited) return preset
  const fields = preset.fields.map((f): FormField => {
    if (f.name !== "holder_role") return f
    const options = (f.attributes?.options ?? []).filter((o) => isHolderRole(o.value) && rule.roles.includes(o.value))
    return { ...f, attributes: { ...f.attributes, options, ...(options.length === 1 ? { hint: n.employeeChosen } : {}) } }
  })
  return { ...preset, fields }
}

/** The values with `holder_role` set to the only role the rule leaves, or cleared when the rule forbids it. */
export function holderValues<V extends FormValues>(values: V, ctx: HolderViewContext): V {
  const rule = holderRule(ruleContext(ctx))
  if (rule.roles.length === 0) return values
  const role = values.holder_role
  if (rule.roles.length === 1 && role !== rule.roles[0]) return { ...values, holder_role: rule.roles[0] }
  if (isHolderRole(role) && !rule.roles.includes(role)) return { ...values, holder_role: "" }
  return values
}

/**
 * What the rule means for this order, in plain Russian, when it limits the choice: who issues the head's
 * (the entrepreneur's) qualified certificate and where, what this CA still sells, and the way to an order
 * of options only (`onOptionsOnly`: the wizard clears the tariff). Nothing when nothing is limited.
 */
export function HolderRuleNotice({ kind, qualified, certificate, onOptionsOnly }: HolderViewContext & { readonly onOptionsOnly: () => void }) {
  const id = useId()
  const k = kindOf(kind)
  if (k === "individual_person" || !holderRule({ kind: k, qualified, certificate }).limited) return null
  return (
    <section className={pages.notice} aria-labelledby={id} data-testid="holder-rule-notice">
      <h3 id={id} className={pages.cardTitle}>
        {n.title[k]}
      </h3>
      <p className={pages.noticeText}>
        {n.lead[k]}{" "}
        <a href={FNS_CA_URL} target="_blank" rel="noopener noreferrer">
          {n.fnsLink}
        </a>
      </p>
      <p className={pages.noticeText}>{n.canTitle}:</p>
      <ul className={pages.noticeText}>
        {n.can[k].map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onOptionsOnly}>
        {n.optionsOnly}
      </Button>
    </section>
  )
}
