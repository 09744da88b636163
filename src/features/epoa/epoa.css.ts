import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const page = style({ maxWidth: "860px" })

export const results = style({ marginTop: vars.space["8"], display: "grid", gap: vars.space["4"] })

export const card = style({
  padding: vars.space["4"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
})

export const cardTitle = style({ margin: `0 0 ${vars.space["2"]}`, fontSize: vars.fontSize.md, wordBreak: "break-all" })

const badge = style({ display: "inline-block", padding: `2px ${vars.space["2"]}`, borderRadius: vars.radius.md, fontWeight: vars.weight.bold })
export const status = styleVariants({
  active: [badge, { background: vars.color.successSurface, color: vars.color.success }],
  expired: [badge, { background: vars.color.surfaceSunken, color: vars.color.text }],
  revoked: [badge, { background: vars.color.surfaceSunken, color: vars.color.text }],
})

export const powers = style({ margin: `${vars.space["2"]} 0 0`, paddingLeft: vars.space["5"] })
export const code = style({ fontFamily: "monospace", fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const hub = style({ display: "grid", gap: vars.space["4"], gridTemplateColumns: "repeat(auto-fit, minmax(240px, 1fr))", padding: 0, listStyle: "none" })
export const hubLink = style({ display: "block", height: "100%", padding: vars.space["4"], border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, textDecoration: "none" })
export const hubTitle = style({ display: "block", fontWeight: vars.weight.bold, marginBottom: vars.space["2"] })
export const muted = style({ color: vars.color.textMuted })

export const table = style({ width: "100%", borderCollapse: "collapse", marginTop: vars.space["4"] })
export const cell = style({ padding: vars.space["2"], borderBottom: `1px solid ${vars.color.border}`, textAlign: "left", verticalAlign: "top" })

export const section = style({ marginTop: vars.space["8"] })
