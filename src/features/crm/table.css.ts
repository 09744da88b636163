import { globalStyle, style } from "@vanilla-extract/css"
import { media, vars } from "../../ui/theme.css.ts"

/** A table on wide screens, a column of cards on narrow ones (each cell labelled by its header). */
export const table = style({
  display: "block",
  width: "100%",
  "@media": { [media.tablet]: { display: "table" } },
  borderCollapse: "collapse",
  fontSize: vars.fontSize.sm,
  selectors: { '&[aria-busy="true"]': { opacity: 0.6 } },
})

/** Read by screen readers, not shown. */
export const srOnly = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
})

export const head = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  "@media": { [media.tablet]: { position: "static", width: "auto", height: "auto", overflow: "visible", clip: "auto" } },
})

export const row = style({
  display: "block",
  marginBottom: vars.space["3"],
  padding: vars.space["3"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  "@media": { [media.tablet]: { display: "table-row", margin: 0, padding: 0, border: "none", borderBottom: `1px solid ${vars.color.border}` } },
})

/**
 * The table's card on wide screens: a table wider than the page scrolls sideways inside it, and its
 * height is the window's, so the header row stays in sight (sticky to the card) while the rows scroll.
 */
export const scroller = style({
  "@media": {
    [media.tablet]: {
      overflow: "auto",
      maxHeight: "calc(100vh - 160px)",
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.md,
      selectors: { "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" } },
    },
  },
})

export const th = style({
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  textAlign: "left",
  color: vars.color.textMuted,
  fontWeight: vars.weight.medium,
  whiteSpace: "nowrap",
  borderBottom: `2px solid ${vars.color.border}`,
  "@media": { [media.tablet]: { position: "sticky", top: 0, zIndex: 1, background: vars.color.surface, boxShadow: `inset 0 -2px 0 ${vars.color.border}` } },
})

export const cell = style({
  display: "grid",
  gridTemplateColumns: "7.5em minmax(0, 1fr)",
  alignItems: "center",
  gap: vars.space["2"],
  padding: `${vars.space["1"]} 0`,
  // A card on a phone breaks a word only when it cannot fit on its own line (a long e-mail, a fingerprint).
  overflowWrap: "anywhere",
  selectors: {
    "&::before": { content: "attr(data-label)", color: vars.color.textMuted },
  },
  "@media": {
    [media.tablet]: {
      display: "table-cell",
      padding: `${vars.space["2"]} ${vars.space["3"]}`,
      verticalAlign: "middle",
      // Lines break at spaces only: a word is never cut («РОМАШК|А»); a wide table scrolls in its card.
      overflowWrap: "normal",
      wordBreak: "normal",
      hyphens: "manual",
      selectors: { "&::before": { content: "none" } },
    },
  },
})

export const actions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space["3"] })

export const removeButton = style({
  minHeight: "32px",
  padding: `0 ${vars.space["2"]}`,
  color: vars.color.danger,
  selectors: { "&:hover:not(:disabled)": { background: vars.color.dangerSurface } },
})

globalStyle(`${table} tbody`, { display: "block", "@media": { [media.tablet]: { display: "table-row-group" } } })

/** A sortable column's heading: looks like the heading, acts as a button. */
export const sortButton = style({
  all: "unset",
  cursor: "pointer",
  color: "inherit",
  fontWeight: "inherit",
  ":hover": { textDecoration: "underline" },
  ":focus-visible": { outline: `2px solid ${vars.color.primary}`, outlineOffset: "2px" },
})

/** The selection column: a checkbox per row, one for the page in the heading. */
export const selectCell = style({
  display: "block",
  padding: `${vars.space["1"]} 0`,
  "@media": { [media.tablet]: { display: "table-cell", width: "2.5em", padding: `${vars.space["2"]} ${vars.space["3"]}`, verticalAlign: "middle", borderBottom: "inherit" } },
})
globalStyle(`thead ${selectCell}`, { "@media": { [media.tablet]: { position: "sticky", top: 0, zIndex: 1, background: vars.color.surface } } })

export const checkbox = style({ width: "20px", height: "20px", margin: 0, accentColor: vars.color.primary, cursor: "pointer" })

/** One word of a cell on a tablet and up: never broken inside (a phone's card may, when it cannot fit). */
export const word = style({ "@media": { [media.tablet]: { whiteSpace: "nowrap" } } })
