import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

/**
 * A card that is one link: the link sits in its heading (one link per card for screen readers), and
 * its ::after spreads over the whole card, so a click anywhere on the card follows it.
 */
export const linkCard = style({
  position: "relative",
  transition: "border-color 0.15s, box-shadow 0.15s",
  selectors: { "&:hover": { borderColor: vars.color.primary, boxShadow: vars.shadow.md } },
})

export const cardLink = style({
  color: vars.color.primary,
  textDecoration: "none",
  selectors: {
    "&::after": { content: '""', position: "absolute", inset: 0, borderRadius: vars.radius.lg },
    "&:hover": { textDecoration: "underline" },
    // The focus ring goes round the whole card, as the click does.
    "&:focus-visible": { outline: "none" },
    "&:focus-visible::after": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
})
