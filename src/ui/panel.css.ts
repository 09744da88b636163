import { style } from "@vanilla-extract/css"
import { media, vars } from "./theme.css.ts"

/** A panel of a page (the account, the confirmation) and the facts it lists: a definition list. */
export const panel = style({
  maxWidth: "720px",
  margin: `0 0 ${vars.space["8"]}`,
  padding: vars.space["5"],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
})

export const panelTitle = style({ margin: `0 0 ${vars.space["4"]}`, fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight })

export const facts = style({
  display: "grid",
  gap: vars.space["3"],
  margin: 0,
  "@media": { [media.tablet]: { gridTemplateColumns: "max-content 1fr", columnGap: vars.space["6"] } },
})

/** A term and its value inside the grid of `facts`. */
export const pair = style({ display: "contents" })

export const term = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const value = style({ margin: 0, fontWeight: vars.weight.medium, overflowWrap: "anywhere" })

export const muted = style({ margin: `0 0 ${vars.space["4"]}`, color: vars.color.textMuted })
