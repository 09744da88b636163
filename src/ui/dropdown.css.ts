import { style } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

export const root = style({ position: "relative", display: "inline-block" })

export const trigger = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["1"],
  minHeight: "40px",
  padding: `${vars.space["2"]} ${vars.space["2"]}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: "inherit",
  fontSize: "inherit",
  fontWeight: "inherit",
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.surfaceSunken } },
})

export const chevron = style({
  width: "8px",
  height: "8px",
  borderRight: "2px solid currentColor",
  borderBottom: "2px solid currentColor",
  transform: "translateY(-2px) rotate(45deg)",
  transition: "transform 0.15s",
  selectors: { '[aria-expanded="true"] > &': { transform: "translateY(2px) rotate(-135deg)" } },
})

export const panel = style({
  position: "absolute",
  zIndex: vars.z.dropdown,
  top: "100%",
  left: 0,
  minWidth: "240px",
  maxHeight: "70vh",
  overflowY: "auto",
  marginTop: vars.space["1"],
  padding: vars.space["2"],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.md,
  listStyle: "none",
})

/** A panel that opens leftwards from the trigger's right edge (for triggers near the right side). */
export const panelEnd = style({ left: "auto", right: 0 })

export const item = style({
  display: "block",
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.normal,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: {
    "&:hover, &:focus-visible": { background: vars.color.surfaceMuted, color: vars.color.primary },
    '&[aria-current="page"]': { color: vars.color.primary, fontWeight: vars.weight.medium },
  },
})
