import { style } from "@vanilla-extract/css"
import { media, vars } from "../../ui/theme.css.ts"

export const cookie = style({
  position: "fixed",
  zIndex: vars.z.overlay,
  insetInline: vars.space["4"],
  bottom: vars.space["4"],
  display: "flex",
  flexDirection: "column",
  gap: vars.space["3"],
  padding: vars.space["4"],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  fontSize: vars.fontSize.sm,
  "@media": {
    [media.tablet]: { flexDirection: "row", alignItems: "center", left: vars.space["6"], right: "auto", bottom: vars.space["6"], maxWidth: "720px" },
  },
})

export const cookieText = style({ margin: 0, flex: 1 })

export const offline = style({
  padding: `${vars.space["2"]} ${vars.space["4"]}`,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.medium,
  textAlign: "center",
})
