import { assign, fromPromise, setup } from "xstate"
import { messages } from "../schemas/messages/common.ts"
import { type Failure, failureOf } from "./failure.ts"

/**
 * A CRM record's move of its state (a declaration's `transitions`, an order's status; the view is
 * src/features/crm/RecordTransitions.tsx): CHOOSE a move → `asking` (its confirmation, with the fields
 * the move needs) → SEND with the note and the fields' values: a required field left empty stays
 * `asking` with 'Обязательное поле' under it; else `sending` (the provided `move` actor, with the move,
 * the trimmed note and the filled fields). Done: `moved` (provided: the alert, the page reads the
 * record again) and back to `idle`. A 422 on the asked fields goes back to `asking` with their errors;
 * a 422 or 403 on the move itself (the record's field or the note), or a 403's message, is `refused`
 * with that text shown beside the moves; any other failure is `failed` and `report`ed (provided: the
 * section 8 alert, or the sign-out of a 401). CANCEL closes the confirmation unless it is sending.
 */
export type FieldErrors = Readonly<Record<string, readonly string[]>>

/** A move as the declaration names it: the state it sets and the button's label. */
export interface TransitionChoice {
  readonly value: string
  readonly label: string
}

/** A field the move's confirmation asks (a reason, a payment's amount). */
export interface AskedField {
  readonly name: string
  readonly required: boolean
}

/** What `move` sends: the state, the note ('' for none) and the filled fields, trimmed. */
export interface TransitionRequest {
  readonly move: string
  readonly note: string
  readonly values: Readonly<Record<string, string>>
}

export interface RecordTransitionContext {
  /** The record's field the move sets (an order's `status`): the server's errors on it are the move's refusal. */
  readonly field: string
  /** The move being asked or sent. */
  readonly choice: TransitionChoice | null
  readonly fields: readonly AskedField[]
  readonly request: TransitionRequest | null
  /** Errors of the asked fields: left empty, or the server's 422. */
  readonly errors: FieldErrors
  /** The server's refusal of the last move, shown until the next one is sent. */
  readonly refusal: string | null
  readonly error: Failure | null
}

export type RecordTransitionEvent =
  | { type: "CHOOSE"; choice: TransitionChoice; fields: readonly AskedField[] }
  | { type: "SEND"; note: string; values: Readonly<Record<string, string>> }
  | { type: "CANCEL" }

const valueOf = (values: Readonly<Record<string, string>>, name: string) => (values[name] ?? "").trim()

/** The required fields left empty, each with 'Обязательное поле'. */
export const missingOf = (fields: readonly AskedField[], values: Readonly<Record<string, string>>): FieldErrors =>
  Object.fromEntries(fields.filter((f) => f.required && valueOf(values, f.name) === "").map((f) => [f.name, [messages.validation.required]]))

/** A 422's errors on the asked fields (lists only). */
export const fieldRefusalOf = (failure: Failure, fields: readonly AskedField[]): FieldErrors => {
  if (failure.status !== 422) return {}
  const details = failure.details ?? {}
  return Object.fromEntries(fields.flatMap((f) => (Array.isArray(details[f.name]) ? [[f.name, (details[f.name] as unknown[]).map(String)]] : [])))
}

/** The text of a refused move: the server's list on the record's field (else on the note) of a 422 or 403, or a 403's message. */
export const refusalOf = (failure: Failure, field: string): string | null => {
  const own = failure.details?.[field] ?? failure.details?.note
  if ((failure.status === 422 || failure.status === 403) && Array.isArray(own)) return own.map(String).join(". ")
  if (failure.status === 403 && failure.message) return failure.message
  return null
}

export const recordTransitionMachine = setup({
  types: {
    context: {} as RecordTransitionContext,
    input: {} as { field: string },
    events: {} as RecordTransitionEvent,
  },
  actors: {
    /** Provided: POST of the move to the record's transitions path. */
    move: fromPromise<unknown, TransitionRequest>(async () => undefined),
  },
  actions: {
    choose: assign(({ event }) => (event.type === "CHOOSE" ? { choice: event.choice, fields: event.fields, errors: {} } : {})),
    dismiss: assign({ choice: null, fields: [], request: null, errors: {} }),
    /** Provided: the move is made (its alert, the note emptied, the record read again). */
    moved: (_, _params: { choice: TransitionChoice }) => {},
    /** Provided: a failure that is no refusal (the section 8 alert, the sign-out of a 401). */
    report: (_, _params: { error: Failure }) => {},
  },
  guards: {
    incomplete: ({ context, event }) => event.type === "SEND" && Object.keys(missingOf(context.fields, event.values)).length > 0,
    onFields: ({ context }, params: { error: unknown }) => Object.keys(fieldRefusalOf(failureOf(params.error), context.fields)).length > 0,
    refused: ({ context }, params: { error: unknown }) => refusalOf(failureOf(params.error), context.field) !== null,
  },
}).createMachine({
  id: "recordTransition",
  context: ({ input }) => ({ field: input.field, choice: null, fields: [], request: null, errors: {}, refusal: null, error: null }),
  initial: "idle",
  states: {
    idle: { on: { CHOOSE: { target: "asking", actions: "choose" } } },
    asking: {
      on: {
        CANCEL: { target: "idle", actions: "dismiss" },
        SEND: [
          { guard: "incomplete", actions: assign(({ context, event }) => ({ errors: missingOf(context.fields, event.values) })) },
          {
            target: "sending",
            actions: assign(({ context, event }) => ({
              refusal: null,
              error: null,
              request: {
                move: context.choice?.value ?? "",
                note: event.note.trim(),
                values: Object.fromEntries(context.fields.map((f) => [f.name, valueOf(event.values, f.name)]).filter(([, v]) => v !== "")),
              },
            })),
          },
        ],
      },
    },
    sending: {
      // SEND or CANCEL while it sends is dropped: one request per confirmation.
      invoke: {
        id: "move",
        src: "move",
        input: ({ context }: { context: RecordTransitionContext }) => context.request ?? { move: "", note: "", values: {} },
        onDone: {
          target: "idle",
          actions: [{ type: "moved", params: ({ context }) => ({ choice: context.choice ?? { value: "", label: "" } }) }, "dismiss"],
        },
        onError: [
          {
            guard: { type: "onFields", params: ({ event }) => ({ error: event.error }) },
            target: "asking",
            actions: assign(({ context, event }) => ({ errors: fieldRefusalOf(failureOf(event.error), context.fields) })),
          },
          {
            guard: { type: "refused", params: ({ event }) => ({ error: event.error }) },
            target: "refused",
            actions: ["dismiss", assign(({ context, event }) => ({ error: failureOf(event.error), refusal: refusalOf(failureOf(event.error), context.field) }))],
          },
          {
            target: "failed",
            actions: ["dismiss", assign(({ event }) => ({ error: failureOf(event.error) })), { type: "report", params: ({ event }) => ({ error: failureOf(event.error) }) }],
          },
        ],
      },
    },
    refused: { on: { CHOOSE: { target: "asking", actions: "choose" } } },
    failed: { on: { CHOOSE: { target: "asking", actions: "choose" } } },
  },
})
