import { keyframes, style } from "@vanilla-extract/css"
import { media, vars } from "../../ui/theme.css.ts"

export const trigger = style({
  display: "inline-flex",
  flexDirection: "column",
  justifyContent: "center",
  gap: "5px",
  width: "44px",
  height: "44px",
  marginLeft: "auto",
  padding: vars.space["2"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: "pointer",
  "@media": { [media.desktop]: { display: "none" } },
})

export const bar = style({ display: "block", height: "2px", borderRadius: "1px", background: vars.color.text })

export const backdrop = style({ position: "fixed", inset: 0, zIndex: vars.z.overlay, background: vars.color.overlay })

export const positioner = style({ position: "fixed", inset: 0, zIndex: vars.z.overlay, display: "flex", justifyContent: "flex-end" })

const slideIn = keyframes({ from: { transform: "translateX(100%)" }, to: { transform: "none" } })

export const content = style({
  width: "min(360px, 100%)",
  height: "100%",
  overflowY: "auto",
  padding: vars.space["4"],
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  animation: `${slideIn} 0.2s ease-out`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
})

export const top = style({ display: "flex", alignItems: "center", justifyContent: "space-between", marginBottom: vars.space["4"] })

export const title = style({ margin: 0, fontSize: vars.fontSize.lg })

export const close = style({
  width: "44px",
  height: "44px",
  border: 0,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontSize: vars.fontSize.xl,
  cursor: "pointer",
})

export const list = style({ listStyle: "none", margin: 0, padding: 0 })

export const sublist = style({ listStyle: "none", margin: 0, padding: `0 0 ${vars.space["2"]} ${vars.space["4"]}` })

export const link = style({
  display: "block",
  padding: `${vars.space["3"]} ${vars.space["2"]}`,
  borderBottom: `1px solid ${vars.color.surfaceSunken}`,
  color: vars.color.text,
  fontWeight: vars.weight.medium,
  textDecoration: "none",
  selectors: { '&[aria-current="page"]': { color: vars.color.primary } },
})

export const sublink = style([link, { fontWeight: vars.weight.normal, borderBottom: 0, paddingBlock: vars.space["2"] }])

export const extras = style({ display: "grid", gap: vars.space["3"], marginTop: vars.space["6"] })
