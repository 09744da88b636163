import * as checkbox from "@zag-js/checkbox"
import { mergeProps, normalizeProps, useMachine } from "@zag-js/react"
import type { ReactNode } from "react"
import { checkBox, checkInput, checkMark, checkRoot, checkText } from "./fields.css.ts"

export interface ZagCheckboxProps {
  /** The native input's id (the engine's control id for a lone checkbox). */
  readonly id: string
  readonly name: string
  readonly value?: string
  readonly checked: boolean
  readonly disabled: boolean
  readonly invalid: boolean
  readonly required?: boolean
  readonly describedBy?: string | undefined
  readonly children: ReactNode
  readonly onCheckedChange: (checked: boolean) => void
  readonly onBlur?: () => void
}

/**
 * One checkbox on Zag's machine: a transparent native input (keyboard, forms, screen readers) inside the
 * label over a drawn box that shows its state and its keyboard focus.
 */
export function ZagCheckbox({ id, name, value, checked, disabled, invalid, required, describedBy, children, onCheckedChange, onBlur }: ZagCheckboxProps) {
  const service = useMachine(checkbox.machine, {
    id,
    ids: { hiddenInput: id, label: `${id}-text` },
    name,
    value,
    checked,
    disabled,
    invalid,
    required,
    onCheckedChange: (details) => onCheckedChange(details.checked === true),
  })
  const api = checkbox.connect(service, normalizeProps)
  return (
    <label {...api.getRootProps()} className={checkRoot}>
      <input {...mergeProps(api.getHiddenInputProps(), { "aria-describedby": describedBy, onBlur })} style={undefined} className={checkInput} />
      <span {...api.getControlProps()} className={checkBox}>
        <span {...api.getIndicatorProps()} className={checkMark} />
      </span>
      <span {...api.getLabelProps()} className={checkText}>
        {children}
      </span>
    </label>
  )
}
