import { style } from "@vanilla-extract/css"
import { media, vars } from "./theme.css.ts"

export const backdrop = style({ position: "fixed", inset: 0, background: vars.color.overlay, zIndex: vars.z.overlay })

export const positioner = style({
  position: "fixed",
  inset: 0,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  padding: vars.space["4"],
  zIndex: vars.z.overlay,
})

export const content = style({
  width: "100%",
  maxWidth: "440px",
  padding: vars.space["6"],
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  display: "flex",
  flexDirection: "column",
  gap: vars.space["4"],
})

export const title = style({ margin: 0, fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight })

export const description = style({ margin: 0, color: vars.color.textMuted })

export const actions = style({
  display: "flex",
  flexDirection: "column-reverse",
  gap: vars.space["2"],
  "@media": { [media.tablet]: { flexDirection: "row", justifyContent: "flex-end" } },
})

export const sized = {
  small: style({ maxWidth: "440px" }),
  medium: style({ maxWidth: "640px" }),
}

export const header = style({ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: vars.space["4"] })

export const close = style({
  flex: "none",
  width: "40px",
  height: "40px",
  border: 0,
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xl,
  lineHeight: 1,
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.surfaceMuted, color: vars.color.text } },
})
