import { assign, fromPromise, setup } from "xstate"
import { PAGE_DEFAULT } from "../schemas/constants.ts"
import { type Failure, failureOf } from "./failure.ts"

/**
 * The list of any declared CRM resource: loading → loaded | empty ('Ничего не найдено') | failed;
 * PAGE, FILTER (the filter form's values, back to page 1) and SORT (a column, `-` first for
 * descending, back to page 1) reload; DELETE (one row) and DELETE_SELECTED (the rows TOGGLE and
 * TOGGLE_PAGE selected on this page) ask for one confirmation, then delete and reload; the success
 * alert offers the undo, whose UNDO (with the delete's token) restores and reloads. Loading, deleting
 * and restoring are provided actors; `syncLocation` (provided) writes page, filters and sort to the
 * address, and LOCATION brings an address change (back/forward) into the machine without writing it back.
 */
export interface ListRow {
  readonly id: string
}

export interface ListPage {
  readonly items: readonly ListRow[]
  readonly totalPages: number
  readonly totalCount: number
}

export type ListFailure = Failure

/** Non-empty filter values by the filter form's field names. */
export type ListFilters = Readonly<Record<string, string>>

/** What a page load asks for. */
export interface ListRequest {
  readonly page: number
  readonly filters: ListFilters
  readonly sort: string
}

export interface CrmListContext {
  readonly page: number
  readonly filters: ListFilters
  readonly sort: string
  readonly items: readonly ListRow[]
  readonly totalPages: number
  readonly totalCount: number
  /** Ids of the rows selected on this page (cleared by every load). */
  readonly selected: readonly string[]
  /** The rows being confirmed or deleted, and how the confirmation names them (one row's label, or "" for several). */
  readonly pending: { readonly ids: readonly string[]; readonly label: string } | null
  readonly error: ListFailure | null
}

/** What a delete answers: the undo's token. */
export interface Deleted {
  readonly token: string
}

export type CrmListEvent =
  | { type: "PAGE"; page: number }
  | { type: "FILTER"; filters: Readonly<Record<string, string>> }
  | { type: "SORT"; sort: string }
  | { type: "LOCATION"; page: number; filters: Readonly<Record<string, string>>; sort: string }
  | { type: "RELOAD" }
  | { type: "DELETE"; id: string; label: string }
  | { type: "TOGGLE"; id: string }
  /** Selects every row of the page, or clears the selection when every row is selected. */
  | { type: "TOGGLE_PAGE" }
  | { type: "DELETE_SELECTED" }
  | { type: "CONFIRM" }
  | { type: "CANCEL" }
  /** The undo of a delete (its alert's button): restore the records of `token`. */
  | { type: "UNDO"; token: string }

/** Filters without blank values, trimmed. */
const clean = (filters: Readonly<Record<string, string>>): ListFilters =>
  Object.fromEntries(Object.entries(filters).flatMap(([k, v]) => (v.trim() ? [[k, v.trim()]] : [])))

/**
 * Also taken while a page loads (`reenter` restarts the load): an address change that arrives while
 * the page clicked just before is loading (back right after a click) must not be lost.
 */
const reloadOn = {
  PAGE: { target: "loading", reenter: true, actions: ["setPage", "syncLocation"] },
  FILTER: { target: "loading", reenter: true, actions: ["setFilters", "syncLocation"] },
  SORT: { target: "loading", reenter: true, actions: ["setSort", "syncLocation"] },
  LOCATION: { target: "loading", reenter: true, actions: "setLocation" },
  RELOAD: { target: "loading", reenter: true },
  UNDO: { target: "restoring" },
} as const

export const crmListMachine = setup({
  types: {
    context: {} as CrmListContext,
    input: {} as { page?: number | undefined; filters?: ListFilters | undefined; sort?: string | undefined } | undefined,
    events: {} as CrmListEvent,
  },
  actions: {
    setPage: assign(({ event }) => (event.type === "PAGE" ? { page: Math.max(1, Math.trunc(event.page) || 1) } : {})),
    setFilters: assign(({ event }) => (event.type === "FILTER" ? { filters: clean(event.filters), page: PAGE_DEFAULT } : {})),
    setSort: assign(({ event }) => (event.type === "SORT" ? { sort: event.sort.trim(), page: PAGE_DEFAULT } : {})),
    setLocation: assign(({ event }) =>
      event.type === "LOCATION" ? { page: Math.max(1, Math.trunc(event.page) || 1), filters: clean(event.filters), sort: event.sort.trim() } : {},
    ),
    /** Provided: the address follows page, filters and sort (page only above 1). */
    syncLocation: () => {},
    /** Provided: an alert for a failed call (or sign-out on 401). */
    reportError: (_, _params: { error: ListFailure }) => {},
    /** Provided: a success alert after a delete (`label` of one row, else `count`), offering the undo of `token`. */
    notifyDeleted: (_, _params: { label: string; count: number; token: string }) => {},
    /** Provided: a success alert after an undo. */
    notifyRestored: (_, _params: { count: number }) => {},
  },
  actors: {
    loadPage: fromPromise<ListPage, ListRequest>(async () => ({ items: [], totalPages: 1, totalCount: 0 })),
    deleteItems: fromPromise<Deleted, { ids: readonly string[] }>(async () => ({ token: "" })),
    restore: fromPromise<{ count: number }, { token: string }>(async () => ({ count: 0 })),
  },
  guards: {
    hasSelection: ({ context }) => context.selected.length > 0,
    hasItems: ({ event }) => (event as unknown as { output: ListPage }).output.items.length > 0,
    pastLastPage: ({ context, event }) => {
      const out = (event as unknown as { output: ListPage }).output
      return out.items.length === 0 && context.page > 1 && out.totalPages < context.page
    },
  },
}).createMachine({
  id: "crmList",
  context: ({ input }) => ({
    page: Math.max(1, input?.page ?? PAGE_DEFAULT),
    filters: clean(input?.filters ?? {}),
    sort: input?.sort ?? "",
    items: [],
    totalPages: 1,
    totalCount: 0,
    selected: [],
    pending: null,
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      entry: assign({ error: null, selected: [] }),
      on: { PAGE: reloadOn.PAGE, FILTER: reloadOn.FILTER, SORT: reloadOn.SORT, LOCATION: reloadOn.LOCATION, UNDO: reloadOn.UNDO },
      invoke: {
        id: "loadPage",
        src: "loadPage",
        input: ({ context }) => ({ page: context.page, filters: context.filters, sort: context.sort }),
        onDone: [
          {
            // After deleting the last row of the last page: show the page that now is the last.
            guard: "pastLastPage",
            target: "loading",
            reenter: true,
            actions: [assign(({ event }) => ({ page: Math.max(1, event.output.totalPages) })), "syncLocation"],
          },
          {
            guard: "hasItems",
            target: "loaded",
            actions: assign(({ event }) => ({ items: event.output.items, totalPages: event.output.totalPages, totalCount: event.output.totalCount })),
          },
          {
            target: "empty",
            actions: assign(({ event }) => ({ items: [], totalPages: event.output.totalPages, totalCount: event.output.totalCount })),
          },
        ],
        onError: {
          target: "failed",
          actions: [assign(({ event }) => ({ error: failureOf(event.error) })), { type: "reportError", params: ({ event }) => ({ error: failureOf(event.error) }) }],
        },
      },
    },
    loaded: {
      on: {
        ...reloadOn,
        DELETE: { target: "confirming", actions: assign(({ event }) => ({ pending: { ids: [event.id], label: event.label } })) },
        TOGGLE: {
          actions: assign(({ context, event }) => ({
            selected: context.selected.includes(event.id) ? context.selected.filter((id) => id !== event.id) : [...context.selected, event.id],
          })),
        },
        TOGGLE_PAGE: {
          actions: assign(({ context }) => ({
            selected: context.items.every((r) => context.selected.includes(r.id)) ? [] : context.items.map((r) => r.id),
          })),
        },
        DELETE_SELECTED: { guard: "hasSelection", target: "confirming", actions: assign(({ context }) => ({ pending: { ids: context.selected, label: "" } })) },
      },
    },
    empty: { on: reloadOn },
    failed: { on: reloadOn },
    confirming: {
      on: {
        CONFIRM: { target: "deleting" },
        CANCEL: { target: "loaded", actions: assign({ pending: null }) },
      },
    },
    deleting: {
      invoke: {
        id: "deleteItems",
        src: "deleteItems",
        input: ({ context }) => ({ ids: context.pending?.ids ?? [] }),
        onDone: {
          target: "loading",
          actions: [
            {
              type: "notifyDeleted",
              params: ({ context, event }) => ({ label: context.pending?.label ?? "", count: context.pending?.ids.length ?? 0, token: event.output.token }),
            },
            assign({ pending: null }),
          ],
        },
        onError: {
          target: "loaded",
          actions: [{ type: "reportError", params: ({ event }) => ({ error: failureOf(event.error) }) }, assign({ pending: null })],
        },
      },
    },
    restoring: {
      invoke: {
        id: "restore",
        src: "restore",
        input: ({ event }) => ({ token: event.type === "UNDO" ? event.token : "" }),
        onDone: { target: "loading", actions: { type: "notifyRestored", params: ({ event }) => ({ count: event.output.count }) } },
        onError: { target: "loading", actions: { type: "reportError", params: ({ event }) => ({ error: failureOf(event.error) }) } },
      },
    },
  },
})
