import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

/** The staff's second factor: the QR code with its key, the recovery codes (SecondFactor.tsx). */
export const lead = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.normal })

export const subtitle = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.tight })

export const enrolment = style({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: vars.space["3"] })

export const qr = style({
  alignSelf: "center",
  width: "240px",
  height: "auto",
  aspectRatio: "1",
  maxWidth: "100%",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
})

export const key = style({ display: "flex", flexDirection: "column", gap: vars.space["1"], width: "100%" })

export const keyLabel = style({ fontSize: vars.fontSize.sm, fontWeight: vars.weight.medium })

export const keyValue = style({
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  fontSize: vars.fontSize.md,
  letterSpacing: "0.05em",
  overflowWrap: "anywhere",
  userSelect: "all",
})

export const keyHint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs })

export const recovery = style({ display: "flex", flexDirection: "column", gap: vars.space["3"] })

export const codes = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(9.5em, 1fr))",
  gap: `${vars.space["2"]} ${vars.space["4"]}`,
  margin: 0,
  padding: vars.space["3"],
  listStyle: "none",
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  fontSize: vars.fontSize.md,
})

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"] })

export const back = style({ alignSelf: "flex-start" })

/** The CRM's section on the dashboard. */
export const section = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["3"],
  maxWidth: "560px",
  marginTop: vars.space["8"],
  padding: vars.space["6"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
})
