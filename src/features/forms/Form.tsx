import { useActorRef, useSelector } from "@xstate/react"
import { Suspense, useDeferredValue, useEffect, useLayoutEffect, useRef } from "react"
import { fromPromise } from "xstate"
import { appliesNow, formMachine, isShown, type SubmitFailure, visibleErrors } from "../../../machines/form.machine.ts"
import { asClientError } from "../../api/client.ts"
import type { FieldOption, FieldOptionsBySource, FieldValue, FormField, FormPreset, FormValues } from "../../../schemas/forms/types.ts"
import { appliesTo } from "../../../schemas/forms/applies.ts"
import { emptyValueOf, holdsValue } from "../../../schemas/forms/values.ts"
import { afterPress } from "./blur-after-press.ts"
import { swallowEnter } from "./enter-key.ts"
import type { FieldEvent } from "./field-props.ts"
import { fieldComponents } from "./fields/registry.ts"
import { grid, width } from "./form.css.ts"
import type { HostHandlers } from "./handlers.ts"

export interface FormProps {
  /** Required: the DOM ids of the fields derive from it (SPEC.md section 8: a form without one is an error). */
  readonly id: string
  readonly preset: FormPreset
  /** Choices of fields with `attributes.source`, by source key. */
  readonly options?: FieldOptionsBySource | undefined
  readonly values?: FormValues | undefined
  /**
   * The values are a record the host keeps (a wizard's saved step): a change of its content replaces
   * what is typed, as a reload from the record would. Otherwise `values` only start the form.
   */
  readonly followValues?: boolean | undefined
  /** Values outside the form its fields' rules read (a wizard's earlier step's choice); never sent. */
  readonly outer?: FormValues | undefined
  /** Sends the values; a rejection with `{ status: 422, details }` shows the field errors. */
  readonly submit: (values: FormValues) => Promise<unknown>
  /** Tasks of the before-submit step, run in order before validation. */
  readonly beforeSubmit?: readonly ((values: FormValues) => Promise<void>)[] | undefined
  /** Named handlers the preset's fields refer to (`field.handlers`). */
  readonly handlers?: HostHandlers | undefined
  readonly onSubmitted?: ((output: unknown, values: FormValues) => void) | undefined
  /** After a successful submit the form starts over: empty (a request sent), or with the typed values (a search). */
  readonly startOver?: "empty" | "typed" | undefined
  readonly onFailed?: ((error: SubmitFailure) => void) | undefined
  /** The host's flow is busy (an SMS code on its way): every field and button is disabled, as while sending. */
  readonly disabled?: boolean | undefined
  /** The host's state of single fields by name: a button's text and whether it waits ('Отправить код ещё раз через 0:42'). */
  readonly fieldStates?: Readonly<Record<string, { readonly label?: string; readonly disabled?: boolean }>> | undefined
  readonly "aria-label"?: string | undefined
  readonly "aria-labelledby"?: string | undefined
}

const NO_OPTIONS: readonly FieldOption[] = []

/**
 * Text values go out trimmed (SPEC.md section 5, "Input handling"); a password never is. A field that
 * does not apply now goes out empty, so a choice changed back leaves nothing stale behind it.
 */
function outgoing(preset: FormPreset, values: FormValues, outer: FormValues = {}): FormValues {
  const passwords = new Set(preset.fields.filter((f) => f.attributes?.type === "password").map((f) => f.name))
  const stale = new Map(preset.fields.filter((f) => holdsValue(f) && !appliesTo(f, { ...outer, ...values }, preset.fields)).map((f) => [f.name, emptyValueOf(f)]))
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, stale.has(k) ? stale.get(k)! : typeof v === "string" && !passwords.has(k) ? v.trim() : v]))
}

/**
 * The form engine: renders a preset's fields (one component per field type) and runs the submit
 * lifecycle machine. The host supplies what is specific to it: the submit call, options, handlers.
 */
export function Form(props: FormProps) {
  if (!props.id) throw new Error("Form: an identifier (id) is required")
  const { id, preset, options, handlers } = props
  // The host's latest props, read when the machine calls out (never during render).
  const host = useRef(props)
  useLayoutEffect(() => {
    host.current = props
  })

  /* eslint-disable react-hooks/refs -- the closures below read `host` only when the machine calls out, after render */
  const actor = useActorRef(
    formMachine.provide({
      actors: {
        beforeSubmit: fromPromise(async ({ input }) => {
          for (const task of host.current.beforeSubmit ?? []) await task(input.values)
        }),
        // An API failure reaches the machine as section 8's client error: message, status, field details.
        submit: fromPromise(({ input }) =>
          host.current.submit(outgoing(host.current.preset, input.values, host.current.outer)).catch((e: unknown) => {
            throw asClientError(e)
          }),
        ),
      },
      actions: {
        succeeded: (_, p) => host.current.onSubmitted?.(p.output, p.values),
        failed: (_, p) => host.current.onFailed?.(p.error),
        // After React has marked the fields, focus the first one that shows an error.
        focusError: () => {
          setTimeout(() => document.getElementById(host.current.id)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0)
        },
      },
    }),
    { input: { preset, values: props.values, outer: props.outer, startOver: props.startOver } },
  )
  /* eslint-enable react-hooks/refs */

  // A changed preset or options reload the field configuration, keeping the values that still apply.
  // Options and outer values are compared by content: a host that writes them inline makes new objects
  // each render, and a RELOAD per render would drop the server's field errors.
  const outer = props.outer
  const followed = props.followValues ? props.values : undefined
  const optionsKey = JSON.stringify(options ?? null)
  const outerKey = JSON.stringify(outer ?? null)
  const valuesKey = JSON.stringify(followed ?? null)
  const loaded = useRef({ preset, optionsKey, outerKey, valuesKey })
  useEffect(() => {
    const was = loaded.current
    if (was.preset === preset && was.optionsKey === optionsKey && was.outerKey === outerKey && was.valuesKey === valuesKey) return
    loaded.current = { preset, optionsKey, outerKey, valuesKey }
    actor.send({ type: "RELOAD", preset, outer, values: was.valuesKey === valuesKey ? undefined : followed })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `outer` and `followed` are followed by their content
  }, [actor, preset, optionsKey, outerKey, valuesKey])

  const context = useSelector(actor, (s) => s.context)
  const sending = useSelector(actor, (s) => s.matches("preparing") || s.matches("submitting"))
  const busy = sending || props.disabled === true
  // While the form sends, the fields are disabled in a render after the click's: disabling every field
  // re-runs each one's machine, which held the click's next paint (docs/production.md, "INP"). The
  // machine ignores input and a second submit meanwhile; a send that ends at once never disables them.
  const fieldsBusy = useDeferredValue(sending) || props.disabled === true

  const renderField = (field: FormField) => {
    const Component = fieldComponents[field.type]
    const controlId = `${id}-${field.name}`
    const run = (event: FieldEvent, payload?: unknown) => {
      const name = field.handlers?.[event]
      if (!name) return
      const handler = handlers?.[name]
      if (!handler) throw new Error(`Form ${id}: no handler "${name}" for field "${field.name}"`)
      handler({ field, payload, values: actor.getSnapshot().context.values, set: (n, value) => actor.send({ type: "CHANGE", name: n, value }) })
    }
    const source = field.attributes?.source
    const fieldOptions = field.attributes?.options ?? (source ? (options?.[source] ?? NO_OPTIONS) : NO_OPTIONS)
    const value = holdsValue(field) ? (context.values[field.name] ?? null) : null
    const state = props.fieldStates?.[field.name]
    return (
      <div key={field.name} className={width[field.class ?? "full"]} data-field={field.name}>
        <Component
          field={state?.label === undefined ? field : { ...field, label: state.label }}
          id={controlId}
          value={value as never}
          errors={visibleErrors(context, field.name)}
          disabled={fieldsBusy || field.attributes?.disabled === true || state?.disabled === true}
          options={fieldOptions}
          form={context.values}
          onChange={(v: FieldValue) => {
            actor.send({ type: "CHANGE", name: field.name, value: v })
            run("change", v)
          }}
          onBlur={() =>
            afterPress(() => {
              actor.send({ type: "BLUR", name: field.name })
              run("blur")
            })
          }
          onHandler={run}
        />
      </div>
    )
  }

  return (
    <form
      id={id}
      data-form={preset.id}
      noValidate
      aria-label={props["aria-label"]}
      aria-labelledby={props["aria-labelledby"]}
      aria-busy={busy}
      className={grid}
      onKeyDown={swallowEnter}
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: "SUBMIT" })
      }}
    >
      <Suspense fallback={null}>{preset.fields.filter((f) => isShown(context, f) && appliesNow(context, f)).map(renderField)}</Suspense>
    </form>
  )
}
