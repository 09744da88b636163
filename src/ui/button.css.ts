import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

const base = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space["2"],
  minHeight: "40px",
  padding: `${vars.space["2"]} ${vars.space["4"]}`,
  border: "1px solid transparent",
  borderRadius: vars.radius.md,
  fontWeight: vars.weight.medium,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.tight,
  textDecoration: "none",
  cursor: "pointer",
  selectors: { "&:disabled": { opacity: 0.6, cursor: "not-allowed" } },
})

export const button = styleVariants({
  primary: [base, { background: vars.color.primary, color: vars.color.primaryText, selectors: { "&:hover:not(:disabled)": { background: vars.color.primaryHover, color: vars.color.primaryText } } }],
  accent: [base, { background: vars.color.accent, color: vars.color.accentText, selectors: { "&:hover:not(:disabled)": { background: vars.color.accentHover, color: vars.color.accentText } } }],
  secondary: [base, { background: vars.color.surface, color: vars.color.primary, borderColor: vars.color.border, selectors: { "&:hover:not(:disabled)": { background: vars.color.surfaceMuted } } }],
  danger: [base, { background: vars.color.danger, color: vars.color.primaryText }],
  ghost: [base, { background: "transparent", color: vars.color.text }],
})
