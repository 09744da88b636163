import { style } from "@vanilla-extract/css"
import * as shared from "../../ui/results.css.ts"
import { vars } from "../../ui/theme.css.ts"

export const page = style({ maxWidth: "820px" })

export const results = shared.results
export const card = shared.card
export const cardTitle = shared.cardTitle
export const status = { active: shared.badge.good, suspended: shared.badge.neutral, terminated: shared.badge.neutral } as const

export const note = style({ margin: `${vars.space["2"]} 0 0`, color: vars.color.textMuted, fontSize: vars.fontSize.sm })

/** The link to the CA's repository under the lead, apart from the form below it. */
export const aside = style({ margin: `0 0 ${vars.space["6"]}`, fontSize: vars.fontSize.sm })
