import { style } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

export const list = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space["1"], margin: 0, padding: 0, listStyle: "none" })

export const item = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: "40px",
  minHeight: "40px",
  padding: `0 ${vars.space["2"]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.primary,
  textDecoration: "none",
  selectors: {
    '&[aria-current="page"]': { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.primaryText },
    '&[data-disabled]': { color: vars.color.textMuted, pointerEvents: "none", opacity: 0.6 },
  },
})

export const ellipsis = style({ minWidth: "24px", textAlign: "center", color: vars.color.textMuted })
