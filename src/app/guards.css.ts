import { style } from "@vanilla-extract/css"
import { vars } from "../ui/theme.css.ts"

export const status = style({ margin: 0, padding: `${vars.space["6"]} 0`, color: vars.color.textMuted })
