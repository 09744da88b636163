import { style } from "@vanilla-extract/css"
import * as shared from "../../ui/results.css.ts"
import { vars } from "../../ui/theme.css.ts"

export const page = style({ maxWidth: "860px" })

export const results = shared.results
export const card = shared.card
export const cardTitle = shared.cardTitle
export const status = { active: shared.badge.good, expired: shared.badge.neutral, revoked: shared.badge.neutral } as const

export const powers = style({ margin: `${vars.space["2"]} 0 0`, paddingLeft: vars.space["5"] })
export const code = style({ fontFamily: "monospace", fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const hub = style({ display: "grid", gap: vars.space["4"], gridTemplateColumns: "repeat(auto-fit, minmax(240px, 1fr))", padding: 0, listStyle: "none" })
export const hubLink = style({ display: "block", height: "100%", padding: vars.space["4"], border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, textDecoration: "none" })
export const hubTitle = style({ display: "block", fontWeight: vars.weight.bold, marginBottom: vars.space["2"] })
export const muted = style({ color: vars.color.textMuted })

export const table = style({ width: "100%", borderCollapse: "collapse", marginTop: vars.space["4"] })
export const cell = style({ padding: vars.space["2"], borderBottom: `1px solid ${vars.color.border}`, textAlign: "left", verticalAlign: "top" })

export const section = style({ marginTop: vars.space["8"] })
