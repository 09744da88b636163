import { normalizeProps, useMachine } from "@zag-js/react"
import * as select from "@zag-js/select"
import { useMemo } from "react"
import type { FieldOption } from "../../../../schemas/forms/types.ts"
import { widgetMessages } from "../../../../schemas/messages/widget.ts"
import { label as labelClass } from "../../../ui/field.css.ts"
import type { FieldProps } from "../field-props.ts"
import { describedBy, FieldFrame, isRequired, labelIdOf } from "./FieldFrame.tsx"
import { chevron, listbox, option as optionClass, optionCheck, optionEmpty, positioner, trigger, triggerText } from "./fields.css.ts"
import { OptionText } from "./OptionText.tsx"

/** Zag's collection of a field's choices: value, label and disabled as the engine's options hold them. */
export const optionCollection = (options: readonly FieldOption[]) =>
  select.collection<FieldOption>({
    items: options,
    itemToValue: (o) => o.value,
    itemToString: (o) => o.label,
    isItemDisabled: (o) => o.disabled === true,
  })

/** The chosen values in the order of the options (a multiselect keeps no click order). */
export const inOptionOrder = (options: readonly FieldOption[], chosen: readonly string[]): string[] =>
  options.map((o) => o.value).filter((v) => chosen.includes(v))

/** What the trigger shows: the chosen labels joined with "; " (SPEC.md section 4), or the placeholder. */
export function triggerLabel(options: readonly FieldOption[], chosen: readonly string[], placeholder: string | undefined): string {
  const labels = options.filter((o) => chosen.includes(o.value)).map((o) => o.label)
  return labels.length > 0 ? labels.join(widgetMessages.listSeparator) : (placeholder ?? widgetMessages.choose)
}

export interface ZagSelectProps extends Omit<FieldProps, "value" | "onChange"> {
  readonly value: readonly string[]
  readonly multiple: boolean
  readonly onValueChange: (value: string[]) => void
}

/**
 * A select or multiselect on Zag's select machine: a button (role combobox) named by the field's label
 * opens a listbox; arrows, Home/End, typeahead, Enter/Space choose, Escape or an outside click closes.
 * A multiselect stays open while choosing and ticks its choices.
 */
export function ZagSelect({ field, id, value, multiple, errors, disabled, options, onValueChange, onBlur }: ZagSelectProps) {
  const collection = useMemo(() => optionCollection(options), [options])
  const service = useMachine(select.machine, {
    id,
    ids: { trigger: id, label: labelIdOf(id) },
    name: field.name,
    collection,
    value: [...value],
    multiple,
    closeOnSelect: !multiple,
    disabled,
    invalid: errors.length > 0,
    required: isRequired(field),
    positioning: { placement: "bottom-start", sameWidth: true, gutter: 4 },
    onValueChange: (details) => onValueChange(inOptionOrder(options, details.value)),
  })
  const api = select.connect(service, normalizeProps)
  const text = triggerLabel(options, value, field.placeholder)
  return (
    <FieldFrame
      id={id}
      field={field}
      errors={errors}
      label={
        field.label ? (
          <label
            {...api.getLabelProps()}
            htmlFor={id}
            className={labelClass}
            onClick={(e) => {
              // Focus the trigger without the click a label passes to its button (which would open the list).
              e.preventDefault()
              api.focus()
            }}
          >
            {field.label}
          </label>
        ) : null
      }
    >
      <div
        {...api.getRootProps()}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur()
        }}
      >
        <div {...api.getControlProps()}>
          <button {...api.getTriggerProps()} className={trigger} aria-describedby={describedBy(id, field, errors)}>
            <span {...api.getValueTextProps()} className={triggerText}>
              {text}
            </span>
            <span {...api.getIndicatorProps()} className={chevron} />
          </button>
        </div>
        <div {...api.getPositionerProps()} className={positioner}>
          <ul {...api.getContentProps()} className={listbox}>
            {options.map((option) => (
              <li key={option.value} {...api.getItemProps({ item: option })} className={optionClass}>
                {multiple ? <span className={optionCheck} aria-hidden="true" /> : null}
                <span {...api.getItemTextProps({ item: option })}>
                  <OptionText option={option} />
                </span>
              </li>
            ))}
          </ul>
          {api.open && options.length === 0 ? <p className={`${listbox} ${optionEmpty}`}>{widgetMessages.noOptions}</p> : null}
        </div>
      </div>
    </FieldFrame>
  )
}
