import { style } from "@vanilla-extract/css"
import { media, vars } from "../../ui/theme.css.ts"

export const nav = style({
  display: "none",
  marginLeft: "auto",
  "@media": { [media.desktop]: { display: "block" } },
})

export const list = style({ display: "flex", alignItems: "center", gap: vars.space["1"], listStyle: "none", margin: 0, padding: 0 })

export const link = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "40px",
  padding: `${vars.space["2"]} ${vars.space["2"]}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontWeight: vars.weight.medium,
  fontSize: vars.fontSize.sm,
  textDecoration: "none",
  selectors: {
    "&:hover": { background: vars.color.surfaceSunken, color: vars.color.text },
    '&[aria-current="page"]': { color: vars.color.primary },
  },
})

export const submenuTrigger = style({ fontWeight: vars.weight.medium, fontSize: vars.fontSize.sm, color: vars.color.text })
