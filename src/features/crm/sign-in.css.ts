import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const page = style({
  minHeight: "100vh",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  padding: vars.space["4"],
  background: vars.color.surfaceMuted,
})

export const card = style({
  width: "100%",
  maxWidth: "400px",
  padding: vars.space["6"],
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.md,
  display: "flex",
  flexDirection: "column",
  gap: vars.space["4"],
})

export const title = style({ margin: 0, fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight })

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space["4"] })
