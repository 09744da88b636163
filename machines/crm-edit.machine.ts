import { assign, fromPromise, setup } from "xstate"
import type { FieldOptionsBySource, FieldValue } from "../schemas/forms/types.ts"
import { type Failure, failureOf, fieldErrorsOf } from "./failure.ts"

export { fieldErrorsOf }

/**
 * The form of any declared CRM resource (and of the admin sign-in): loading (edit, or options of a
 * new record's selects) or editing (new)
 * → validating with the shared schema (provided `validateForm`) → submitting (provided `saveRecord`)
 * → saved | invalid (field errors from the schema or from a 422) | failed (any other error; the form
 * stays editable). Values are the form's raw values; the payload is what the schema decoded.
 */
/** A field's value, as the form engine's fields hold it (text, a flag, a list, files...). */
export type FormValue = FieldValue
export type FormValues = Readonly<Record<string, FormValue>>
export type FieldErrors = Readonly<Record<string, readonly string[]>>

export type EditFailure = Failure

export type Validation = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly errors: FieldErrors }

/** Choices of select fields by source key: the form engine's own type. */
export type FieldOptions = FieldOptionsBySource

/** What loading answers: the record's values (edit) and the options of select fields. */
export interface LoadedForm {
  readonly values?: FormValues | undefined
  readonly options?: FieldOptions | undefined
}

export interface CrmEditContext {
  readonly id: string | null
  /** Load before editing even without an id (a new record whose selects need options). */
  readonly preload: boolean
  readonly options: FieldOptions
  readonly values: FormValues
  readonly errors: FieldErrors
  readonly payload: unknown
  readonly error: EditFailure | null
  readonly saved: unknown
}

export type CrmEditEvent = { type: "CHANGE"; name: string; value: FormValue } | { type: "SUBMIT" } | { type: "RETRY" }

const withoutKey = (errors: FieldErrors, name: string): FieldErrors => {
  if (!(name in errors) && !("base" in errors)) return errors
  const { [name]: _dropped, base: _base, ...rest } = errors
  return rest
}

export const crmEditMachine = setup({
  types: {
    context: {} as CrmEditContext,
    input: {} as { id?: string | null | undefined; values: FormValues; preload?: boolean | undefined },
    events: {} as CrmEditEvent,
  },
  actions: {
    change: assign(({ context, event }) =>
      event.type === "CHANGE" ? { values: { ...context.values, [event.name]: event.value }, errors: withoutKey(context.errors, event.name) } : {},
    ),
    /** Provided: navigate to the list and show a success alert (or sign in). */
    notifySaved: (_, _params: { id: string | null; saved: unknown }) => {},
    /** Provided: an alert for a failed call (or sign-out on 401). */
    reportError: (_, _params: { error: EditFailure }) => {},
  },
  actors: {
    loadRecord: fromPromise<LoadedForm, { id: string | null }>(async () => ({})),
    validateForm: fromPromise<Validation, { values: FormValues }>(async () => ({ ok: true, value: {} })),
    saveRecord: fromPromise<unknown, { id: string | null; payload: unknown }>(async () => null),
  },
  guards: {
    mustLoad: ({ context }) => context.id !== null || context.preload,
    isValid: ({ event }) => (event as unknown as { output: Validation }).output.ok,
    hasFieldErrors: ({ event }) => {
      const f = failureOf((event as unknown as { error: unknown }).error)
      return f.status === 422 && Object.keys(f.details ?? {}).length > 0
    },
  },
}).createMachine({
  id: "crmEdit",
  context: ({ input }) => ({ id: input.id ?? null, preload: input.preload === true, options: {}, values: input.values, errors: {}, payload: null, error: null, saved: null }),
  initial: "starting",
  states: {
    starting: {
      always: [{ guard: "mustLoad", target: "loading" }, { target: "editing" }],
    },
    loading: {
      invoke: {
        id: "loadRecord",
        src: "loadRecord",
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: "editing",
          actions: assign(({ context, event }) => ({ values: { ...context.values, ...event.output.values }, options: event.output.options ?? {} })),
        },
        onError: { target: "loadFailed", actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
      },
    },
    loadFailed: {
      on: { RETRY: { target: "loading", actions: assign({ error: null }) } },
    },
    editing: {
      on: { CHANGE: { actions: "change" }, SUBMIT: { target: "validating" } },
    },
    validating: {
      invoke: {
        id: "validateForm",
        src: "validateForm",
        input: ({ context }) => ({ values: context.values }),
        onDone: [
          { guard: "isValid", target: "submitting", actions: assign(({ event }) => ({ payload: event.output.ok ? event.output.value : null, errors: {} })) },
          { target: "invalid", actions: assign(({ event }) => ({ errors: event.output.ok ? {} : event.output.errors })) },
        ],
        onError: { target: "failed", actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
      },
    },
    invalid: {
      on: { CHANGE: { actions: "change" }, SUBMIT: { target: "validating" } },
    },
    submitting: {
      entry: assign({ error: null }),
      invoke: {
        id: "saveRecord",
        src: "saveRecord",
        input: ({ context }) => ({ id: context.id, payload: context.payload }),
        onDone: {
          target: "saved",
          actions: [assign(({ event }) => ({ saved: event.output })), { type: "notifySaved", params: ({ context, event }) => ({ id: context.id, saved: event.output }) }],
        },
        onError: [
          { guard: "hasFieldErrors", target: "invalid", actions: assign(({ event }) => ({ errors: fieldErrorsOf(failureOf(event.error).details) })) },
          {
            target: "failed",
            actions: [assign(({ event }) => ({ error: failureOf(event.error) })), { type: "reportError", params: ({ event }) => ({ error: failureOf(event.error) }) }],
          },
        ],
      },
    },
    failed: {
      on: { CHANGE: { actions: "change" }, SUBMIT: { target: "validating" } },
    },
    saved: { type: "final" },
  },
})
