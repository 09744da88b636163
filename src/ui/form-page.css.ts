import { style } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space["4"] })

export const pageForm = style([form, { maxWidth: "440px" }])

export const lead = style({ margin: 0, color: vars.color.textMuted })

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const success = style({
  margin: 0,
  padding: vars.space["4"],
  borderRadius: vars.radius.md,
  borderLeft: `4px solid ${vars.color.success}`,
  background: vars.color.surfaceMuted,
})

export const problem = style({
  maxWidth: "720px",
  margin: `0 0 ${vars.space["4"]}`,
  padding: vars.space["4"],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
})

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space["3"] })
