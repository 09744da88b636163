import { MessageChannel, type MessagePort } from "node:worker_threads"
import { Piscina } from "piscina"
import { PkiInputError } from "../services/pki/types.ts"
import type { TaskInput, TaskMessage, TaskName, TaskOutput, TaskResult } from "../workers/tasks.ts"
import { type HostCalls, serveHostCalls } from "./host-calls.ts"
import { busy } from "./http.ts"

/**
 * The one pool of worker threads (piscina) for a request's CPU-heavy work: hashing documents, GOST
 * signatures and their verification, PDF rendering, archive reading (server/workers/tasks.ts). On
 * the main thread a 29 MB document's Streebog alone stopped the server answering anyone for seconds.
 *
 * The queue is bounded for visitors' checks: a task run with `refuseWhenBusy` while every thread is
 * busy and WORKER_QUEUE_MAX tasks already wait is refused at once with 503 and Retry-After, never left
 * to hang. Staff and
 * system work (PDFs, the CA, the trust list) always queues: it is rare and its caller cannot retry.
 *
 * Threads start with the first task and end after a minute idle; an idle thread does not keep the
 * process alive. The threads run the same TypeScript sources as the server (server/workers/entry.mjs).
 */

const ENTRY = new URL("../workers/entry.mjs", import.meta.url)
/** An idle thread ends after this long (a new one takes about a second to load its modules). */
const IDLE_MS = 60_000
/** What a refused visitor is told to wait: about one large validation on a free thread. */
export const BUSY_RETRY_AFTER_S = 10

export interface PoolSettings {
  /** Threads at most (WORKER_THREADS). */
  readonly threads: number
  /** Visitors' tasks that may wait for a thread (WORKER_QUEUE_MAX); one more is refused. */
  readonly queueMax: number
}

export interface RunOptions {
  /** A visitor's task: when the queue is full it is refused with 503 and this Russian message. */
  readonly refuseWhenBusy?: string
  /** Functions of the main thread the task may call while it runs (server/lib/host-calls.ts). */
  readonly host?: HostCalls
}

export interface WorkerPool {
  /** Runs task `name` on a thread; a task's bad input throws PkiInputError here, as it would inline. */
  run<N extends TaskName>(name: N, input: TaskInput<N>, options?: RunOptions): Promise<TaskOutput<N>>
  /** Ends the threads (server shutdown, after the requests in flight); a later task starts them again. */
  close(): Promise<void>
}

export function createWorkerPool(settings: PoolSettings): WorkerPool {
  let pool: Piscina | null = null
  const piscina = () => (pool ??= new Piscina({ filename: ENTRY.href, minThreads: 0, maxThreads: settings.threads, idleTimeout: IDLE_MS }))
  /** Tasks running or waiting, counted here: a thread still starting is neither free nor busy to piscina. */
  let inFlight = 0
  return {
    async run(name, input, options = {}) {
      if (options.refuseWhenBusy !== undefined && inFlight >= settings.threads + settings.queueMax) throw busy(options.refuseWhenBusy, BUSY_RETRY_AFTER_S)
      const threads = piscina()
      let port: MessagePort | null = null
      const message: { -readonly [K in keyof TaskMessage]: TaskMessage[K] } = { name, input }
      if (options.host) {
        const channel = new MessageChannel()
        serveHostCalls(channel.port1, options.host)
        port = channel.port1
        message.port = channel.port2
      }
      inFlight++
      try {
        const result = (await threads.run(message, message.port ? { transferList: [message.port] } : {})) as TaskResult
        if (!result.ok) throw new PkiInputError(result.inputError)
        return result.value as TaskOutput<typeof name>
      } finally {
        inFlight--
        port?.close()
      }
    },
    async close() {
      const closing = pool
      pool = null
      await closing?.close({ force: true })
    },
  }
}
