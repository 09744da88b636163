import { assign, cancel, emit, fromPromise, raise, setup } from "xstate"
import { SUGGEST_COUNT_DEFAULT, SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_QUERY } from "../schemas/constants.ts"

/** What a dadata field suggests (`attributes.suggest`). */
export type SuggestKind = "party" | "address"

/** A company's details as DaData sends them (only what the form reads). */
export interface PartyData {
  readonly inn?: string
  readonly kpp?: string
  readonly ogrn?: string
  readonly type?: string
  readonly name?: { readonly short_with_opf?: string; readonly full_with_opf?: string }
  readonly address?: { readonly value?: string }
  readonly state?: { readonly status?: string }
}

/** One suggestion in DaData's shape; `data` is a company's details (party) or an address's parts. */
export interface Suggestion {
  readonly value: string
  readonly unrestricted_value: string
  readonly data: PartyData & Readonly<Record<string, unknown>>
}

/** What the lookup actor is asked: the trimmed text and how many suggestions. */
export interface SuggestQuery {
  readonly kind: SuggestKind
  readonly query: string
  readonly count: number
}

export interface SuggestContext {
  readonly kind: SuggestKind
  /** The field's text as typed. */
  readonly text: string
  /** The suggestions of the open list. */
  readonly suggestions: readonly Suggestion[]
  /** The last lookup failed (the view says so quietly; the visitor can type on). */
  readonly failed: boolean
}

export type SuggestEvent =
  | { type: "FOCUS" }
  | { type: "BLUR" }
  /** The visitor typed: the field's whole new text. */
  | { type: "INPUT"; text: string }
  /** The pause after the last keystroke ran out (raised by the machine itself). */
  | { type: "DEBOUNCED" }
  /** Escape or a click outside. */
  | { type: "CLOSE" }
  | { type: "SELECT"; suggestion: Suggestion }

/** Emitted when the visitor chooses a suggestion. */
export type SuggestEmitted = { type: "selected"; suggestion: Suggestion }

/** Companies that are not ACTIVE (liquidated, bankrupt, reorganizing) are never offered (SPEC.md section 7). */
export const keepSuggestions = (kind: SuggestKind, list: readonly Suggestion[]): readonly Suggestion[] =>
  kind === "party" ? list.filter((s) => s.data.state?.status === "ACTIVE") : list

const longEnough = (text: string) => text.trim().length >= SUGGEST_MIN_QUERY

/**
 * The suggest flow of a dadata field (SPEC.md sections 4, 5, 9): a lookup starts only while the field
 * is focused and its text has 3 or more characters, 300 ms after the last keystroke, for 5
 * suggestions; the list opens only when suggestions arrive (none: it stays shut) and a failure
 * leaves it shut; Escape, a click outside or leaving the field closes it. Choosing one sets the text
 * to the suggestion's value and emits `selected` (the view runs the form's `select` handler, which
 * fills the company's details). The lookup is the provided `lookup` actor; typing while it runs drops it.
 */
export const suggestMachine = setup({
  types: {
    context: {} as SuggestContext,
    input: {} as { kind: SuggestKind; text?: string },
    events: {} as SuggestEvent,
    emitted: {} as SuggestEmitted,
  },
  actors: {
    /** Provided: the suggestions service; answers DaData's suggestions or throws. */
    lookup: fromPromise<readonly Suggestion[], SuggestQuery>(async () => []),
  },
  actions: {
    setText: assign({ text: (_, p: { text: string }) => p.text }),
    clear: assign({ suggestions: [] as readonly Suggestion[] }),
    startDebounce: raise({ type: "DEBOUNCED" }, { id: "debounce", delay: SUGGEST_DEBOUNCE_MS }),
    stopDebounce: cancel("debounce"),
    /** Tells the view which suggestion was chosen (it sets the value and runs the field's `select` handler). */
    selected: emit((_, p: { suggestion: Suggestion }) => ({ type: "selected" as const, suggestion: p.suggestion })),
  },
  guards: {
    longEnough: (_, p: { text: string }) => longEnough(p.text),
    hasSuggestions: (_, p: { list: readonly Suggestion[] }) => p.list.length > 0,
  },
}).createMachine({
  id: "suggest",
  context: ({ input }) => ({ kind: input.kind, text: input.text ?? "", suggestions: [], failed: false }),
  initial: "blurred",
  states: {
    blurred: {
      on: {
        FOCUS: "focused",
        // The host may fill the text (a draft, a chosen company): remember it, look nothing up.
        INPUT: { actions: { type: "setText", params: ({ event }) => ({ text: event.text }) } },
      },
    },
    focused: {
      initial: "idle",
      exit: "clear",
      on: {
        BLUR: "blurred",
        INPUT: [
          {
            guard: { type: "longEnough", params: ({ event }) => ({ text: event.text }) },
            // Each keystroke restarts the pause: debouncing is left and entered again.
            target: ".debouncing",
            actions: [{ type: "setText", params: ({ event }) => ({ text: event.text }) }, "clear", assign({ failed: false })],
          },
          { target: ".idle", actions: [{ type: "setText", params: ({ event }) => ({ text: event.text }) }, "clear", assign({ failed: false })] },
        ],
      },
      states: {
        idle: {},
        debouncing: {
          entry: "startDebounce",
          exit: "stopDebounce",
          on: { DEBOUNCED: "loading" },
        },
        loading: {
          invoke: {
            id: "lookup",
            src: "lookup",
            input: ({ context }) => ({ kind: context.kind, query: context.text.trim(), count: SUGGEST_COUNT_DEFAULT }),
            onDone: [
              {
                guard: { type: "hasSuggestions", params: ({ context, event }) => ({ list: keepSuggestions(context.kind, event.output) }) },
                target: "open",
                actions: assign({ suggestions: ({ context, event }) => keepSuggestions(context.kind, event.output) }),
              },
              { target: "idle" },
            ],
            onError: { target: "idle", actions: assign({ failed: true }) },
          },
        },
        open: {
          exit: "clear",
          on: {
            CLOSE: "idle",
            SELECT: {
              target: "idle",
              actions: [
                { type: "setText", params: ({ event }) => ({ text: event.suggestion.value }) },
                { type: "selected", params: ({ event }) => ({ suggestion: event.suggestion }) },
              ],
            },
          },
        },
      },
    },
  },
})
