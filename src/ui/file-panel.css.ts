import { style } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

export const form = style({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: vars.space["3"], marginBottom: vars.space["6"] })

/** The file input's own row: the site's button and what was chosen, the native input hidden but focusable. */
export const picker = style({ position: "relative", display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space["3"] })

export const pick = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "40px",
  padding: `${vars.space["2"]} ${vars.space["4"]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.primary,
  fontSize: vars.fontSize.md,
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceMuted },
    [`${picker}:focus-within &`]: { outline: `2px solid ${vars.color.primary}`, outlineOffset: "2px" },
  },
})

export const chosen = style({ minWidth: 0, overflowWrap: "anywhere", color: vars.color.textMuted, fontSize: vars.fontSize.sm })
