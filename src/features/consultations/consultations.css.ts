import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const lead = style({ margin: `0 0 ${vars.space["4"]}`, color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const outcome = style({ margin: `0 0 ${vars.space["4"]}`, fontSize: vars.fontSize.md })

export const actions = style({ display: "flex", justifyContent: "flex-end", gap: vars.space["2"] })
