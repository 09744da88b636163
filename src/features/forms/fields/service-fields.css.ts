import { keyframes, style } from "@vanilla-extract/css"
import { vars } from "../../../ui/theme.css.ts"

/** Styles of the fields backed by services: captcha, suggest (dadata) and upload. */

const spin = keyframes({ to: { transform: "rotate(360deg)" } })

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const failure = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["2"],
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
})

// ---- captcha (the proof-of-work challenge) ----

/** The challenge's state: one line with a mark, bordered like a control so it reads as part of the form. */
export const challenge = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["2"],
  minHeight: "44px",
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
  selectors: {
    '&[data-state="solved"]': { borderColor: vars.color.success, background: vars.color.successSurface, color: vars.color.success },
    '&[data-state="failed"]': { borderColor: vars.color.danger },
  },
})

/** The mark before the text: a ring turning while the browser works, a tick when it is done. */
export const challengeMark = style({
  flex: "none",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "18px",
  height: "18px",
  color: "#fff",
  fontSize: "12px",
  lineHeight: 1,
  borderRadius: "50%",
  border: `2px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  selectors: {
    [`${challenge}[data-state="solved"] &`]: { border: "none", background: vars.color.success },
    [`${challenge}[data-state="failed"] &`]: { display: "none" },
  },
  "@media": {
    "(prefers-reduced-motion: no-preference)": {
      selectors: { [`${challenge}:is([data-state="loading"], [data-state="solving"]) &`]: { animation: `${spin} 0.9s linear infinite` } },
    },
  },
})

// ---- suggest ----

/** The company's INN and address under its name. */
export const suggestionText = style({ display: "flex", flexDirection: "column", gap: "2px", minWidth: 0 })
export const suggestionDetail = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs })
export const suggestFailed = style([muted, { margin: 0 }])

// ---- upload ----

export const dropzone = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space["2"],
  padding: vars.space["5"],
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  textAlign: "center",
  selectors: {
    "&[data-dragging]": { borderColor: vars.color.primary, background: vars.color.surfaceSunken },
    "&[data-disabled]": { opacity: 0.6 },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
})

export const fileList = style({ display: "flex", flexDirection: "column", gap: vars.space["2"], margin: 0, padding: 0, listStyle: "none" })

export const fileItem = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["2"],
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
})

export const fileName = style({ flex: "1 1 160px", minWidth: 0, overflowWrap: "anywhere" })
export const fileSize = style({ color: vars.color.textMuted, whiteSpace: "nowrap" })
export const fileError = style({ flexBasis: "100%", margin: 0, color: vars.color.danger })

export const progress = style({
  flexBasis: "100%",
  height: "6px",
  overflow: "hidden",
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceSunken,
})

export const progressFill = style({ height: "100%", background: vars.color.primary, transition: "width 0.2s" })

export const smallButton = style({
  minHeight: "32px",
  padding: `${vars.space["1"]} ${vars.space["3"]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  selectors: { "&:hover:not(:disabled)": { background: vars.color.surfaceMuted }, "&:disabled": { opacity: 0.6, cursor: "not-allowed" } },
})
