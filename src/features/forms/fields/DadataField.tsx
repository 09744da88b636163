import * as combobox from "@zag-js/combobox"
import { normalizeProps, useMachine } from "@zag-js/react"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useMemo } from "react"
import { fromPromise } from "xstate"
import { type Suggestion, suggestMachine, type SuggestQuery } from "../../../../machines/suggest.machine.ts"
import { widgetMessages } from "../../../../schemas/messages/widget.ts"
import { control, label as labelClass } from "../../../ui/field.css.ts"
import type { FieldProps } from "../field-props.ts"
import { lookupSuggestions } from "../services/suggestions.ts"
import { describedBy, FieldFrame, isRequired, labelIdOf } from "./FieldFrame.tsx"
import { comboControl, listbox, option, positioner } from "./fields.css.ts"
import * as css from "./service-fields.css.ts"

const t = widgetMessages.suggest

/** A suggestion in the list; the key tells apart two suggestions with the same text (two branches). */
interface Item {
  readonly key: string
  readonly suggestion: Suggestion
}

/** The suggest machine with the server's suggestions; a dropped lookup aborts its request. */
const suggester = suggestMachine.provide({
  actors: { lookup: fromPromise<readonly Suggestion[], SuggestQuery>(({ input, signal }) => lookupSuggestions(input, signal)) },
})

/** What is shown under a company's name: its INN and address. */
function partyDetails(s: Suggestion): string | null {
  const parts = [s.data.inn ? t.inn(s.data.inn) : null, s.data.address?.value ?? null].filter(Boolean)
  return parts.length > 0 ? parts.join(", ") : null
}

/**
 * A company or address field with DaData's suggestions (`dadata`, `attributes.suggest` "party" or
 * "address"). The suggest machine decides when to look up and when the list is open; Zag's combobox
 * renders it (roles, aria-activedescendant, arrows, Enter, Escape, a click outside). The value is
 * the text; choosing a company also runs the field's `select` handler with the suggestion, which
 * fills the form's INN, KPP, OGRN and address.
 */
export function DadataField({ field, id, value, errors, disabled, onChange, onBlur, onHandler }: FieldProps<string>) {
  const text = typeof value === "string" ? value : ""
  const kind = field.attributes?.suggest ?? "party"
  const actor = useActorRef(suggester, { input: { kind, text } })
  useEffect(() => {
    const sub = actor.on("selected", ({ suggestion }) => {
      onChange(suggestion.value)
      onHandler("select", suggestion)
    })
    return () => sub.unsubscribe()
  }, [actor, onChange, onHandler])
  const open = useSelector(actor, (s) => s.matches({ focused: "open" }))
  const suggestions = useSelector(actor, (s) => s.context.suggestions)
  const failed = useSelector(actor, (s) => s.context.failed)

  const items = useMemo(() => suggestions.map((suggestion, i): Item => ({ key: String(i), suggestion })), [suggestions])
  const collection = useMemo(
    () => combobox.collection<Item>({ items, itemToValue: (item) => item.key, itemToString: (item) => item.suggestion.value }),
    [items],
  )

  const service = useMachine(combobox.machine, {
    id,
    ids: { input: id, label: labelIdOf(id) },
    collection,
    open,
    inputValue: text,
    value: [],
    allowCustomValue: true,
    openOnChange: false,
    openOnClick: false,
    openOnKeyPress: false,
    selectionBehavior: "preserve",
    disabled,
    invalid: errors.length > 0,
    placeholder: field.placeholder,
    name: field.name,
    positioning: { strategy: "fixed", placement: "bottom-start", sameWidth: true },
    onInputValueChange: ({ inputValue, reason }) => {
      // Only typing: a chosen suggestion sets the value through the machine's `selected`.
      if (reason !== "input-change") return
      onChange(inputValue)
      actor.send({ type: "INPUT", text: inputValue })
    },
    onOpenChange: ({ open: next, reason }) => {
      // A pick closes the list through SELECT; Escape and a click outside through CLOSE.
      if (!next && reason !== "item-select") actor.send({ type: "CLOSE" })
    },
    onSelect: ({ itemValue }) => {
      const item = collection.find(itemValue)
      if (item) actor.send({ type: "SELECT", suggestion: item.suggestion })
    },
  })
  const api = combobox.connect(service, normalizeProps)
  const inputProps = api.getInputProps()
  const failedId = `${id}-suggest-failed`
  const described = [describedBy(id, field, errors), failed ? failedId : null].filter(Boolean).join(" ") || undefined

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
        ) : undefined
      }
    >
      <div {...api.getRootProps()}>
        <div {...api.getControlProps()} className={comboControl}>
          <input
            {...inputProps}
            className={control}
            aria-required={isRequired(field) || undefined}
            aria-describedby={described}
            onFocus={(e) => {
              inputProps.onFocus?.(e)
              actor.send({ type: "FOCUS" })
            }}
            onBlur={(e) => {
              inputProps.onBlur?.(e)
              actor.send({ type: "BLUR" })
              // Trimmed when the field is left, not on each keystroke (which would eat the spaces between words).
              if (text !== text.trim()) onChange(text.trim())
              onBlur()
            }}
          />
        </div>
        <div {...api.getPositionerProps()} className={positioner}>
          <ul {...api.getContentProps()} className={listbox} aria-label={t.list}>
            {items.map((item) => {
              const details = kind === "party" ? partyDetails(item.suggestion) : null
              return (
                <li key={item.key} {...api.getItemProps({ item })} className={option}>
                  <span className={css.suggestionText}>
                    <span {...api.getItemTextProps({ item })}>{item.suggestion.value}</span>
                    {details ? <span className={css.suggestionDetail}>{details}</span> : null}
                  </span>
                </li>
              )
            })}
          </ul>
        </div>
      </div>
      {failed ? (
        <p id={failedId} className={css.suggestFailed} role="status">
          {t.failed}
        </p>
      ) : null}
    </FieldFrame>
  )
}
