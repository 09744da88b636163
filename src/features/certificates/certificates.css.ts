import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

/** The account's certificates: cards in one column (narrow screens) or two, the not confirmed ones marked. */
export const list = style({
  display: "grid",
  gap: vars.space["3"],
  listStyle: "none",
  margin: `0 0 ${vars.space["6"]}`,
  padding: 0,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 340px), 1fr))",
})

export const card = style({ padding: vars.space["4"], borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}`, background: vars.color.surface })

/** Not confirmed: the accent's left border and a muted surface, and the words say it too (never colour alone). */
export const unconfirmed = style({ borderLeft: `4px solid ${vars.color.accent}`, background: vars.color.surfaceMuted })

export const cardTitle = style({ margin: `0 0 ${vars.space["2"]}`, fontSize: vars.fontSize.lg, overflowWrap: "anywhere" })

export const flag = style({ margin: `0 0 ${vars.space["2"]}`, fontWeight: vars.weight.medium, color: vars.color.accentHover })

export const ok = style({ margin: `0 0 ${vars.space["2"]}`, fontWeight: vars.weight.medium, color: vars.color.success })

export const banner = style({
  margin: `0 0 ${vars.space["6"]}`,
  padding: vars.space["4"],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.accent}`,
  background: vars.color.surfaceMuted,
  display: "grid",
  gap: vars.space["3"],
})

export const bannerRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space["3"], margin: 0 })

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space["3"], margin: `0 0 ${vars.space["6"]}` })

export const back = style({ display: "inline-block", marginBottom: vars.space["4"] })

export const log = style({ margin: 0, paddingLeft: vars.space["5"], display: "grid", gap: vars.space["2"] })

export const qr = style({ display: "block", width: "220px", maxWidth: "100%", height: "auto", margin: `0 0 ${vars.space["4"]}` })

export const deeplink = style({ overflowWrap: "anywhere", fontFamily: "monospace", fontSize: vars.fontSize.sm })

/** A place other features fill on the certificates page (the bound certificates of /certificate/binding). */
export const slot = style({ margin: `0 0 ${vars.space["6"]}` })
