import { assign, type DoneActorEvent, enqueueActions, type ErrorActorEvent, fromPromise, setup } from "xstate"
import type { FileValue } from "../schemas/forms/types.ts"
import { type Failure, failureOf } from "./failure.ts"

/** A file attached to the order, as its removal and download take it (the view's record, whole). */
export interface AttachedScan {
  readonly id: number
  readonly name: string
}

/** One call on the order's scans, under the field it is about. */
export type ScanCall =
  | { readonly kind: "attach"; readonly field: string; readonly file: FileValue }
  | { readonly kind: "remove"; readonly field: string; readonly scan: AttachedScan }
  | { readonly kind: "download"; readonly field: string; readonly scan: AttachedScan }

/** What a field shows under it: the last of its calls that failed. */
export interface ScanFailure {
  readonly kind: ScanCall["kind"]
  readonly failure: Failure
}

/** The last change to the order's scans, said to a screen reader. */
export interface ScanChange {
  readonly kind: "attached" | "removed"
  readonly name: string
}

export interface OrderScansContext {
  /** Stored files on their way to the order, by field: the field's upload widget shows them until their attach ends. */
  readonly pending: Readonly<Record<string, readonly FileValue[]>>
  /** The stored files' urls sent to be attached: each goes once. */
  readonly sent: readonly string[]
  /** The calls out, by the id of the actor running each. */
  readonly calls: Readonly<Record<string, ScanCall>>
  readonly nextId: number
  /** By field: the last failed call, until an attach or removal of the field succeeds. */
  readonly failures: Readonly<Record<string, ScanFailure>>
  readonly said: ScanChange | null
}

export type OrderScansEvent =
  /** A field's upload widget changed: its stored files (those marked deleted are dropped); each new one is attached. */
  | { type: "STORED"; field: string; files: readonly FileValue[] }
  | { type: "REMOVE"; field: string; scan: AttachedScan }
  | { type: "DOWNLOAD"; field: string; scan: AttachedScan }
  | DoneActorEvent<unknown, string>
  | ErrorActorEvent<unknown, string>

/** The call whose actor ended with the event, if one of the machine's. */
const endedCall = (context: OrderScansContext, event: OrderScansEvent): readonly [string, ScanCall] | null => {
  if (!("actorId" in event)) return null
  const call = context.calls[event.actorId]
  return call ? [event.actorId, call] : null
}

const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))

/**
 * The customer's scans of an order (docs/account.md, "After payment"): each file the field's upload
 * widget has stored is attached to the order at once (STORED), an attached one is removed (REMOVE) or
 * downloaded (DOWNLOAD). Calls run side by side, one actor each: two files stored together are
 * attached together. An attach or removal that succeeds says so (`said`), clears its field's failure
 * and runs `changed` (provided: the order's steps are read again); any failed call is its field's
 * failure. The calls are the provided `attach`, `remove` and `download` actors, given the call.
 */
export const orderScansMachine = setup({
  types: {
    context: {} as OrderScansContext,
    events: {} as OrderScansEvent,
  },
  actors: {
    /** Provided: attaches the stored file to the order under the field. */
    attach: fromPromise<unknown, ScanCall>(async () => undefined),
    /** Provided: removes the attached file from the order. */
    remove: fromPromise<unknown, ScanCall>(async () => undefined),
    /** Provided: saves the attached file on the customer's device. */
    download: fromPromise<unknown, ScanCall>(async () => undefined),
  },
  actions: {
    /** Provided: the order's scans changed. */
    changed: () => {},
    store: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "STORED") return
      const files = event.files.filter((f) => !f.isDeleted)
      const fresh = files.filter((f, i) => !context.sent.includes(f.url) && files.findIndex((g) => g.url === f.url) === i)
      const calls = fresh.map((file, i) => [`call-${context.nextId + i}`, { kind: "attach", field: event.field, file }] as const)
      enqueue.assign({
        pending: { ...context.pending, [event.field]: files },
        sent: [...context.sent, ...fresh.map((f) => f.url)],
        calls: { ...context.calls, ...Object.fromEntries(calls) },
        nextId: context.nextId + calls.length,
      })
      for (const [id, call] of calls) enqueue.spawnChild("attach", { id, input: call })
    }),
    start: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "REMOVE" && event.type !== "DOWNLOAD") return
      const id = `call-${context.nextId}`
      const call: ScanCall = event.type === "REMOVE" ? { kind: "remove", field: event.field, scan: event.scan } : { kind: "download", field: event.field, scan: event.scan }
      enqueue.assign({ calls: { ...context.calls, [id]: call }, nextId: context.nextId + 1 })
      enqueue.spawnChild(call.kind, { id, input: call })
    }),
    /** A call ended: it is no longer out (its actor is let go), and an attached file leaves its field's pending list. */
    end: enqueueActions(({ context, event, enqueue }) => {
      const ended = endedCall(context, event)
      if (!ended) return
      const [id, call] = ended
      const pending = call.kind === "attach" ? { ...context.pending, [call.field]: (context.pending[call.field] ?? []).filter((f) => f.url !== call.file.url) } : context.pending
      enqueue.assign({ calls: without(context.calls, id), pending })
      enqueue.stopChild(id)
    }),
    /** An attach or a removal went through: said, and its field's failure forgotten. */
    succeed: assign(({ context, event }) => {
      const call = endedCall(context, event)?.[1]
      if (!call || call.kind === "download") return {}
      return {
        failures: without(context.failures, call.field),
        said: call.kind === "attach" ? { kind: "attached" as const, name: call.file.name } : { kind: "removed" as const, name: call.scan.name },
      }
    }),
    /** A call failed: its field's failure. */
    fail: assign(({ context, event }) => {
      const call = endedCall(context, event)?.[1]
      if (!call || !("error" in event)) return {}
      return { failures: { ...context.failures, [call.field]: { kind: call.kind, failure: failureOf(event.error) } } }
    }),
  },
  guards: {
    /** The call that ended changed the order (an attach or a removal, not a download). */
    changing: ({ context, event }) => {
      const call = endedCall(context, event)?.[1]
      return call !== undefined && call.kind !== "download"
    },
  },
}).createMachine({
  id: "orderScans",
  context: { pending: {}, sent: [], calls: {}, nextId: 1, failures: {}, said: null },
  on: {
    STORED: { actions: "store" },
    REMOVE: { actions: "start" },
    DOWNLOAD: { actions: "start" },
    "xstate.done.actor.*": [
      { guard: "changing", actions: ["succeed", "end", "changed"] },
      { actions: "end" },
    ],
    "xstate.error.actor.*": { actions: ["fail", "end"] },
  },
})
