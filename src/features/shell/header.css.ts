import { style } from "@vanilla-extract/css"
import { media, vars } from "../../ui/theme.css.ts"

export const header = style({
  position: "relative",
  zIndex: vars.z.header,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const utility = style({
  background: vars.color.surfaceMuted,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
})

export const utilityRow = style({
  display: "flex",
  alignItems: "center",
  flexWrap: "wrap",
  gap: `${vars.space["1"]} ${vars.space["4"]}`,
  minHeight: "48px",
})

export const spacer = style({ flex: 1 })


export const contact = style({
  display: "inline-flex",
  flexDirection: "column",
  lineHeight: vars.lineHeight.tight,
  textDecoration: "none",
  color: vars.color.text,
})

export const contactLabel = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted })

export const phone = style({ fontWeight: vars.weight.bold, color: vars.color.primary, textDecoration: "none" })

export const mainRow = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["4"],
  minHeight: "64px",
})

export const brand = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["3"],
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover": { color: vars.color.text } },
})

export const brandMark = style({
  display: "inline-grid",
  placeItems: "center",
  width: "40px",
  height: "40px",
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontWeight: vars.weight.bold,
  fontSize: vars.fontSize.sm,
})

export const brandText = style({ display: "flex", flexDirection: "column", lineHeight: vars.lineHeight.tight })
export const brandName = style({ fontWeight: vars.weight.bold, fontSize: vars.fontSize.md })
export const brandNote = style({
  display: "none",
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  "@media": { [media.tablet]: { display: "block" } },
})

export const signIn = style({ fontWeight: vars.weight.medium })

/** Shown from tablet width up; on phones these move into the burger menu (doubled class wins over the item's own display). */
export const wide = style({
  selectors: { "&&": { display: "none" } },
  "@media": { [media.tablet]: { selectors: { "&&": { display: "inline-flex" } } } },
})
