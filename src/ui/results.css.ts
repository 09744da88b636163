import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

/** A public search's results (the register, the МЧД): cards of found records, each with a status badge. */
export const results = style({ marginTop: vars.space["8"], display: "grid", gap: vars.space["4"] })

export const card = style({
  padding: vars.space["4"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
})

export const cardTitle = style({ margin: `0 0 ${vars.space["2"]}`, fontSize: vars.fontSize.md, wordBreak: "break-all" })

const badgeBase = style({ display: "inline-block", padding: `2px ${vars.space["2"]}`, borderRadius: vars.radius.md, fontWeight: vars.weight.bold })
/** A status: in force (`good`) or not (`neutral`). */
export const badge = styleVariants({
  good: [badgeBase, { background: vars.color.successSurface, color: vars.color.success }],
  neutral: [badgeBase, { background: vars.color.surfaceSunken, color: vars.color.text }],
})
