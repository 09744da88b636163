import { style, styleVariants } from "@vanilla-extract/css"
import { media, vars } from "../../ui/theme.css.ts"

/** Six columns on a tablet and up, so fields can sit in halves and thirds; one column on a phone. */
export const grid = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space["4"],
  "@media": { [media.tablet]: { gridTemplateColumns: "repeat(6, minmax(0, 1fr))" } },
})

const span = (n: number) => style({ "@media": { [media.tablet]: { gridColumn: `span ${n}` } } })

export const width = styleVariants({ full: [span(6)], half: [span(3)], third: [span(2)] })

export const formError = style({
  margin: 0,
  padding: vars.space["3"],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
})
