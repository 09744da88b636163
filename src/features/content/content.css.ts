import { globalStyle, style } from "@vanilla-extract/css"
import { media, vars } from "../../ui/theme.css.ts"

/**
 * The content pages. `prose` is the one typography of the CRM-authored HTML (the rich-text
 * editor's headings, paragraphs, lists, quotes, tables, links and images), wherever a page shows it.
 */
export const prose = style({ maxWidth: "760px", fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.normal, overflowWrap: "anywhere" })

globalStyle(`${prose} > :first-child`, { marginTop: 0 })
globalStyle(`${prose} p`, { margin: `0 0 ${vars.space["4"]}` })
globalStyle(`${prose} h2`, { margin: `${vars.space["8"]} 0 ${vars.space["3"]}`, fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight })
globalStyle(`${prose} h3`, { margin: `${vars.space["6"]} 0 ${vars.space["2"]}`, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.tight })
globalStyle(`${prose} ul, ${prose} ol`, { margin: `0 0 ${vars.space["4"]}`, paddingLeft: vars.space["6"] })
globalStyle(`${prose} li`, { marginBottom: vars.space["2"] })
globalStyle(`${prose} a`, { color: vars.color.primary, textDecoration: "underline", textUnderlineOffset: "2px" })
globalStyle(`${prose} a:hover`, { color: vars.color.primaryHover })
globalStyle(`${prose} blockquote`, {
  margin: `0 0 ${vars.space["4"]}`,
  padding: `${vars.space["3"]} ${vars.space["4"]}`,
  borderLeft: `4px solid ${vars.color.primary}`,
  background: vars.color.surfaceMuted,
})
globalStyle(`${prose} img`, { maxWidth: "100%", height: "auto", borderRadius: vars.radius.md })
globalStyle(`${prose} table`, { width: "100%", borderCollapse: "collapse", margin: `0 0 ${vars.space["4"]}`, display: "block", overflowX: "auto" })
globalStyle(`${prose} th, ${prose} td`, { padding: vars.space["2"], border: `1px solid ${vars.color.border}`, textAlign: "left", verticalAlign: "top" })
globalStyle(`${prose} th`, { background: vars.color.surfaceMuted, fontWeight: vars.weight.bold })

export const layout = style({ display: "grid", gap: vars.space["8"], "@media": { [media.desktop]: { gridTemplateColumns: "minmax(0, 1fr) 280px" } } })

export const aside = style({ display: "flex", flexDirection: "column", gap: vars.space["3"] })

export const asideTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.weight.bold })

export const filterList = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"], listStyle: "none", margin: `0 0 ${vars.space["6"]}`, padding: 0 })

export const filterLink = style({
  display: "inline-block",
  padding: `${vars.space["1"]} ${vars.space["3"]}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  fontSize: vars.fontSize.sm,
  selectors: {
    "&:hover": { borderColor: vars.color.primary },
    '&[aria-current="page"]': { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.primaryText },
  },
})

/* FAQ */
export const rubric = style({ marginBottom: vars.space["10"] })

export const rubricTitle = style({ margin: `0 0 ${vars.space["3"]}`, fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight })

export const accordion = style({ borderTop: `1px solid ${vars.color.border}` })

export const item = style({ borderBottom: `1px solid ${vars.color.border}` })

export const question = style({
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "space-between",
  gap: vars.space["4"],
  padding: `${vars.space["4"]} 0`,
  cursor: "pointer",
  listStyle: "none",
  fontWeight: vars.weight.medium,
  fontSize: vars.fontSize.md,
  selectors: {
    "&::-webkit-details-marker": { display: "none" },
    "&::after": { content: '"+"', flex: "none", width: "24px", textAlign: "center", fontSize: vars.fontSize.xl, lineHeight: 1, color: vars.color.primary },
    [`${item}[open] > &::after`]: { content: '"−"' },
    "&:hover": { color: vars.color.primary },
  },
})

export const answer = style({ padding: `0 0 ${vars.space["4"]}` })

export const articles = style({ marginTop: vars.space["4"] })

export const articlesTitle = style({ margin: `0 0 ${vars.space["2"]}`, fontSize: vars.fontSize.md, fontWeight: vars.weight.bold })

/** The FAQ search's place, as tall as the form (question_search_frm) it receives after hydration: nothing moves when it arrives. */
export const searchSlot = style({ minHeight: "206px", marginBottom: vars.space["6"] })

export const meta = style({ margin: `0 0 ${vars.space["4"]}`, color: vars.color.textMuted, fontSize: vars.fontSize.sm })

/* News */
export const posts = style({ display: "grid", gap: vars.space["6"], listStyle: "none", margin: `0 0 ${vars.space["8"]}`, padding: 0 })

export const post = style({
  display: "grid",
  gap: vars.space["4"],
  paddingBottom: vars.space["6"],
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { [media.tablet]: { gridTemplateColumns: "200px minmax(0, 1fr)" } },
})

export const postNoCover = style({ "@media": { [media.tablet]: { gridTemplateColumns: "minmax(0, 1fr)" } } })

export const cover = style({ width: "100%", height: "auto", aspectRatio: "16 / 9", objectFit: "cover", borderRadius: vars.radius.md, background: vars.color.surfaceSunken })

export const postTitle = style({ margin: `0 0 ${vars.space["2"]}`, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.tight })

export const postLink = style({ color: vars.color.text, textDecoration: "none", selectors: { "&:hover": { color: vars.color.primary, textDecoration: "underline" } } })

export const postPreview = style({ margin: `0 0 ${vars.space["2"]}` })

export const postMeta = style({ display: "flex", flexWrap: "wrap", gap: vars.space["3"], margin: `0 0 ${vars.space["2"]}`, color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const articleCover = style({ width: "100%", maxWidth: "760px", height: "auto", aspectRatio: "16 / 9", objectFit: "cover", borderRadius: vars.radius.lg, margin: `0 0 ${vars.space["6"]}` })

export const back = style({ display: "inline-block", marginTop: vars.space["8"], color: vars.color.primary })

/* Documents */
export const docGroup = style({ marginBottom: vars.space["8"] })

export const docList = style({ display: "grid", gap: vars.space["2"], listStyle: "none", margin: 0, padding: 0 })

export const docItem = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: vars.space["2"],
  padding: vars.space["4"],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
})

export const docLink = style({ color: vars.color.primary, fontWeight: vars.weight.medium })

export const docFormat = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, whiteSpace: "nowrap" })

/* Required documents */
export const applicants = style({ display: "grid", gap: vars.space["6"], marginTop: vars.space["8"], "@media": { [media.desktop]: { gridTemplateColumns: "repeat(3, 1fr)" } } })

export const applicant = style({ padding: vars.space["5"], borderRadius: vars.radius.lg, border: `1px solid ${vars.color.border}`, background: vars.color.surface })

export const applicantLead = style({ margin: `0 0 ${vars.space["4"]}`, color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const needList = style({ display: "grid", gap: vars.space["3"], listStyle: "none", margin: 0, padding: 0 })

export const needName = style({ fontWeight: vars.weight.medium })

export const needNote = style({ display: "block", color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const needRole = style({ display: "inline-block", marginLeft: vars.space["2"], padding: `0 ${vars.space["2"]}`, borderRadius: vars.radius.pill, background: vars.color.surfaceMuted, fontSize: vars.fontSize.xs, color: vars.color.textMuted })

/* Banners */
export const banners = style({ display: "grid", gap: vars.space["4"], listStyle: "none", margin: `0 0 ${vars.space["6"]}`, padding: 0 })

export const bannerImage = style({ display: "block", width: "100%", height: "auto", maxHeight: "240px", objectFit: "cover", borderRadius: vars.radius.lg })

export const formSlot = style({ marginTop: vars.space["8"], maxWidth: "760px" })
