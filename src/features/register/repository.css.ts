import { style } from "@vanilla-extract/css"
import * as shared from "../../ui/results.css.ts"
import { vars } from "../../ui/theme.css.ts"

export const page = style({ maxWidth: "960px" })
export const section = style({ marginTop: vars.space["8"] })
export const cards = style({ display: "grid", gap: vars.space["4"] })
export const card = shared.card
export const cardTitle = shared.cardTitle
/** Thumbprints and serials: long hex, broken anywhere rather than pushing the page wide on a phone. */
export const hex = style({ fontFamily: "monospace", fontSize: vars.fontSize.sm, wordBreak: "break-all" })
export const links = style({ display: "flex", flexWrap: "wrap", gap: vars.space["4"], margin: `${vars.space["3"]} 0 0` })
export const note = style({ margin: `${vars.space["2"]} 0 0`, color: vars.color.textMuted, fontSize: vars.fontSize.sm })
/** A wide table scrolls inside its own box (focusable, so the keyboard scrolls it too). */
export const scroller = style({ overflowX: "auto", marginTop: vars.space["3"] })
export const table = style({ width: "100%", borderCollapse: "collapse", minWidth: "560px" })
export const cell = style({ padding: vars.space["2"], borderBottom: `1px solid ${vars.color.border}`, textAlign: "left", verticalAlign: "top" })
