import { style, styleVariants } from "@vanilla-extract/css"
import { media, vars } from "../../ui/theme.css.ts"

export const region = style({
  position: "fixed",
  zIndex: vars.z.alert,
  insetInline: vars.space["4"],
  bottom: vars.space["4"],
  display: "flex",
  flexDirection: "column",
  gap: vars.space["2"],
  margin: 0,
  padding: 0,
  listStyle: "none",
  pointerEvents: "none",
  "@media": { [media.tablet]: { insetInline: "auto", right: vars.space["6"], bottom: vars.space["6"], width: "420px" } },
})

const base = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space["3"],
  padding: `${vars.space["3"]} ${vars.space["4"]}`,
  borderRadius: vars.radius.md,
  borderLeft: `4px solid ${vars.color.primary}`,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  fontSize: vars.fontSize.sm,
  pointerEvents: "auto",
})

export const alert = styleVariants({
  info: [base],
  success: [base, { borderLeftColor: vars.color.success, background: vars.color.successSurface }],
  error: [base, { borderLeftColor: vars.color.danger, background: vars.color.dangerSurface }],
})

export const text = style({ flex: 1, margin: 0, paddingBlock: vars.space["1"] })

export const close = style({
  flex: "none",
  width: "32px",
  height: "32px",
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.surfaceSunken } },
})

/** An alert's action ('Отменить'): a text button, keyboard-operable like every button. */
export const action = style({
  flex: "none",
  minHeight: "32px",
  paddingInline: vars.space["2"],
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.surfaceSunken }, "&:focus-visible": { outline: `2px solid ${vars.color.primary}`, outlineOffset: "2px" } },
})
