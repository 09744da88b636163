import { keyframes, style } from "@vanilla-extract/css"
import { LOADING_BAR_DURATION_MS, LOADING_BAR_HIDE_DELAY_MS } from "../../../schemas/constants.ts"
import { vars } from "../../ui/theme.css.ts"

const fill = keyframes({ from: { transform: "scaleX(0)" }, to: { transform: "scaleX(0.9)" } })

export const track = style({
  position: "fixed",
  zIndex: vars.z.loading,
  top: 0,
  left: 0,
  right: 0,
  height: "3px",
  pointerEvents: "none",
})

export const bar = style({
  height: "100%",
  background: vars.color.accent,
  transformOrigin: "left",
  transform: "scaleX(0.9)",
  animation: `${fill} ${LOADING_BAR_DURATION_MS}ms cubic-bezier(0.1, 0.6, 0.3, 1)`,
})

export const done = style({
  transform: "scaleX(1)",
  opacity: 0,
  transition: `transform 0.15s, opacity ${LOADING_BAR_HIDE_DELAY_MS}ms`,
})
