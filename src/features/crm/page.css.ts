import { globalStyle, style } from "@vanilla-extract/css"
import { media, vars } from "../../ui/theme.css.ts"

export const pageHeader = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space["3"],
  marginBottom: vars.space["4"],
})

// A title may hold a serial number or an e-mail with no space to wrap at: it breaks inside rather than widen a phone's page.
export const title = style({ margin: 0, fontSize: vars.fontSize["2xl"], lineHeight: vars.lineHeight.tight, overflowWrap: "anywhere" })

export const lead = style({ margin: `0 0 ${vars.space["4"]}`, color: vars.color.textMuted })

export const searchForm = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["2"],
  marginBottom: vars.space["4"],
  "@media": { [media.tablet]: { flexDirection: "row", alignItems: "flex-end" } },
})

export const searchField = style({ flex: 1 })

export const status = style({ padding: `${vars.space["6"]} 0`, color: vars.color.textMuted, textAlign: "center" })

export const failure = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space["3"],
  padding: vars.space["4"],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
})

export const footer = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space["3"],
  marginTop: vars.space["4"],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

export const back = style({ display: "inline-block", marginBottom: vars.space["2"], fontSize: vars.fontSize.sm })

export const tiles = style({
  display: "grid",
  gap: vars.space["3"],
  gridTemplateColumns: "1fr",
  listStyle: "none",
  margin: 0,
  padding: 0,
  "@media": { [media.tablet]: { gridTemplateColumns: "repeat(2, 1fr)" }, [media.desktop]: { gridTemplateColumns: "repeat(3, 1fr)" } },
})

export const tile = style({
  display: "block",
  height: "100%",
  padding: vars.space["4"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  textDecoration: "none",
  fontWeight: vars.weight.medium,
  selectors: { "&:hover": { background: vars.color.surfaceMuted } },
})

export const tileGroup = style({ display: "block", color: vars.color.textMuted, fontSize: vars.fontSize.xs, fontWeight: vars.weight.normal })

/** The list's buttons beside its heading: export, bulk delete, add. */
export const headerActions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space["2"] })

/** A read-only record's fields. */
export const details = style({ display: "grid", gap: vars.space["2"], margin: `${vars.space["4"]} 0 ${vars.space["6"]}` })
// On a phone the label's column is narrow, so a value such as «Демонстрационный» keeps its word whole.
export const detail = style({
  display: "grid",
  gridTemplateColumns: "8em minmax(0, 1fr)",
  gap: vars.space["3"],
  overflowWrap: "break-word",
  "@media": { [media.tablet]: { gridTemplateColumns: "minmax(8em, 14em) minmax(0, 1fr)" } },
})
globalStyle(`${detail} dt`, { color: vars.color.textMuted })
globalStyle(`${detail} dd`, { margin: 0 })

/** The preview's notice: what the page is, and the way back to the form. */
export const previewNotice = style({
  margin: `0 0 ${vars.space["6"]}`,
  padding: `${vars.space["3"]} ${vars.space["4"]}`,
  borderLeft: `4px solid ${vars.color.primary}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
})

export const previewArticle = style({ display: "grid", gap: vars.space["4"] })

/** A counted filter's choices above a list: links that look like chips. */
export const chips = style({ marginBottom: vars.space["4"] })
export const chipList = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"], listStyle: "none", margin: 0, padding: 0 })
export const chip = style({
  display: "inline-block",
  padding: `${vars.space["1"]} ${vars.space["3"]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: {
    "&:hover": { background: vars.color.surfaceMuted, color: vars.color.primary },
    '&[aria-current="page"]': { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.primaryText },
  },
})

/** The filter form's fields side by side on wide screens, as many as fit. */
export const filterGrid = style({
  display: "grid",
  gap: `0 ${vars.space["3"]}`,
  gridTemplateColumns: "1fr",
  "@media": { [media.tablet]: { gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))" } },
})
// The form's halves and thirds are of a six-column form: here each field takes one track.
globalStyle(`${filterGrid} > *`, { "@media": { [media.tablet]: { gridColumn: "auto" } } })

/** The unsaved version's preview in place of the form. */
export const previewBar = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"], marginBottom: vars.space["4"] })

/** The start page's queues: a count that reads at a glance above each queue's name. */
export const queues = style({ margin: `${vars.space["6"]} 0` })
export const subtitle = style({ margin: `0 0 ${vars.space["3"]}`, fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight })
export const queueCount = style({ display: "block", fontSize: vars.fontSize["3xl"], fontWeight: vars.weight.bold, color: vars.color.primary, lineHeight: vars.lineHeight.tight })
