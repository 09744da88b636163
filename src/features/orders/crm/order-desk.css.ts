import { style } from "@vanilla-extract/css"
import { media, vars } from "../../../ui/theme.css.ts"

/** The order's panel in the CRM: the issued certificate, the customer's scans, the identity check. */
export const block = style({ margin: `0 0 ${vars.space["8"]}` })

export const lead = style({ margin: `0 0 ${vars.space["4"]}`, color: vars.color.textMuted, maxWidth: "80ch" })

export const scans = style({
  display: "grid",
  gap: vars.space["4"],
  gridTemplateColumns: "1fr",
  padding: 0,
  margin: 0,
  listStyle: "none",
  "@media": { [media.tablet]: { gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))" } },
})

export const scan = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["2"],
  padding: vars.space["3"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
})

export const scanTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.weight.medium })

export const scanName = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted, overflowWrap: "anywhere" })

export const image = style({
  display: "block",
  width: "100%",
  maxHeight: "320px",
  objectFit: "contain",
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.sm,
})

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"] })

export const link = style({ color: vars.color.primary, fontWeight: vars.weight.medium })

export const items = style({ display: "grid", gap: vars.space["4"], padding: 0, margin: `0 0 ${vars.space["6"]}`, listStyle: "none" })

export const item = style({
  display: "grid",
  gap: vars.space["3"],
  padding: vars.space["4"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  "@media": { [media.desktop]: { gridTemplateColumns: "minmax(220px, 1fr) 2fr", columnGap: vars.space["6"] } },
})

export const itemTitle = style({ margin: 0, fontSize: vars.fontSize.lg })

export const checks = style({ display: "grid", gap: vars.space["1"], padding: 0, margin: 0, listStyle: "none", fontSize: vars.fontSize.sm })

export const ok = style({ color: vars.color.success })
export const failed = style({ color: vars.color.danger })
export const unknown = style({ color: vars.color.textMuted })

export const muted = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const form = style({ display: "grid", gap: vars.space["3"], maxWidth: "560px" })
