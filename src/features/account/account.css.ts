import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const empty = style({ margin: `0 0 ${vars.space["2"]}`, fontWeight: vars.weight.medium })

export const list = style({ display: "grid", gap: vars.space["3"], listStyle: "none", margin: 0, padding: 0, maxWidth: "720px" })

export const item = style({ padding: vars.space["4"], borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}`, background: vars.color.surface })

export const itemTitle = style({ margin: `0 0 ${vars.space["2"]}`, fontSize: vars.fontSize.lg })

export const back = style({ display: "inline-block", marginBottom: vars.space["4"] })

export const links = style({ display: "flex", flexWrap: "wrap", gap: vars.space["3"], listStyle: "none", margin: `0 0 ${vars.space["8"]}`, padding: 0 })

export const filter = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space["3"], margin: `0 0 ${vars.space["4"]}` })

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space["3"], margin: `0 0 ${vars.space["6"]}` })

export const history = style({ margin: 0, paddingLeft: vars.space["5"], display: "grid", gap: vars.space["2"] })

/** The order page after payment: a scan's widget and its attached files, the office's name, the map link, a document's note. */
export const scan = style({ display: "grid", gap: vars.space["2"], margin: `0 0 ${vars.space["5"]}` })

export const scanTitle = style({ margin: 0, fontSize: vars.fontSize.md })

export const scanFile = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space["2"] })

export const officeName = style({ margin: `0 0 ${vars.space["3"]}`, fontWeight: vars.weight.medium })

export const mapLink = style({ margin: `${vars.space["3"]} 0 0` })

export const note = style({ display: "block", color: vars.color.textMuted, fontSize: vars.fontSize.sm })

/** The account's own navigation: its sections as tabs, 'Выйти' at the end. */
export const nav = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space["2"], margin: `0 0 ${vars.space["6"]}`, paddingBottom: vars.space["3"], borderBottom: `1px solid ${vars.color.border}` })

export const navList = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"], listStyle: "none", margin: 0, padding: 0, flex: "1 1 auto" })

export const navLink = style({
  display: "inline-block",
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  borderRadius: vars.radius.md,
  textDecoration: "none",
  selectors: { '&[aria-current="page"]': { background: vars.color.surfaceSunken, fontWeight: vars.weight.medium, color: vars.color.text } },
})
