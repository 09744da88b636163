import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const form = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space["3"], maxWidth: "720px", margin: `0 0 ${vars.space["6"]}` })

export const field = style({ display: "flex", flexDirection: "column", gap: vars.space["1"], flex: "1 1 280px" })

export const input = style({
  minHeight: "40px",
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.md,
  font: "inherit",
  selectors: { "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "1px" } },
})

export const count = style({ margin: `0 0 ${vars.space["4"]}`, color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const results = style({ listStyle: "none", margin: `0 0 ${vars.space["6"]}`, padding: 0, display: "grid", gap: vars.space["5"], maxWidth: "760px" })

export const kind = style({ display: "block", fontSize: vars.fontSize.xs, color: vars.color.textMuted, textTransform: "uppercase", letterSpacing: "0.04em" })

export const title = style({ margin: `${vars.space["1"]} 0`, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.tight })

export const link = style({ color: vars.color.primary, textDecoration: "underline", textUnderlineOffset: "2px" })

export const snippet = style({ margin: 0, color: vars.color.text, lineHeight: vars.lineHeight.normal })

export const mark = style({ background: "#fff1b8", color: "inherit", padding: "0 1px", borderRadius: "2px" })
