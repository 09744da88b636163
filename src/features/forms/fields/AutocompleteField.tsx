import * as combobox from "@zag-js/combobox"
import { normalizeProps, useMachine } from "@zag-js/react"
import { useEffect, useMemo, useState } from "react"
import { SUGGEST_MIN_QUERY } from "../../../../schemas/constants.ts"
import type { FieldOption } from "../../../../schemas/forms/types.ts"
import { messages } from "../../../../schemas/messages/common.ts"
import { widgetMessages } from "../../../../schemas/messages/widget.ts"
import { label as labelClass } from "../../../ui/field.css.ts"
import type { FieldProps } from "../field-props.ts"
import { describedBy, FieldFrame, isRequired, labelIdOf } from "./FieldFrame.tsx"
import { chevron, comboButtons, comboControl, comboInput, cross, iconButton, listbox, option as optionClass, optionEmpty, positioner } from "./fields.css.ts"
import { OptionText } from "./OptionText.tsx"

/** Whether typed text filters the list: from 3 characters on (SPEC.md section 5, "Input handling"). */
export const filters = (query: string): boolean => query.trim().length >= SUGGEST_MIN_QUERY

/** The options a query leaves: those whose label contains it, ignoring case; all of them below 3 characters. */
export function filterOptions(options: readonly FieldOption[], query: string): readonly FieldOption[] {
  if (!filters(query)) return options
  const needle = query.trim().toLocaleLowerCase("ru-RU")
  return options.filter((o) => o.label.toLocaleLowerCase("ru-RU").includes(needle))
}

/**
 * A choice typed for (`autocomplete`) on Zag's combobox machine. The value is the chosen option's value;
 * the list opens by typing (from 3 characters, filtered), by a click, ArrowDown or the arrow button (all
 * choices). The clear button empties the value and the text and opens the whole list again (SPEC.md section 4).
 */
export function AutocompleteField({ field, id, value, errors, disabled, options, onChange, onBlur, onHandler }: FieldProps<string>) {
  const chosen = typeof value === "string" ? value : ""
  // What the visitor typed; choosing or clearing resets it, so the list opens whole again.
  const [query, setQuery] = useState("")
  const items = useMemo(() => filterOptions(options, query), [options, query])
  const collection = useMemo(
    () =>
      combobox.collection<FieldOption>({
        items,
        itemToValue: (o) => o.value,
        itemToString: (o) => o.label,
        isItemDisabled: (o) => o.disabled === true,
      }),
    [items],
  )
  const service = useMachine(combobox.machine, {
    id,
    ids: { input: id, label: labelIdOf(id) },
    name: field.name,
    collection,
    value: chosen ? [chosen] : [],
    defaultInputValue: options.find((o) => o.value === chosen)?.label ?? "",
    placeholder: field.placeholder,
    disabled,
    invalid: errors.length > 0,
    required: isRequired(field),
    inputBehavior: "autohighlight",
    openOnClick: true,
    // Typing opens the list only from 3 characters; Zag's own `openOnChange` test sees the text before
    // the keystroke, so the field opens and closes the list itself (below).
    openOnChange: false,
    positioning: { placement: "bottom-start", sameWidth: true, gutter: 4 },
    translations: { triggerLabel: widgetMessages.showOptions, clearTriggerLabel: widgetMessages.clear },
    onInputValueChange: ({ inputValue, reason }) => {
      setQuery(reason === "input-change" ? inputValue : "")
      if (reason !== "input-change") return
      // A host that loads the choices for the typed text (`handlers.input`) hears it.
      if (field.handlers?.input) onHandler("input", inputValue)
      if (!filters(inputValue)) return service.send({ type: "CLOSE", src: "input-change" })
      service.send({ type: "OPEN", src: "input-change" })
    },
    onValueChange: (details) => onChange(details.value[0] ?? ""),
  })
  const api = combobox.connect(service, normalizeProps)

  // While typed text filters the list, its first match is highlighted, so Enter takes it (Zag's own
  // autohighlight covers only the keystrokes after the list opened).
  const { open, highlightedValue } = api
  const firstMatch = filters(query) ? items.find((o) => o.disabled !== true)?.value : undefined
  useEffect(() => {
    if (open && firstMatch !== undefined && highlightedValue === null) service.send({ type: "HIGHLIGHTED_VALUE.SET", value: firstMatch })
  }, [service, open, firstMatch, highlightedValue])
  const empty = chosen === "" && api.inputValue === ""
  const clearProps = api.getClearTriggerProps()
  return (
    <FieldFrame
      id={id}
      field={field}
      errors={errors}
      label={
        field.label ? (
          <label {...api.getLabelProps()} className={labelClass}>
            {field.label}
          </label>
        ) : null
      }
    >
      <div
        {...api.getRootProps()}
        onBlur={(e) => {
          if (e.currentTarget.contains(e.relatedTarget as Node | null)) return
          // Typed text that chose nothing is no value: the field shows the chosen label again (or nothing).
          const label = options.find((o) => o.value === chosen)?.label ?? ""
          if (api.inputValue !== label) api.setInputValue(label)
          onBlur()
        }}
      >
        <div {...api.getControlProps()} className={comboControl}>
          <input {...api.getInputProps()} className={comboInput} aria-describedby={describedBy(id, field, errors)} />
          <span className={comboButtons}>
            <button
              {...clearProps}
              // Reachable by Tab too (Zag leaves it to the mouse), and shown while there is text to clear.
              tabIndex={0}
              hidden={empty}
              className={iconButton}
              onClick={(e) => {
                // Zag empties the value and the text first; then the list opens again, whole.
                clearProps.onClick?.(e)
                api.setOpen(true)
              }}
            >
              <span className={cross} aria-hidden="true" />
            </button>
            <button {...api.getTriggerProps()} className={iconButton}>
              <span className={chevron} data-state={api.open ? "open" : "closed"} aria-hidden="true" />
            </button>
          </span>
        </div>
        <div {...api.getPositionerProps()} className={positioner}>
          <ul {...api.getContentProps()} className={listbox}>
            {items.map((option) => (
              <li key={option.value} {...api.getItemProps({ item: option })} className={optionClass}>
                <span {...api.getItemTextProps({ item: option })}>
                  <OptionText option={option} />
                </span>
              </li>
            ))}
          </ul>
          {api.open && items.length === 0 ? (
            <p className={`${listbox} ${optionEmpty}`} role="status">
              {messages.empty}
            </p>
          ) : null}
        </div>
      </div>
    </FieldFrame>
  )
}
