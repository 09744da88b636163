import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const page = style({ display: "flex", flexDirection: "column", gap: vars.space["6"], maxWidth: "860px" })
export const section = style({ display: "flex", flexDirection: "column", gap: vars.space["4"] })
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight })
export const note = style({ margin: 0, color: vars.color.textMuted })
export const error = style({ margin: 0, padding: vars.space["3"], borderRadius: vars.radius.md, background: vars.color.dangerSurface, color: vars.color.danger })
export const ok = style({ margin: 0, padding: vars.space["3"], borderRadius: vars.radius.md, background: vars.color.successSurface, color: vars.color.success })
export const row = style({ display: "flex", flexWrap: "wrap", gap: vars.space["3"], alignItems: "center" })
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm })
export const cell = style({ padding: vars.space["2"], borderBottom: `1px solid ${vars.color.border}`, textAlign: "left", verticalAlign: "top", overflowWrap: "anywhere" })
export const list = style({ margin: 0, paddingLeft: vars.space["6"], display: "flex", flexDirection: "column", gap: vars.space["2"] })
export const link = style({ color: vars.color.primary })
