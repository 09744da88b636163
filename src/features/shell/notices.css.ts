import { globalStyle, style } from "@vanilla-extract/css"
import { media, vars } from "../../ui/theme.css.ts"

/** The custom property the notice keeps its height in while shown (see CookieNotice). */
export const COOKIE_NOTICE_HEIGHT = "--cookie-notice-height"

/**
 * Sticky, not fixed: the notice keeps to the viewport's bottom while the page scrolls, yet takes its
 * own room at the page's end, so the last control of a page scrolls above it instead of under it.
 */
export const cookie = style({
  position: "sticky",
  zIndex: vars.z.header,
  bottom: vars.space["2"],
  display: "flex",
  flexDirection: "column",
  gap: vars.space["3"],
  margin: vars.space["2"],
  padding: vars.space["4"],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  fontSize: vars.fontSize.sm,
  "@media": {
    [media.tablet]: { flexDirection: "row", alignItems: "center", bottom: vars.space["6"], margin: `${vars.space["6"]} ${vars.space["6"]}`, maxWidth: "720px" },
    print: { display: "none" },
  },
})

// A control reached by Tab or scrolled to (scrollIntoView) stops above the notice, not under it.
globalStyle("html", { scrollPaddingBottom: `var(${COOKIE_NOTICE_HEIGHT}, 0px)` })

export const cookieText = style({ margin: 0, flex: 1 })

export const offline = style({
  padding: `${vars.space["2"]} ${vars.space["4"]}`,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.weight.medium,
  textAlign: "center",
})
