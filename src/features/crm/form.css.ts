import { style } from "@vanilla-extract/css"
import { media, vars } from "../../ui/theme.css.ts"

// `hidden` (the form behind its preview) must win over the display set here.
export const form = style({ display: "flex", flexDirection: "column", gap: vars.space["4"], maxWidth: "640px", selectors: { "&[hidden]": { display: "none" } } })

export const actions = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["2"],
  paddingTop: vars.space["2"],
  "@media": { [media.tablet]: { flexDirection: "row" } },
})

export const formError = style({
  margin: 0,
  padding: vars.space["3"],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
})
