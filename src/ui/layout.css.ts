import { style } from "@vanilla-extract/css"
import { media, vars } from "./theme.css.ts"

/** The 1200 px content column with the page gutters. */
export const container = style({
  width: "100%",
  maxWidth: `calc(${vars.layout.content} + 2 * ${vars.space["6"]})`,
  marginInline: "auto",
  paddingInline: vars.space["4"],
  "@media": { [media.tablet]: { paddingInline: vars.space["6"] } },
})

/** Hidden on screen, read by screen readers. */
export const visuallyHidden = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
})

/** A list without bullets or indents. */
export const plainList = style({ listStyle: "none", margin: 0, padding: 0 })

/** A skip link: hidden until it gets keyboard focus, then shown at the top left. */
export const skipLink = style([
  visuallyHidden,
  {
    selectors: {
      "&:focus": {
        position: "fixed",
        zIndex: vars.z.loading,
        top: vars.space["2"],
        left: vars.space["2"],
        width: "auto",
        height: "auto",
        margin: 0,
        padding: `${vars.space["2"]} ${vars.space["4"]}`,
        clip: "auto",
        overflow: "visible",
        borderRadius: vars.radius.md,
        background: vars.color.surface,
        color: vars.color.primary,
        boxShadow: vars.shadow.md,
      },
    },
  },
])
