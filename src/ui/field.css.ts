import { style } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

export const field = style({ display: "flex", flexDirection: "column", gap: vars.space["1"] })

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.weight.medium, color: vars.color.text })

export const control = style({
  minHeight: "40px",
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  width: "100%",
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, boxShadow: `0 0 0 1px ${vars.color.danger}` },
    "&::placeholder": { color: vars.color.textMuted },
    // A field that only shows a value (or waits while a form is sent) reads as not for typing.
    "&:disabled": { background: vars.color.surfaceMuted, cursor: "not-allowed" },
  },
})

export const checkRow = style({ display: "flex", alignItems: "center", gap: vars.space["2"], minHeight: "40px", cursor: "pointer" })

export const checkbox = style({ width: "20px", height: "20px", margin: 0, accentColor: vars.color.primary, flexShrink: 0 })

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm })
