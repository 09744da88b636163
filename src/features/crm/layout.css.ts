import { style } from "@vanilla-extract/css"
import { media, vars } from "../../ui/theme.css.ts"

/** The widest the CRM's frame grows: a 2560 px screen still reads as one page, not a strip. */
const CRM_MAX_WIDTH = "2200px"

export const shell = style({ minHeight: "100vh", display: "flex", flexDirection: "column", background: vars.color.surfaceMuted })

export const header = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space["3"],
  padding: `${vars.space["3"]} ${vars.space["4"]}`,
  background: vars.color.primary,
  color: vars.color.primaryText,
})

export const brand = style({
  color: vars.color.primaryText,
  fontWeight: vars.weight.bold,
  fontSize: vars.fontSize.lg,
  textDecoration: "none",
  selectors: { "&:hover": { color: vars.color.primaryText, textDecoration: "underline" } },
})

export const user = style({ display: "flex", alignItems: "center", gap: vars.space["3"], fontSize: vars.fontSize.sm, minWidth: 0 })

export const email = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", maxWidth: "50vw" })

export const logout = style({ background: vars.color.surface, color: vars.color.primary })

/**
 * The menu and the page. Staff work on wide screens: the CRM is not held to the site's reading width
 * (vars.layout.content); its page takes what the menu leaves, up to CRM_MAX_WIDTH.
 */
export const body = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  width: "100%",
  maxWidth: CRM_MAX_WIDTH,
  margin: "0 auto",
  "@media": { [media.desktop]: { flexDirection: "row", gap: vars.space["6"], padding: vars.space["6"] } },
})

/**
 * The narrow screens' menu toggle is a Button: hidden on a desktop by a doubled class, so it wins over the
 * Button's own `display` whatever order the two stylesheets arrive in (the CRM's load with its code).
 */
export const navToggle = style({
  margin: vars.space["3"],
  alignSelf: "flex-start",
  "@media": { [media.desktop]: { selectors: { "&&": { display: "none" } } } },
})

export const nav = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  padding: vars.space["3"],
  selectors: { '&[data-open="false"]': { display: "none" } },
  "@media": {
    [media.desktop]: {
      display: "block",
      flex: "0 0 240px",
      alignSelf: "flex-start",
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.lg,
      position: "sticky",
      top: vars.space["6"],
      maxHeight: `calc(100vh - 2 * ${vars.space["6"]})`,
      overflowY: "auto",
      selectors: { '&[data-open="false"]': { display: "block" }, '&[data-collapsed="true"]': { display: "none" } },
    },
  },
})

/** The desktop's 'hide the menu' button in the header (the narrow screens have their own toggle). */
export const collapseToggle = style({
  display: "none",
  background: "transparent",
  color: vars.color.primaryText,
  borderColor: vars.color.primaryText,
  selectors: { "&:hover:not(:disabled)": { background: "rgba(255, 255, 255, 0.12)", color: vars.color.primaryText } },
  "@media": { [media.desktop]: { display: "inline-flex" } },
})

export const headerStart = style({ display: "flex", alignItems: "center", gap: vars.space["3"] })

export const navList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space["1"] })

export const navGroupLabel = style({
  display: "block",
  padding: `${vars.space["2"]} ${vars.space["3"]} ${vars.space["1"]}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.weight.bold,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
})

export const navLink = style({
  display: "block",
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    "&:hover": { background: vars.color.surfaceMuted, color: vars.color.primary },
    '&[aria-current="page"]': { background: vars.color.surfaceSunken, color: vars.color.primary, fontWeight: vars.weight.medium },
  },
})

export const main = style({
  flex: 1,
  minWidth: 0,
  padding: vars.space["4"],
  background: vars.color.surface,
  "@media": { [media.desktop]: { padding: vars.space["6"], border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.lg } },
})
