import { style } from "@vanilla-extract/css"
import { control } from "../../../ui/field.css.ts"
import { media, vars } from "../../../ui/theme.css.ts"

/** Styles of the form engine's field widgets; the Zag.js parts are styled through their data-* states. */

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const textarea = style([control, { minHeight: "96px", resize: "vertical", lineHeight: vars.lineHeight.normal }])

/** The keyboard focus of a visually hidden native input shows on the box drawn after it. */
const focusRing = { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" }

// ---- select, multiselect, autocomplete ----

export const trigger = style([
  control,
  {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: vars.space["2"],
    textAlign: "start",
    cursor: "pointer",
    selectors: {
      "&[data-placeholder-shown]": { color: vars.color.textMuted },
      "&:disabled": { background: vars.color.surfaceMuted, cursor: "not-allowed" },
    },
  },
])

export const triggerText = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })

export const chevron = style({
  flexShrink: 0,
  width: "8px",
  height: "8px",
  borderRight: "2px solid currentColor",
  borderBottom: "2px solid currentColor",
  transform: "translateY(-2px) rotate(45deg)",
  transition: "transform 0.15s",
  selectors: { '&[data-state="open"]': { transform: "translateY(2px) rotate(-135deg)" } },
})

/**
 * A popup's layer: Zag's positioner takes its z-index from the content inside it (it copies the
 * content's computed z-index into --z-index), so the popups set theirs here.
 */
const popupLayer = { position: "relative", zIndex: vars.z.dropdown } as const

/** The positioner itself (its inline z-index comes from the content, see above). */
export const positioner = style({ zIndex: vars.z.dropdown })

export const listbox = style({
  ...popupLayer,
  maxHeight: "280px",
  overflowY: "auto",
  margin: 0,
  padding: vars.space["1"],
  listStyle: "none",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.md,
  // The list has no options to show: the "nothing found" note stands in for it.
  selectors: { "&:focus-visible": { outline: "none" }, "&:empty": { display: "none" } },
})

export const option = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space["2"],
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  selectors: {
    "&[data-highlighted]": { background: vars.color.surfaceSunken },
    '&[data-state="checked"]': { fontWeight: vars.weight.medium, color: vars.color.primary },
    "&[data-disabled]": { color: vars.color.textMuted, cursor: "not-allowed" },
  },
})

export const optionCheck = style({
  flexShrink: 0,
  width: "16px",
  height: "16px",
  marginTop: "2px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  selectors: {
    '[data-state="checked"] > &': {
      borderColor: vars.color.primary,
      background: vars.color.primary,
      boxShadow: `inset 0 0 0 3px ${vars.color.surface}`,
    },
  },
})

export const optionEmpty = style({ padding: `${vars.space["2"]} ${vars.space["3"]}`, color: vars.color.textMuted, fontSize: vars.fontSize.sm })

/** Label, tooltip and cost of a choice. */
export const optionBody = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", columnGap: vars.space["3"], minWidth: 0 })
export const optionLabel = style({ minWidth: 0 })
export const optionCost = style({ whiteSpace: "nowrap", fontWeight: vars.weight.medium, color: vars.color.text })
export const optionTooltip = style({ flexBasis: "100%", color: vars.color.textMuted, fontSize: vars.fontSize.xs, fontWeight: vars.weight.normal })

export const comboControl = style({ position: "relative", display: "flex", alignItems: "center" })
export const comboInput = style([control, { paddingRight: "76px" }])
export const comboButtons = style({ position: "absolute", right: vars.space["1"], display: "flex", gap: vars.space["1"] })

export const iconButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "32px",
  height: "32px",
  padding: 0,
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  selectors: {
    "&:hover:not(:disabled)": { background: vars.color.surfaceSunken, color: vars.color.text },
    "&[hidden]": { display: "none" },
    "&:disabled": { cursor: "not-allowed" },
  },
})

/** A cross drawn with two borders, so no icon font or svg is needed. */
export const cross = style({
  position: "relative",
  width: "12px",
  height: "12px",
  selectors: {
    "&::before, &::after": {
      content: '""',
      position: "absolute",
      top: "5px",
      left: 0,
      width: "12px",
      height: "2px",
      background: "currentColor",
    },
    "&::before": { transform: "rotate(45deg)" },
    "&::after": { transform: "rotate(-45deg)" },
  },
})

// ---- calendar ----

export const calendarControl = style({ position: "relative", display: "flex", alignItems: "center" })
export const calendarInput = style([control, { paddingRight: "44px" }])
export const calendarTrigger = style([iconButton, { position: "absolute", right: vars.space["1"] }])

/** A small calendar page drawn with borders. */
export const calendarIcon = style({
  width: "16px",
  height: "14px",
  border: "2px solid currentColor",
  borderTopWidth: "4px",
  borderRadius: "2px",
})

export const calendarContent = style({
  ...popupLayer,
  padding: vars.space["3"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.md,
  selectors: { "&:focus-visible": { outline: "none" } },
})

export const calendarHeader = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space["2"], marginBottom: vars.space["2"] })

export const calendarViewTrigger = style({
  flex: 1,
  minHeight: "32px",
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.text,
  fontWeight: vars.weight.medium,
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.surfaceSunken } },
})

export const arrowPrev = style({
  width: "8px",
  height: "8px",
  borderLeft: "2px solid currentColor",
  borderBottom: "2px solid currentColor",
  transform: "translateX(2px) rotate(45deg)",
})
export const arrowNext = style([arrowPrev, { transform: "translateX(-2px) rotate(-135deg)" }])

export const calendarTable = style({ borderCollapse: "collapse", width: "100%" })
export const calendarWeekDay = style({ padding: vars.space["1"], color: vars.color.textMuted, fontSize: vars.fontSize.xs, fontWeight: vars.weight.medium, textAlign: "center" })
export const calendarCell = style({ padding: "1px", textAlign: "center" })

export const calendarCellTrigger = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: "36px",
  height: "36px",
  paddingInline: vars.space["1"],
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  textTransform: "capitalize",
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceSunken },
    "&[data-today]": { fontWeight: vars.weight.bold, color: vars.color.primary },
    "&[data-outside-range]": { color: vars.color.textMuted },
    "&[data-selected]": { background: vars.color.primary, color: vars.color.primaryText },
    "&[data-disabled]": { color: vars.color.border, background: "transparent", cursor: "not-allowed" },
    "&[data-focus]:focus-visible": focusRing,
  },
})

// ---- rating ----

export const ratingControl = style({ display: "flex", flexWrap: "wrap", gap: vars.space["1"], selectors: { "&:focus-visible": { outline: "none" } } })

export const ratingItem = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  // Ten items fit one row of a phone at 32 px; wider from a tablet on.
  width: "32px",
  height: "40px",
  "@media": { [media.tablet]: { width: "40px" } },
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: vars.weight.medium,
  cursor: "pointer",
  selectors: {
    "&[data-highlighted]": { borderColor: vars.color.primary, background: vars.color.primary, color: vars.color.primaryText },
    "&[data-disabled]": { opacity: 0.6, cursor: "not-allowed" },
    '[aria-invalid="true"] > &': { borderColor: vars.color.danger },
  },
})

// ---- checkbox, checkbox group, radio group ----

/** Positioned, so Zag's visually hidden input stays inside the row it belongs to. */
export const checkRoot = style({ position: "relative", display: "flex", alignItems: "flex-start", gap: vars.space["2"], minHeight: "32px", cursor: "pointer", selectors: { "&[data-disabled]": { cursor: "not-allowed", opacity: 0.6 } } })

/**
 * The native checkbox or radio, transparent over the drawn box instead of Zag's clipped 1 px: a click on
 * the box is a click on the input, and tools that click an input's centre (Playwright) reach it.
 */
export const checkInput = style({
  position: "absolute",
  zIndex: 1,
  top: "2px",
  left: 0,
  width: "20px",
  height: "20px",
  margin: 0,
  opacity: 0,
  cursor: "inherit",
})

export const checkBox = style({
  flexShrink: 0,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "20px",
  height: "20px",
  marginTop: "2px",
  border: `2px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  selectors: {
    '&[data-state="checked"]': { borderColor: vars.color.primary, background: vars.color.primary },
    "&[data-invalid]": { borderColor: vars.color.danger },
    "input:focus-visible + &": focusRing,
  },
})

/** The tick: two borders of a rotated box. */
export const checkMark = style({
  width: "6px",
  height: "11px",
  marginTop: "-2px",
  borderRight: `2px solid ${vars.color.primaryText}`,
  borderBottom: `2px solid ${vars.color.primaryText}`,
  transform: "rotate(45deg)",
  selectors: { "&[hidden]": { display: "none" } },
})

export const radioBox = style([
  checkBox,
  {
    borderRadius: vars.radius.pill,
    selectors: {
      '&[data-state="checked"]': { borderColor: vars.color.primary, background: vars.color.surface, boxShadow: `inset 0 0 0 4px ${vars.color.primary}` },
    },
  },
])

export const checkText = style({ fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.normal })

export const fieldset = style({ display: "flex", flexDirection: "column", gap: vars.space["1"], minWidth: 0, margin: 0, padding: 0, border: 0 })
export const legend = style({ padding: 0, marginBottom: vars.space["1"], fontSize: vars.fontSize.sm, fontWeight: vars.weight.medium, color: vars.color.text })
export const choices = style({ display: "flex", flexDirection: "column", gap: vars.space["1"] })

// ---- text block, buttons ----

export const textBlock = style({ display: "flex", flexDirection: "column", gap: vars.space["1"] })
export const textHeading = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.weight.bold, lineHeight: vars.lineHeight.tight })
export const textBody = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const linkButton = style({
  display: "inline",
  padding: 0,
  border: 0,
  background: "transparent",
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  textAlign: "start",
  textDecoration: "underline",
  cursor: "pointer",
  selectors: { "&:hover:not(:disabled)": { color: vars.color.primaryHover }, "&:disabled": { opacity: 0.6, cursor: "not-allowed" } },
})
