import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

/** The gallery's cells: a thumbnail that keeps its proportions, an address that wraps anywhere. */
export const thumbnail = style({
  display: "block",
  width: "96px",
  height: "64px",
  objectFit: "contain",
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
})

export const copy = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space["2"] })

export const url = style({ wordBreak: "break-all", fontSize: vars.fontSize.sm })
