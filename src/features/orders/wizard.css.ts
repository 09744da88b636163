import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const layout = style({ display: "grid", gap: vars.space["6"], maxWidth: "880px" })

export const steps = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"], listStyle: "none", margin: 0, padding: 0, counterReset: "step" })

export const stepItem = style({
  counterIncrement: "step",
  padding: `${vars.space["1"]} ${vars.space["3"]}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  selectors: {
    "&::before": { content: "counter(step) '. '" },
    '&[aria-current="step"]': { background: vars.color.primary, color: vars.color.primaryText, borderColor: vars.color.primary, fontWeight: vars.weight.bold },
  },
})

export const stepTitle = style({ margin: 0, fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight })

export const price = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.weight.bold })

export const summary = style({ display: "grid", gap: vars.space["2"], margin: 0, padding: vars.space["4"], borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}`, background: vars.color.surface })

export const items = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space["1"] })

export const problem = style({ margin: 0, color: vars.color.danger, fontWeight: vars.weight.medium })

export const review = style({ display: "grid", gap: vars.space["4"] })

export const groupHead = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space["3"], flexWrap: "wrap" })

export const groupTitle = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.tight })

export const edit = style({ paddingBlock: vars.space["1"] })

/** The running total: on every step, beside the steps' list. */
export const total = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.weight.bold, display: "flex", gap: vars.space["2"], alignItems: "baseline" })
