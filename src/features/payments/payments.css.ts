import { style } from "@vanilla-extract/css"
import { media, vars } from "../../ui/theme.css.ts"

export const choice = style({
  maxWidth: "720px",
  margin: `0 0 ${vars.space["6"]}`,
  padding: vars.space["5"],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
})

export const title = style({ margin: `0 0 ${vars.space["3"]}`, fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight })

export const total = style({ margin: `0 0 ${vars.space["4"]}`, fontSize: vars.fontSize.lg, fontWeight: vars.weight.bold })

export const methods = style({
  display: "grid",
  gap: vars.space["4"],
  margin: `0 0 ${vars.space["3"]}`,
  "@media": { [media.tablet]: { gridTemplateColumns: "1fr 1fr" } },
})

export const method = style({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: vars.space["2"] })

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const status = style({ margin: `${vars.space["3"]} 0 0`, fontSize: vars.fontSize.sm })

export const error = style({
  margin: `${vars.space["3"]} 0 0`,
  padding: vars.space["3"],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
})

export const ready = style({
  margin: `${vars.space["3"]} 0 0`,
  padding: vars.space["3"],
  borderRadius: vars.radius.md,
  background: vars.color.successSurface,
  display: "grid",
  gap: vars.space["2"],
  justifyItems: "start",
})

export const page = style({ maxWidth: "720px" })

export const facts = style({ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: vars.space["6"], rowGap: vars.space["2"], margin: `0 0 ${vars.space["4"]}` })

export const term = style({ color: vars.color.textMuted })

export const value = style({ margin: 0, fontWeight: vars.weight.medium })
