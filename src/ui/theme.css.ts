import { createGlobalTheme, globalFontFace, globalStyle } from "@vanilla-extract/css"
import { WEB_FONT_ATTRIBUTE } from "./web-font.ts"

const FALLBACK_STACK = '"Golos Fallback", "Golos Fallback DejaVu", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif'

/**
 * The design tokens (DESIGN.md "Look"): calm, exact, bank-grade. Components use these, never raw values.
 * Text colours meet WCAG AA on the surfaces they are used on.
 */
export const vars = createGlobalTheme(":root", {
  color: {
    surface: "#ffffff",
    surfaceMuted: "#f4f6fa",
    surfaceSunken: "#e9edf4",
    border: "#d5dbe5",
    text: "#1a2233",
    textMuted: "#4a5568",
    primary: "#0b3d91",
    primaryHover: "#082f70",
    primaryText: "#ffffff",
    accent: "#c2410c",
    accentHover: "#9a3412",
    accentText: "#ffffff",
    danger: "#b42318",
    dangerSurface: "#fdecea",
    success: "#1e7b34",
    successSurface: "#e7f6ec",
    focus: "#2563eb",
    overlay: "rgba(16, 24, 40, 0.55)",
  },
  space: { "0": "0", "1": "4px", "2": "8px", "3": "12px", "4": "16px", "5": "20px", "6": "24px", "8": "32px", "10": "40px", "12": "48px", "16": "64px" },
  radius: { sm: "4px", md: "8px", lg: "12px", pill: "999px" },
  shadow: {
    sm: "0 1px 2px rgba(16, 24, 40, 0.08)",
    md: "0 4px 12px rgba(16, 24, 40, 0.12)",
    lg: "0 12px 32px rgba(16, 24, 40, 0.18)",
  },
  // The fallback faces until the web font is let in (WEB_FONT_ATTRIBUTE, below).
  font: { body: FALLBACK_STACK },
  fontSize: { xs: "12px", sm: "14px", md: "16px", lg: "18px", xl: "22px", "2xl": "28px", "3xl": "36px" },
  lineHeight: { tight: "1.25", normal: "1.5" },
  weight: { normal: "400", medium: "500", bold: "700" },
  layout: { content: "1200px" },
  z: { header: "10", dropdown: "20", overlay: "30", alert: "40", loading: "50" },
})

/**
 * Fallback faces matched to Golos Text's metrics (DESIGN.md "Type"), so the text laid out before the
 * web font arrives keeps its place when the font swaps in (no layout shift): a local Arial (or its
 * metric twin Liberation Sans), else DejaVu Sans (Linux's default), scaled to Golos' width.
 * Golos: 1000 units per em, ascent 980, descent 220, no line gap. The widths are measured in Chromium
 * on a Russian paragraph (Golos against each fallback), at regular and at bold weight.
 */
const GOLOS = { ascent: 0.98, descent: 0.22 }
const matched = (sizeAdjust: number, weight: string, src: string) => ({
  src,
  fontWeight: weight,
  sizeAdjust: `${(sizeAdjust * 100).toFixed(1)}%`,
  ascentOverride: `${((GOLOS.ascent / sizeAdjust) * 100).toFixed(1)}%`,
  descentOverride: `${((GOLOS.descent / sizeAdjust) * 100).toFixed(1)}%`,
  lineGapOverride: "0%",
})
globalFontFace("Golos Fallback", [
  matched(1.06, "100 599", 'local("Arial"), local("ArialMT"), local("Liberation Sans"), local("LiberationSans")'),
  matched(1.007, "600 900", 'local("Arial Bold"), local("Arial-BoldMT"), local("Liberation Sans Bold"), local("LiberationSans-Bold")'),
])
globalFontFace("Golos Fallback DejaVu", [
  matched(0.921, "100 599", 'local("DejaVu Sans"), local("DejaVuSans")'),
  matched(0.856, "600 900", 'local("DejaVu Sans Bold"), local("DejaVuSans-Bold")'),
])

globalStyle(`:root[${WEB_FONT_ATTRIBUTE}]`, { vars: { [vars.font.body]: `"Golos Text Variable", "Golos Text", ${FALLBACK_STACK}` } })

/** Breakpoints, mobile first: use in `@media` of style objects. */
export const media = {
  tablet: "screen and (min-width: 768px)",
  desktop: "screen and (min-width: 1024px)",
} as const

globalStyle("*, *::before, *::after", { boxSizing: "border-box" })
globalStyle("html, body", {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  background: vars.color.surface,
})
globalStyle("a", { color: vars.color.primary })
globalStyle("a:hover", { color: vars.color.primaryHover })
globalStyle(":focus-visible", { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" })
globalStyle("button, input, select, textarea", { font: "inherit" })
