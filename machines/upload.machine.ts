import { assign, fromCallback, setup } from "xstate"
import type { FileValue } from "../schemas/forms/types.ts"

/** The file being sent, as the machine sees it (a browser File is one). */
export interface UploadSource {
  readonly name: string
  readonly size: number
  readonly type: string
}

/** What the sender reports while it works. */
export type UploadReport =
  /** Percent of the body sent, 0..100. */
  | { type: "PROGRESS"; percent: number }
  /** The server kept the file. */
  | { type: "UPLOADED"; file: FileValue }
  /** The server refused it or the connection failed; `message` is Russian, for the visitor. */
  | { type: "FAILED"; message: string }

export type UploadEvent = { type: "START" } | { type: "RETRY" } | UploadReport

export interface UploadContext {
  readonly source: UploadSource
  readonly progress: number
  readonly result: FileValue | null
  readonly error: string | null
}

const clampPercent = (n: number) => Math.min(100, Math.max(0, Math.round(Number.isFinite(n) ? n : 0)))

/**
 * One file's upload (SPEC.md section 3, upload field): idle until START, then uploading with the
 * sent percent, then done with the server's file, or failed with a Russian message and RETRY. The
 * sender is the provided `send` actor (the binding's XMLHttpRequest: fetch reports no upload
 * progress); it reports PROGRESS, then UPLOADED or FAILED, and is stopped (the request aborted)
 * when the flow leaves `uploading`.
 */
export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    input: {} as { source: UploadSource },
    events: {} as UploadEvent,
  },
  actors: {
    /** Provided: sends the file, reporting PROGRESS, then UPLOADED or FAILED; cleans up by aborting. */
    send: fromCallback<UploadEvent, UploadSource>(() => {}),
  },
}).createMachine({
  id: "upload",
  context: ({ input }) => ({ source: input.source, progress: 0, result: null, error: null }),
  initial: "idle",
  states: {
    idle: {
      on: { START: "uploading" },
    },
    uploading: {
      entry: assign({ progress: 0, error: null }),
      invoke: { id: "send", src: "send", input: ({ context }) => context.source },
      on: {
        PROGRESS: { actions: assign({ progress: ({ event }) => clampPercent(event.percent) }) },
        UPLOADED: { target: "done", actions: assign({ result: ({ event }) => event.file, progress: 100 }) },
        FAILED: { target: "failed", actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    failed: {
      on: { RETRY: "uploading" },
    },
    done: { type: "final" },
  },
})
