import { Schema } from "effect"
import { ChallengeAnswer } from "../../../../schemas/entities/challenge.ts"
import { widgetMessages } from "../../../../schemas/messages/widget.ts"
import type { LoadedChallenge } from "../../../../machines/challenge.machine.ts"
import { api, asClientError } from "../../../api/client.ts"

const t = widgetMessages.captcha
export type ChallengeParameters = ChallengeAnswer["challenge"]
const decode = Schema.decodeUnknownSync(ChallengeAnswer)

/** Asks the server for a new challenge; rejects with an Error whose message the visitor can read. */
export async function loadChallenge(): Promise<LoadedChallenge<ChallengeParameters>> {
  let answer: unknown
  try {
    answer = await api<unknown>("/api/v1/captcha/")
  } catch (err) {
    const { message } = asClientError(err)
    throw new Error(message ? `${t.failed} ${message}` : t.failed, { cause: err })
  }
  try {
    const { id, challenge } = decode(answer)
    return { id, parameters: challenge }
  } catch (err) {
    throw new Error(t.failed, { cause: err })
  }
}

/**
 * Finds the challenge's counter in a Web Worker (the page stays responsive), and gives it up when
 * `signal` aborts. Web Crypto exists only in a secure context (HTTPS, or localhost): without it the
 * visitor is told why.
 */
export function solveChallenge(challenge: LoadedChallenge<ChallengeParameters>, signal: AbortSignal): Promise<string> {
  if (!globalThis.isSecureContext || !globalThis.crypto?.subtle) return Promise.reject(new Error(t.insecure))
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./challenge.worker.ts", import.meta.url), { type: "module" })
    const done = () => {
      worker.terminate()
      signal.removeEventListener("abort", done)
    }
    signal.addEventListener("abort", done)
    worker.onmessage = (e: MessageEvent<{ counter?: number }>) => {
      done()
      if (typeof e.data.counter === "number") resolve(String(e.data.counter))
      else reject(new Error(t.failed))
    }
    worker.onerror = () => {
      done()
      reject(new Error(t.failed))
    }
    worker.postMessage(challenge.parameters)
  })
}
