import { assign, fromPromise, setup } from "xstate"
import type { FieldErrors } from "../schemas/validate.ts"
import type { FieldValue, FormField, FormPreset, FormValues } from "../schemas/forms/types.ts"
import { appliesTo } from "../schemas/forms/applies.ts"
import { holdsValue, valuesOf } from "../schemas/forms/values.ts"
import { validateForm } from "../schemas/rules/index.ts"
import { type Failure, failureOf, fieldErrorsOf } from "./failure.ts"

/**
 * The submit lifecycle of every form of the engine (SPEC.md section 4, "Form submit"):
 * editing → SUBMIT → preparing (the before-submit tasks, provided `beforeSubmit`) → every field is
 * marked touched → an invalid form goes back to editing (errors shown next to every field) → else
 * submitting (provided `submit`; the submit button is disabled) → editing again, whether the submit
 * succeeded (`succeeded`) or failed (`failed`, and `logFailure`): the button is enabled again.
 * A 422's field errors are shown next to their fields until the field changes. A field the preset
 * shows on demand (`attributes.onDemand`) appears once a 422 names it, and stays.
 * RELOAD swaps the preset (the host's preset or options changed) and keeps the values that still apply.
 * A form whose host asks it to start over after a successful submit (`startOver`: a request sent, a
 * search made) is fresh again: empty, or with the typed values kept; either way untouched, with no
 * server message and its used-up challenge cleared (its field solves a new one).
 */
export type SubmitFailure = Failure

export interface FormContext {
  readonly preset: FormPreset
  readonly values: FormValues
  /** Values outside the form that its fields' rules read (a wizard's earlier step): never sent. */
  readonly outer: FormValues
  readonly touched: Readonly<Record<string, true>>
  /** The rules' messages for the current values (every field, touched or not). */
  readonly errors: FieldErrors
  /** The server's 422 messages, by field, until that field changes. */
  readonly serverErrors: FieldErrors
  /** The on-demand fields the server has asked for (a 422 named them): shown from then on. */
  readonly shown: Readonly<Record<string, true>>
  readonly error: SubmitFailure | null
  /** How many submits succeeded: a host can react to a change. */
  readonly submitted: number
  /** After a successful submit: stay as sent (absent), start empty, or start again with the typed values. */
  readonly startOver?: "empty" | "typed" | undefined
}

export type FormEvent =
  | { type: "CHANGE"; name: string; value: FieldValue }
  | { type: "BLUR"; name: string }
  | { type: "SUBMIT" }
  | { type: "RELOAD"; preset: FormPreset; values?: FormValues | undefined; outer?: FormValues | undefined }

const isCaptcha = (value: FieldValue): boolean => typeof value === "object" && value !== null && !Array.isArray(value) && "answer" in value
const isAnsweredCaptcha = (value: FieldValue | undefined): boolean =>
  typeof value === "object" && value !== null && !Array.isArray(value) && "answer" in value && typeof value.answer === "string" && value.answer !== ""

/** Whether the form shows a field now: always, or for an on-demand one once the server asked for it. */
export const isShown = (context: Pick<FormContext, "shown">, field: { readonly name: string; readonly attributes?: { readonly onDemand?: boolean } | undefined }): boolean =>
  !field.attributes?.onDemand || context.shown[field.name] === true

const allTouched = (preset: FormPreset): Readonly<Record<string, true>> =>
  Object.fromEntries(preset.fields.filter(holdsValue).map((f) => [f.name, true as const]))

/** The messages a field shows: the server's while they stand, else the rules' once it is touched. */
export function visibleErrors(context: FormContext, name: string): readonly string[] {
  return context.serverErrors[name] ?? (context.touched[name] ? (context.errors[name] ?? []) : [])
}

/** The rules' messages for `values`, read beside the outer values they may name. */
const check = (context: Pick<FormContext, "preset" | "outer">, values: FormValues) => validateForm(context.preset, { ...context.outer, ...values })

/** Whether a field applies to the form's values now (its `when`, or its `depends` with a value). */
export const appliesNow = (context: Pick<FormContext, "preset" | "values" | "outer">, field: FormField): boolean =>
  appliesTo(field, { ...context.outer, ...context.values }, context.preset.fields)

export const formMachine = setup({
  types: {
    context: {} as FormContext,
    input: {} as { preset: FormPreset; values?: FormValues | undefined; outer?: FormValues | undefined; startOver?: "empty" | "typed" | undefined },
    events: {} as FormEvent,
  },
  actors: {
    /** Provided: the tasks registered for the before-submit step (e.g. refreshing a captcha's state). */
    beforeSubmit: fromPromise<void, { values: FormValues }>(async () => {}),
    /** Provided: sends the values; its answer goes to `succeeded`. */
    submit: fromPromise<unknown, { values: FormValues }>(async () => undefined),
  },
  actions: {
    /** Provided: what the host does after a successful submit (close, show a modal, navigate). */
    succeeded: (_, _params: { output: unknown; values: FormValues }) => {},
    /** Provided: what the host does after a failed submit. */
    failed: (_, _params: { error: SubmitFailure }) => {},
    /** Provided: a stopped submit (invalid fields, or a 422) moves focus to the first field with an error. */
    focusError: () => {},
    /** Provided: failures are logged (SPEC.md section 4). */
    logFailure: (_, params: { error: SubmitFailure }) => {
      console.error("form submit failed", params.error)
    },
    change: assign(({ context, event }) => {
      if (event.type !== "CHANGE") return {}
      const values = { ...context.values, [event.name]: event.value }
      // A challenge's value comes from the browser, not from the visitor: the server's message about it
      // ("send again") stays until the next submit.
      if (isCaptcha(event.value)) return { values, errors: check(context, values) }
      const { [event.name]: _dropped, ...serverErrors } = context.serverErrors
      return { values, serverErrors, errors: check(context, values) }
    }),
    /**
     * The server uses a captcha up when it checks it, right or wrong: after a failed submit one it
     * refused or that carried an answer is cleared, and its field loads and solves a new one.
     */
    dropUsedCaptchas: assign(({ context }) => {
      const used = context.preset.fields.filter((f) => f.type === "rucaptcha" && (context.serverErrors[f.name] || isAnsweredCaptcha(context.values[f.name])))
      if (used.length === 0) return {}
      const values = { ...context.values, ...Object.fromEntries(used.map((f) => [f.name, null])) }
      return { values, errors: check(context, values) }
    }),
    /** On-demand fields a 422 named are shown from now on. */
    showAsked: assign(({ context }) => {
      const asked = context.preset.fields.filter((f) => f.attributes?.onDemand && context.serverErrors[f.name] && !context.shown[f.name])
      return asked.length === 0 ? {} : { shown: { ...context.shown, ...Object.fromEntries(asked.map((f) => [f.name, true as const])) } }
    }),
    touch: assign(({ context, event }) => (event.type === "BLUR" ? { touched: { ...context.touched, [event.name]: true as const } } : {})),
    touchAll: assign(({ context }) => ({ touched: allTouched(context.preset), errors: check(context, context.values) })),
    startOver: assign(({ context }) => {
      if (!context.startOver) return {}
      const typed = context.startOver === "typed" ? Object.fromEntries(Object.entries(context.values).filter(([, v]) => !isCaptcha(v))) : {}
      const values = valuesOf(context.preset, typed)
      return { values, touched: {}, serverErrors: {}, shown: {}, error: null, errors: check(context, values) }
    }),
    reload: assign(({ context, event }) => {
      if (event.type !== "RELOAD") return {}
      const values = valuesOf(event.preset, { ...context.values, ...event.values })
      const touched = Object.fromEntries(Object.entries(context.touched).filter(([name]) => name in values))
      const outer = event.outer ?? context.outer
      return { preset: event.preset, outer, values, touched, serverErrors: {}, errors: validateForm(event.preset, { ...outer, ...values }) }
    }),
  },
  guards: {
    invalid: ({ context }) => Object.keys(context.errors).length > 0,
  },
}).createMachine({
  id: "form",
  context: ({ input }) => {
    const values = valuesOf(input.preset, input.values)
    const outer = input.outer ?? {}
    return {
      preset: input.preset,
      values,
      outer,
      touched: {},
      errors: validateForm(input.preset, { ...outer, ...values }),
      serverErrors: {},
      shown: {},
      error: null,
      submitted: 0,
      startOver: input.startOver,
    }
  },
  initial: "editing",
  states: {
    // Fields are disabled while the before-submit tasks run and while sending: they change only here.
    editing: {
      on: {
        CHANGE: { actions: "change" },
        BLUR: { actions: "touch" },
        SUBMIT: { target: "preparing" },
        RELOAD: { actions: "reload" },
      },
    },
    preparing: {
      invoke: {
        id: "beforeSubmit",
        src: "beforeSubmit",
        input: ({ context }) => ({ values: context.values }),
        onDone: { target: "validating" },
        onError: {
          target: "editing",
          actions: [assign(({ event }) => ({ error: failureOf(event.error) })), { type: "logFailure", params: ({ event }) => ({ error: failureOf(event.error) }) }],
        },
      },
    },
    validating: {
      entry: "touchAll",
      always: [{ guard: "invalid", target: "editing", actions: "focusError" }, { target: "submitting" }],
    },
    submitting: {
      entry: assign({ error: null, serverErrors: {} }),
      invoke: {
        id: "submit",
        src: "submit",
        input: ({ context }) => ({ values: context.values }),
        onDone: {
          target: "editing",
          actions: [
            assign(({ context }) => ({ submitted: context.submitted + 1 })),
            { type: "succeeded", params: ({ context, event }) => ({ output: event.output, values: context.values }) },
            "startOver",
          ],
        },
        onError: {
          target: "editing",
          actions: [
            assign(({ context, event }) => {
              const error = failureOf(event.error)
              return { error, serverErrors: error.status === 422 ? fieldErrorsOf(error.details, context.preset.fields.map((f) => f.name)) : {} }
            }),
            "dropUsedCaptchas",
            "showAsked",
            { type: "logFailure", params: ({ event }) => ({ error: failureOf(event.error) }) },
            { type: "failed", params: ({ event }) => ({ error: failureOf(event.error) }) },
            "focusError",
          ],
        },
      },
    },
  },
})
