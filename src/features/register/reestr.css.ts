import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const page = style({ maxWidth: "820px" })

export const results = style({ marginTop: vars.space["8"], display: "grid", gap: vars.space["4"] })

export const card = style({
  padding: vars.space["4"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
})

export const cardTitle = style({ margin: `0 0 ${vars.space["2"]}`, fontSize: vars.fontSize.md, wordBreak: "break-all" })

const badge = style({ display: "inline-block", padding: `2px ${vars.space["2"]}`, borderRadius: vars.radius.md, fontWeight: vars.weight.bold })
export const status = styleVariants({
  active: [badge, { background: vars.color.successSurface, color: vars.color.success }],
  suspended: [badge, { background: vars.color.surfaceSunken, color: vars.color.text }],
  terminated: [badge, { background: vars.color.surfaceSunken, color: vars.color.text }],
})

export const note = style({ margin: `${vars.space["2"]} 0 0`, color: vars.color.textMuted, fontSize: vars.fontSize.sm })
