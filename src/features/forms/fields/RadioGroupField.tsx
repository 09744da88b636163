import * as radio from "@zag-js/radio-group"
import { normalizeProps, useMachine } from "@zag-js/react"
import { label as labelClass } from "../../../ui/field.css.ts"
import type { FieldProps } from "../field-props.ts"
import { describedBy, FieldFrame, isRequired, labelIdOf } from "./FieldFrame.tsx"
import { checkInput, checkRoot, checkText, choices, radioBox } from "./fields.css.ts"
import { OptionText } from "./OptionText.tsx"

/**
 * One choice of several (`radiogroup`) on Zag's radio-group machine: a radiogroup named by its label,
 * arrow keys move the choice, each radio a transparent native input over a drawn circle.
 */
export function RadioGroupField({ field, id, value, errors, disabled, options, onChange, onBlur }: FieldProps<string>) {
  const invalid = errors.length > 0
  const service = useMachine(radio.machine, {
    id,
    ids: { root: id, label: labelIdOf(id) },
    name: field.name,
    value: typeof value === "string" && value !== "" ? value : null,
    disabled,
    invalid,
    required: isRequired(field),
    orientation: "vertical",
    onValueChange: (details) => onChange(details.value ?? ""),
  })
  const api = radio.connect(service, normalizeProps)
  return (
    <FieldFrame id={id} field={field} errors={errors} label={null}>
      <div
        {...api.getRootProps()}
        aria-describedby={describedBy(id, field, errors)}
        onBlur={(e) => {
          // Touched once focus leaves the group, not when the arrows move it from one radio to the next.
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur()
        }}
      >
        {field.label ? (
          <span {...api.getLabelProps()} className={labelClass}>
            {field.label}
          </span>
        ) : null}
        <div className={choices}>
          {options.map((option) => {
            const item = { value: option.value, disabled: option.disabled === true, invalid }
            return (
              <label key={option.value} {...api.getItemProps(item)} className={checkRoot}>
                <input {...api.getItemHiddenInputProps(item)} style={undefined} className={checkInput} />
                <span {...api.getItemControlProps(item)} className={radioBox} />
                <span {...api.getItemTextProps(item)} className={checkText}>
                  <OptionText option={option} />
                </span>
              </label>
            )
          })}
        </div>
      </div>
    </FieldFrame>
  )
}
