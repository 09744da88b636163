import type { MessagePort } from "node:worker_threads"

/**
 * What a worker thread's task asks the main thread while it runs, over the task's own MessagePort:
 * answers only the main thread has (the database's). The main thread serves `calls` with
 * `serveHostCalls`; the task calls them through `hostCaller`. Arguments and answers are copied
 * (structured clone): plain data, Dates and byte arrays.
 */
export type HostCalls = Readonly<Record<string, (...args: never[]) => Promise<unknown>>>

export type HostCaller = (method: string, ...args: unknown[]) => Promise<unknown>

interface Call {
  readonly id: number
  readonly method: string
  readonly args: readonly unknown[]
}

type Reply = { readonly id: number; readonly ok: true; readonly value: unknown } | { readonly id: number; readonly ok: false; readonly message: string }

/** Answers the calls that arrive on `port` (the main thread's end) until it is closed. */
export function serveHostCalls(port: MessagePort, calls: HostCalls): void {
  port.on("message", (call: Call) => {
    const fn = Object.hasOwn(calls, call.method) ? (calls[call.method] as (...args: unknown[]) => Promise<unknown>) : null
    const answer = fn ? Promise.resolve().then(() => fn(...call.args)) : Promise.reject(new Error(`No host call ${call.method}`))
    answer.then(
      (value) => port.postMessage({ id: call.id, ok: true, value } satisfies Reply),
      (error: unknown) => port.postMessage({ id: call.id, ok: false, message: error instanceof Error ? error.message : String(error) } satisfies Reply),
    )
  })
}

/** The task's side: each call posts to the main thread and resolves with its answer. */
export function hostCaller(port: MessagePort): HostCaller {
  let next = 0
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  port.on("message", (reply: Reply) => {
    const pending = waiting.get(reply.id)
    if (!pending) return
    waiting.delete(reply.id)
    if (reply.ok) pending.resolve(reply.value)
    else pending.reject(new Error(reply.message))
  })
  return (method, ...args) =>
    new Promise((resolve, reject) => {
      const id = next++
      waiting.set(id, { resolve, reject })
      port.postMessage({ id, method, args } satisfies Call)
    })
}
