import { style } from "@vanilla-extract/css"
import { media, vars } from "../../ui/theme.css.ts"

/** The catalogue pages: price tables, tariff and platform cards, the order box, offices. */
export const grid = style({
  display: "grid",
  gap: vars.space["4"],
  listStyle: "none",
  margin: 0,
  padding: 0,
  "@media": { [media.desktop]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" } },
})

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["2"],
  padding: vars.space["5"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
})

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.tight })
export const muted = style({ margin: 0, color: vars.color.textMuted })
export const price = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.weight.bold })
export const cardActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"], marginTop: "auto", paddingTop: vars.space["2"] })

export const section = style({ marginTop: vars.space["10"] })
export const sectionTitle = style({ margin: `0 0 ${vars.space["4"]}`, fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight })

export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.md })
export const cell = style({ padding: `${vars.space["2"]} ${vars.space["3"]}`, borderBottom: `1px solid ${vars.color.border}`, textAlign: "left", verticalAlign: "top" })
export const numCell = style([cell, { textAlign: "right", whiteSpace: "nowrap" }])

export const tabs = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"], listStyle: "none", margin: `0 0 ${vars.space["6"]}`, padding: 0 })
export const tab = style({
  display: "inline-block",
  padding: `${vars.space["1"]} ${vars.space["3"]}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { '&[aria-current="page"]': { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.primaryText } },
})

export const layout = style({ display: "grid", gap: vars.space["8"], "@media": { [media.desktop]: { gridTemplateColumns: "minmax(0, 1fr) 340px" } } })

export const orderBox = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["4"],
  padding: vars.space["5"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceMuted,
  alignSelf: "start",
})

export const fieldset = style({ margin: 0, padding: 0, border: 0, display: "flex", flexDirection: "column", gap: vars.space["2"] })
export const legend = style({ padding: 0, marginBottom: vars.space["2"], fontWeight: vars.weight.bold })
export const choice = style({ display: "flex", alignItems: "baseline", gap: vars.space["2"], cursor: "pointer" })
export const choiceName = style({ flex: 1 })
export const total = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.weight.bold })

export const officeList = style({ display: "grid", gap: vars.space["4"], listStyle: "none", margin: 0, padding: 0, "@media": { [media.desktop]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } } })
export const facts = style({ display: "grid", gridTemplateColumns: "auto 1fr", gap: `${vars.space["1"]} ${vars.space["3"]}`, margin: 0 })
export const factTerm = style({ color: vars.color.textMuted })
export const factValue = style({ margin: 0 })

export const searchForm = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space["3"], margin: `0 0 ${vars.space["6"]}` })
export const searchField = style({ display: "flex", flexDirection: "column", gap: vars.space["1"], minWidth: "220px" })
export const input = style({
  minHeight: "40px",
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
})
export const logo = style({ maxWidth: "160px", maxHeight: "48px", objectFit: "contain" })

/**
 * The office search form's place, kept while its code loads after hydration (the form engine is lazy):
 * its height at every width (city, address or metro, Saturday, the button), so the cities and the
 * offices below do not move when it arrives.
 */
export const officeSearch = style({ minHeight: "254px" })
