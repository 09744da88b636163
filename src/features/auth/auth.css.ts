import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space["4"] })

export const error = style({
  margin: 0,
  padding: vars.space["3"],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
})

export const note = style({ margin: 0, color: vars.color.textMuted })

export const links = style({ display: "flex", flexWrap: "wrap", gap: vars.space["4"], justifyContent: "space-between", alignItems: "center" })

/** A button that reads as a link ('Забыли пароль?'). */
export const linkButton = style({
  padding: 0,
  border: 0,
  background: "none",
  font: "inherit",
  color: vars.color.primary,
  textDecoration: "underline",
  cursor: "pointer",
  ":focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
})

export const link = style({ color: vars.color.primary })

export const page = style({ maxWidth: "440px", display: "flex", flexDirection: "column", gap: vars.space["4"] })

/** The header's user block: 'Войти' or the user's name. */
export const userButton = style({
  padding: `${vars.space["1"]} ${vars.space["2"]}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: "none",
  font: "inherit",
  fontWeight: vars.weight.medium,
  color: vars.color.primary,
  cursor: "pointer",
  maxWidth: "240px",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  ":hover": { textDecoration: "underline" },
  ":focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
})

export const userFacts = style({ margin: 0, display: "flex", flexDirection: "column", gap: vars.space["1"], color: vars.color.textMuted })

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space["3"] })
