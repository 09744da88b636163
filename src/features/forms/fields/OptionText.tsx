import type { FieldOption } from "../../../../schemas/forms/types.ts"
import { formatRubles } from "../../../../schemas/money.ts"
import { optionBody, optionCost, optionLabel, optionTooltip } from "./fields.css.ts"

/**
 * What a choice shows: its label, its cost in rubles and its tooltip. The tooltip is printed under the
 * label rather than in a hover bubble, which a keyboard, a touch screen or a screen reader would miss.
 */
export function OptionText({ option }: { option: FieldOption }) {
  const { cost, tooltip } = option.attributes ?? {}
  return (
    <span className={optionBody}>
      <span className={optionLabel}>{option.label}</span>
      {cost !== undefined ? <span className={optionCost}>{formatRubles(cost)}</span> : null}
      {tooltip ? <span className={optionTooltip}>{tooltip}</span> : null}
    </span>
  )
}
