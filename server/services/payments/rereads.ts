import type { Db } from "../../db/index.ts"

/**
 * How the product re-reads a payment or a refund from the provider after a notification (or the
 * outcome page's check), per process:
 * - single flight per object: a call that arrives while a re-read of the same object is under way
 *   takes that re-read's answer when the answer is final (succeeded, canceled: nothing can follow it);
 *   when it is not final, the answer may predate the call, so the call waits for the next re-read that
 *   starts after it arrived (at most one more). Twenty notifications at once cost one read.
 * - bounded: at most REREAD_CONCURRENCY re-reads at once and REREAD_QUEUE waiting; past that the call
 *   is refused with RereadBusy (the notification answers 503, which ЮKassa retries for a day), so no
 *   burst makes the product hammer the provider's API. Ids the product never created are answered from
 *   the database before this point and cost no re-read at all.
 * Across processes the database's own guards decide (conditional updates, the order row's lock).
 */
export const REREAD_CONCURRENCY = 4
export const REREAD_QUEUE = 100

export class RereadBusy extends Error {
  constructor() {
    super("payment re-reads: the queue is full")
  }
}

interface Flight {
  /** The tick the re-read started at: a call that arrived earlier may take a non-final answer of a later start only. */
  readonly start: number
  readonly promise: Promise<unknown>
}

export interface Rereads {
  run<T>(key: string, read: () => Promise<T>, final: (answer: T) => boolean): Promise<T>
  /** Re-reads under way and waiting (for tests and the log). */
  readonly load: { readonly running: number; readonly waiting: number }
}

export function createRereads(concurrency = REREAD_CONCURRENCY, queue = REREAD_QUEUE): Rereads {
  let tick = 0
  let running = 0
  const waiting: Array<() => void> = []
  const flights = new Map<string, Flight>()

  const slot = async (): Promise<void> => {
    if (running < concurrency) {
      running++
      return
    }
    if (waiting.length >= queue) throw new RereadBusy()
    // The slot is handed over by `release`, so `running` stays counted.
    await new Promise<void>((resolve) => waiting.push(resolve))
  }
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
  const bounded = async <T>(read: () => Promise<T>): Promise<T> => {
    await slot()
    try {
      return await read()
    } finally {
      release()
    }
  }

  return {
    async run<T>(key: string, read: () => Promise<T>, final: (answer: T) => boolean): Promise<T> {
      const arrival = ++tick
      for (;;) {
        const flight = flights.get(key)
        if (!flight) {
          const started: Flight = { start: ++tick, promise: bounded(read) }
          flights.set(key, started)
          const forget = () => {
            if (flights.get(key) === started) flights.delete(key)
          }
          started.promise.then(forget, forget)
          return started.promise as Promise<T>
        }
        if (flight.start > arrival) return flight.promise as Promise<T>
        const answer = await flight.promise.then(
          (value) => ({ ok: true as const, value: value as T }),
          () => ({ ok: false as const }),
        )
        if (answer.ok && final(answer.value)) return answer.value
        // Not final (or failed): join, or start, a re-read that begins after this call arrived.
      }
    },
    get load() {
      return { running, waiting: waiting.length }
    },
  }
}

/** One limiter per database (one per server; tests run several servers in one process). */
const byDb = new WeakMap<Db, Rereads>()
export function rereadsOf(db: Db): Rereads {
  let r = byDb.get(db)
  if (!r) {
    r = createRereads()
    byDb.set(db, r)
  }
  return r
}
