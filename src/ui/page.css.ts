import { style } from "@vanilla-extract/css"
import { media, vars } from "./theme.css.ts"

export const main = style({ display: "block", minHeight: "50vh", paddingTop: vars.space["8"], outline: "none" })

export const title = style({
  margin: `0 0 ${vars.space["4"]}`,
  fontSize: vars.fontSize["2xl"],
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.weight.bold,
  "@media": { [media.tablet]: { fontSize: vars.fontSize["3xl"] } },
})

export const lead = style({ maxWidth: "720px", margin: `0 0 ${vars.space["6"]}`, fontSize: vars.fontSize.lg, color: vars.color.textMuted })

export const hero = style({
  padding: `${vars.space["8"]} ${vars.space["6"]}`,
  borderRadius: vars.radius.lg,
  background: `linear-gradient(135deg, ${vars.color.surfaceMuted}, ${vars.color.surfaceSunken})`,
  "@media": { [media.tablet]: { padding: `${vars.space["12"]} ${vars.space["10"]}` } },
})

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space["3"] })

export const section = style({ marginTop: vars.space["12"] })

export const sectionTitle = style({ margin: `0 0 ${vars.space["4"]}`, fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight })

export const cards = style({
  display: "grid",
  gap: vars.space["4"],
  listStyle: "none",
  margin: 0,
  padding: 0,
  "@media": { [media.tablet]: { gridTemplateColumns: "repeat(3, 1fr)" } },
})

export const steps = style([cards, { "@media": { [media.desktop]: { gridTemplateColumns: "repeat(4, 1fr)" } }, counterReset: "step" }])

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["2"],
  padding: vars.space["5"],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
})

export const step = style([card, { counterIncrement: "step", selectors: { "&::before": { content: "counter(step)", display: "inline-grid", placeItems: "center", width: "32px", height: "32px", borderRadius: vars.radius.pill, background: vars.color.primary, color: vars.color.primaryText, fontWeight: vars.weight.bold } } }])

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.tight })

export const cardText = style({ margin: 0, color: vars.color.textMuted, flex: 1 })

export const notice = style({
  maxWidth: "720px",
  padding: vars.space["5"],
  borderRadius: vars.radius.lg,
  borderLeft: `4px solid ${vars.color.primary}`,
  background: vars.color.surfaceMuted,
})

export const noticeText = style({ margin: `0 0 ${vars.space["3"]}` })

export const linkList = style({ display: "flex", flexWrap: "wrap", gap: vars.space["3"], listStyle: "none", margin: 0, padding: 0 })

export const status = style({ margin: `0 0 ${vars.space["2"]}`, fontSize: vars.fontSize.sm, fontWeight: vars.weight.bold, color: vars.color.textMuted })
