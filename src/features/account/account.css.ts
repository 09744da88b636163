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
