import { globalStyle, style } from "@vanilla-extract/css"
import { EDITOR_HEIGHT_PX } from "../../../../schemas/constants.ts"
import { vars } from "../../../ui/theme.css.ts"

/** The rich-text editor. The text itself is styled by element (its saved HTML carries no generated classes). */

export const root = style({
  display: "flex",
  flexDirection: "column",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  overflow: "hidden",
  selectors: {
    "&:focus-within": { borderColor: vars.color.focus },
    '&[data-invalid="true"]': { borderColor: vars.color.danger, boxShadow: `0 0 0 1px ${vars.color.danger}` },
  },
})

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["1"],
  padding: vars.space["1"],
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
})

export const toolButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: "36px",
  height: "36px",
  padding: `0 ${vars.space["2"]}`,
  border: "1px solid transparent",
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  selectors: {
    "&:hover:not(:disabled)": { background: vars.color.surfaceSunken },
    '&[aria-pressed="true"]': { borderColor: vars.color.primary, background: vars.color.surface, color: vars.color.primary },
    "&:disabled": { opacity: 0.5, cursor: "not-allowed" },
  },
})

export const bold = style({ fontWeight: vars.weight.bold })
export const italic = style({ fontStyle: "italic", fontFamily: "Georgia, serif" })
export const separator = style({ width: "1px", alignSelf: "stretch", margin: `0 ${vars.space["1"]}`, background: vars.color.border })

/** The editing area: 500 px high, scrolling inside (SPEC.md section 9). */
export const scroller = style({ position: "relative", height: `${EDITOR_HEIGHT_PX}px`, overflowY: "auto" })

export const content = style({
  minHeight: "100%",
  padding: vars.space["4"],
  outline: "none",
  lineHeight: vars.lineHeight.normal,
  overflowWrap: "anywhere",
})

globalStyle(`${content} p`, { margin: `0 0 ${vars.space["3"]}` })
globalStyle(`${content} h2`, { margin: `${vars.space["4"]} 0 ${vars.space["2"]}`, fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight })
globalStyle(`${content} h3`, { margin: `${vars.space["3"]} 0 ${vars.space["2"]}`, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.tight })
globalStyle(`${content} ul, ${content} ol`, { margin: `0 0 ${vars.space["3"]}`, paddingLeft: vars.space["6"] })
globalStyle(`${content} a.link-button`, {
  display: "inline-block",
  padding: `${vars.space["1"]} ${vars.space["3"]}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryText,
  textDecoration: "none",
})

export const image = style({ maxWidth: "100%", height: "auto", verticalAlign: "bottom" })

export const placeholder = style({
  position: "absolute",
  top: vars.space["4"],
  left: vars.space["4"],
  color: vars.color.textMuted,
  pointerEvents: "none",
  userSelect: "none",
})

export const notice = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["2"],
  padding: vars.space["2"],
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
  fontSize: vars.fontSize.sm,
})

export const status = style({ margin: 0, padding: `${vars.space["1"]} ${vars.space["2"]}`, fontSize: vars.fontSize.sm, color: vars.color.textMuted })
export const error = style([status, { color: vars.color.danger }])

export const dialogBody = style({ display: "flex", flexDirection: "column", gap: vars.space["3"] })
export const dialogActions = style({ display: "flex", justifyContent: "flex-end", gap: vars.space["2"] })
export const radioRow = style({ display: "flex", gap: vars.space["4"], margin: 0, padding: 0, border: 0 })
export const radioLabel = style({ display: "inline-flex", alignItems: "center", gap: vars.space["2"], cursor: "pointer" })
