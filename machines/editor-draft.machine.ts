import { assign, cancel, emit, fromPromise, raise, setup } from "xstate"
import { EDITOR_AUTOSAVE_MS, EDITOR_DRAFT_TTL_MS } from "../schemas/constants.ts"

/** A saved draft: the editor's HTML and when it was saved (ms since the epoch). */
export interface Draft {
  readonly html: string
  readonly savedAt: number
}

export interface EditorDraftContext {
  /** The storage key: one per form and field. */
  readonly key: string
  /** The editor's HTML now. */
  readonly html: string
  /** The HTML last saved as a draft (at first: the field's value, nothing to save yet). */
  readonly saved: string
  /** The HTML being saved right now. */
  readonly saving: string
  /** The draft found on mount, while it is offered. */
  readonly draft: Draft | null
}

export type EditorDraftEvent =
  /** The editor's content changed. */
  | { type: "CHANGE"; html: string }
  /** The autosave period ran out (raised by the machine itself). */
  | { type: "TICK" }
  /** The visitor took the offered draft. */
  | { type: "RESTORE" }
  /** The visitor turned the offered draft down. */
  | { type: "DISMISS" }

/** Emitted when the visitor restores the draft: the view puts `html` into the editor. */
export type EditorDraftEmitted = { type: "restore"; html: string }

const isFresh = (draft: Draft, now: number) => now - draft.savedAt < EDITOR_DRAFT_TTL_MS

/**
 * The rich-text editor's draft (SPEC.md section 9): on mount the stored draft is read; a fresh one
 * (under 30 minutes old) that differs from the field's value is offered ('Восстановить черновик'),
 * a stale one is removed. While editing, every 60 s the HTML is saved when it changed since the last
 * save. Storage is three provided actors (`loadDraft`, `saveDraft`, `removeDraft`; localStorage in
 * the browser); restoring emits `restore` with the HTML, which the view puts into the editor.
 * Autosave waits while a draft is offered, so the offered draft is not overwritten before the choice.
 */
export const editorDraftMachine = setup({
  types: {
    context: {} as EditorDraftContext,
    input: {} as { key: string; value: string },
    events: {} as EditorDraftEvent,
    emitted: {} as EditorDraftEmitted,
  },
  actors: {
    loadDraft: fromPromise<Draft | null, { key: string }>(async () => null),
    saveDraft: fromPromise<void, { key: string; html: string }>(async () => {}),
    removeDraft: fromPromise<void, { key: string }>(async () => {}),
  },
  actions: {
    startTimer: raise({ type: "TICK" }, { id: "autosave", delay: EDITOR_AUTOSAVE_MS }),
    stopTimer: cancel("autosave"),
    /** Tells the view to put the draft's HTML into the editor (and the form). */
    restoreDraft: emit((_, p: { html: string }) => ({ type: "restore" as const, html: p.html })),
  },
  guards: {
    offerable: ({ context }, p: { draft: Draft | null }) => p.draft !== null && isFresh(p.draft, Date.now()) && p.draft.html !== context.html,
    stale: (_, p: { draft: Draft | null }) => p.draft !== null && !isFresh(p.draft, Date.now()),
    changed: ({ context }) => context.html !== context.saved,
  },
}).createMachine({
  id: "editorDraft",
  context: ({ input }) => ({ key: input.key, html: input.value, saved: input.value, saving: input.value, draft: null }),
  on: {
    CHANGE: { actions: assign({ html: ({ event }) => event.html }) },
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadDraft",
        src: "loadDraft",
        input: ({ context }) => ({ key: context.key }),
        onDone: [
          { guard: { type: "offerable", params: ({ event }) => ({ draft: event.output }) }, target: "offering", actions: assign({ draft: ({ event }) => event.output }) },
          { guard: { type: "stale", params: ({ event }) => ({ draft: event.output }) }, target: "discarding" },
          { target: "editing" },
        ],
        onError: "editing",
      },
    },
    offering: {
      on: {
        RESTORE: {
          target: "editing",
          actions: [
            assign(({ context }) => ({ html: context.draft?.html ?? context.html, saved: context.draft?.html ?? context.saved, draft: null })),
            { type: "restoreDraft", params: ({ context }) => ({ html: context.html }) },
          ],
        },
        DISMISS: { target: "discarding", actions: assign({ draft: null }) },
      },
    },
    /** Removing a stale or refused draft. */
    discarding: {
      invoke: { id: "removeDraft", src: "removeDraft", input: ({ context }) => ({ key: context.key }), onDone: "editing", onError: "editing" },
    },
    editing: {
      initial: "waiting",
      states: {
        waiting: {
          entry: "startTimer",
          exit: "stopTimer",
          on: {
            TICK: [
              { guard: "changed", target: "saving" },
              { target: "waiting", reenter: true },
            ],
          },
        },
        saving: {
          entry: assign({ saving: ({ context }) => context.html }),
          invoke: {
            id: "saveDraft",
            src: "saveDraft",
            input: ({ context }) => ({ key: context.key, html: context.saving }),
            onDone: { target: "waiting", actions: assign({ saved: ({ context }) => context.saving }) },
            // Storage full or off: the next period tries again.
            onError: "waiting",
          },
        },
      },
    },
  },
})
