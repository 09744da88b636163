import { style } from "@vanilla-extract/css"
import * as shared from "../../ui/results.css.ts"
import { vars } from "../../ui/theme.css.ts"

export const page = style({ maxWidth: "960px" })
export const section = style({ marginTop: vars.space["8"] })
export const cards = style({ display: "grid", gap: vars.space["4"] })
/** DNs, key ids and file names are long unbroken words: they wrap anywhere rather than widen the page on a phone. */
export const card = style([shared.card, { overflowWrap: "anywhere", minWidth: 0 }])
export const cardTitle = shared.cardTitle
/** Thumbprints and serials: long hex, broken anywhere rather than pushing the page wide on a phone. */
export const hex = style({ fontFamily: "monospace", fontSize: vars.fontSize.sm, wordBreak: "break-all" })
export const links = style({ display: "flex", flexWrap: "wrap", gap: vars.space["4"], margin: `${vars.space["3"]} 0 0` })
export const role = style({ margin: `0 0 ${vars.space["3"]}`, color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const note = style({ margin: `${vars.space["2"]} 0 0`, color: vars.color.textMuted, fontSize: vars.fontSize.sm })
/** Three columns, the status with its date and reason in one: it fits a phone without scrolling sideways. */
export const table = style({ width: "100%", borderCollapse: "collapse", marginTop: vars.space["3"] })
export const reason = style({ display: "block", color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const cell = style({ padding: vars.space["2"], borderBottom: `1px solid ${vars.color.border}`, textAlign: "left", verticalAlign: "top" })
