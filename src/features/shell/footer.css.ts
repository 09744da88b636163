import { style } from "@vanilla-extract/css"
import { media, vars } from "../../ui/theme.css.ts"

export const footer = style({
  marginTop: vars.space["16"],
  paddingBlock: vars.space["10"],
  background: vars.color.surfaceMuted,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
})

export const columns = style({
  display: "grid",
  gap: vars.space["8"],
  "@media": {
    [media.tablet]: { gridTemplateColumns: "repeat(2, 1fr)" },
    [media.desktop]: { gridTemplateColumns: "1fr 1fr 1fr 1fr" },
  },
})

export const heading = style({ margin: `0 0 ${vars.space["3"]}`, fontSize: vars.fontSize.md, fontWeight: vars.weight.bold })

export const list = style({ display: "grid", gap: vars.space["2"], listStyle: "none", margin: 0, padding: 0 })

export const link = style({ color: vars.color.text, textDecorationColor: vars.color.border, textUnderlineOffset: "3px" })

export const contacts = style({ display: "grid", gap: vars.space["2"], alignContent: "start" })

export const phone = style({ fontSize: vars.fontSize.lg, fontWeight: vars.weight.bold, textDecoration: "none" })

export const copyright = style({
  marginTop: vars.space["8"],
  paddingTop: vars.space["4"],
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
})
