import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const lead = style({ margin: `0 0 ${vars.space["4"]}`, color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const outcome = style({ margin: `0 0 ${vars.space["4"]}`, fontSize: vars.fontSize.md })

export const actions = style({ display: "flex", justifyContent: "flex-end", gap: vars.space["2"] })

export const policyList = style({ margin: 0, paddingInlineStart: vars.space["6"], display: "grid", gap: vars.space["4"] })

export const policyTitle = style({ margin: `0 0 ${vars.space["2"]}`, fontSize: vars.fontSize.md, fontWeight: vars.weight.bold })

export const policyText = style({ margin: `0 0 ${vars.space["2"]}`, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.normal })

export const policyBody = style({ maxHeight: "60vh", overflowY: "auto", paddingInlineEnd: vars.space["2"] })

export const thanks = style({
  padding: vars.space["4"],
  borderRadius: vars.radius.md,
  background: vars.color.successSurface,
  color: vars.color.success,
  margin: `0 0 ${vars.space["4"]}`,
})

export const page = style({ maxWidth: "720px" })
