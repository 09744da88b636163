import { globalStyle, style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

/** The check's form: what to check, the files, the button. Hidden when printing (only the result prints). */
export const form = style({ display: "flex", flexDirection: "column", gap: vars.space["4"], maxWidth: "720px", marginBottom: vars.space["8"], "@media": { print: { display: "none" } } })

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm })

/** A note under the inputs (a PDF needs no document). */
export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const progress = style({ width: "100%", maxWidth: "440px", height: "12px" })

export const noPrint = style({ "@media": { print: { display: "none" } } })

/** The result: the verdict first, then the facts of each certificate and signer. */
export const result = style({ maxWidth: "880px" })

export const verdict = style({
  margin: `0 0 ${vars.space["6"]}`,
  padding: vars.space["4"],
  borderRadius: vars.radius.md,
  borderLeft: "6px solid",
  fontSize: vars.fontSize.lg,
  fontWeight: vars.weight.bold,
})

/** Colour AND words: the status's text is always written beside its colour. */
export const tone = styleVariants({
  good: { borderColor: vars.color.success, background: vars.color.successSurface, color: vars.color.success },
  bad: { borderColor: vars.color.danger, background: vars.color.dangerSurface, color: vars.color.danger },
  neutral: { borderColor: vars.color.border, background: vars.color.surfaceMuted, color: vars.color.text },
})

export const badge = style({ display: "inline-block", padding: `0 ${vars.space["2"]}`, borderRadius: vars.radius.sm, fontWeight: vars.weight.medium })

export const block = style({
  margin: `0 0 ${vars.space["6"]}`,
  padding: vars.space["5"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  breakInside: "avoid",
})

export const blockTitle = style({ margin: `0 0 ${vars.space["4"]}`, fontSize: vars.fontSize.xl })

/** Term beside value; on a phone the term above its value, so a name or a number keeps its width. */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(160px, max-content) minmax(0, 1fr)",
  gap: `${vars.space["2"]} ${vars.space["6"]}`,
  margin: 0,
  "@media": { "screen and (max-width: 560px)": { gridTemplateColumns: "minmax(0, 1fr)", rowGap: vars.space["1"] } },
})

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, "@media": { "screen and (max-width: 560px)": { marginTop: vars.space["2"] } } })

export const value = style({ margin: 0, overflowWrap: "anywhere" })

/** An owner or an issuer: the name in bold, then a line for each part; the identifiers side by side. */
export const name = style({ display: "flex", flexDirection: "column", gap: vars.space["1"] })

export const nameMain = style({ fontWeight: vars.weight.bold })

export const nameLine = style({ display: "block" })

export const identifiers = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space["1"]} ${vars.space["4"]}` })

export const identifier = style({ whiteSpace: "nowrap" })

export const spaced = style({ marginTop: vars.space["4"] })

export const kind = style({ marginBottom: vars.space["6"] })

export const list = style({ margin: 0, paddingLeft: vars.space["5"] })

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space["3"], "@media": { print: { display: "none" } } })

// Printing the result: no header, footer or navigation of the site, black on white.
globalStyle("header, footer, nav", { "@media": { print: { display: "none" } } })
