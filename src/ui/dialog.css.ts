import { style } from "@vanilla-extract/css"
import { media, vars } from "./theme.css.ts"

export const backdrop = style({ position: "fixed", inset: 0, background: vars.color.overlay, zIndex: vars.z.overlay })

/** The space a dialog keeps from each edge of the viewport (and from a phone's notch and home bar). */
const EDGE = "12px"
const edge = (side: "top" | "right" | "bottom" | "left") => `max(${EDGE}, env(safe-area-inset-${side}))`

export const positioner = style({
  position: "fixed",
  inset: 0,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  padding: `${edge("top")} ${edge("right")} ${edge("bottom")} ${edge("left")}`,
  overflow: "hidden",
  zIndex: vars.z.overlay,
})

/**
 * The dialog is never taller than the viewport (100dvh: a phone's browser bars do not count; 100vh
 * where dvh is unknown): its title row stays put and its body scrolls, so the last control is reached
 * by scrolling the dialog, never cut off below the screen.
 */
export const content = style({
  width: "100%",
  maxWidth: "440px",
  maxHeight: `calc(100vh - 2 * ${EDGE})`,
  padding: vars.space["4"],
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  display: "flex",
  flexDirection: "column",
  gap: vars.space["4"],
  // A dialog without a scrolling body of its own (the confirmation) scrolls as a whole.
  overflowY: "auto",
  "@supports": { "(height: 100dvh)": { maxHeight: `calc(100dvh - ${edge("top")} - ${edge("bottom")})` } },
  "@media": { [media.tablet]: { padding: vars.space["6"] } },
})

/**
 * What scrolls inside a dialog. Its padding (taken back by the margin) keeps the focus ring of a
 * control at the edge from being clipped by the scrolling box.
 */
export const body = style({
  flex: "1 1 auto",
  minHeight: 0,
  overflowY: "auto",
  overscrollBehavior: "contain",
  display: "flex",
  flexDirection: "column",
  gap: vars.space["4"],
  padding: "6px",
  margin: "-6px",
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

export const header = style({ flex: "none", display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: vars.space["4"] })

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
