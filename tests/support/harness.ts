import type { Browser, Route } from "playwright-core"
import { afterAll, beforeAll } from "vitest"
import { launchBrowser } from "./browser.ts"
import { startTestServer, type TestServer } from "./server.ts"
import { type SmtpSink, startSmtpSink } from "./smtp.ts"

export interface Harness {
  readonly server: TestServer
  readonly browser: Browser
  /** Only with `{ smtp: true }`: the real SMTP peer the server mails to. */
  readonly sink: SmtpSink
}

/**
 * One real server (fresh temporary database), one Chromium, and with `smtp` a real SMTP sink the
 * server sends its mail to, for the test file that calls this; closed after the file. `env` adds
 * server settings (e.g. SALES_EMAIL).
 */
export function testHarness(options: { smtp?: boolean; env?: Record<string, string> } = {}): Harness {
  const state: { server?: TestServer; browser?: Browser; sink?: SmtpSink } = {}
  beforeAll(async () => {
    if (options.smtp) state.sink = await startSmtpSink()
    state.server = await startTestServer({ ...options.env, ...(state.sink ? { SMTP_URL: state.sink.url } : {}) })
    state.browser = await launchBrowser()
  })
  afterAll(async () => {
    await state.browser?.close()
    await state.server?.close()
    await state.sink?.close()
  })
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`harness: ${name} is not started (use it inside a test or hook)`)
    return value
  }
  return {
    get server() {
      return ready(state.server, "server")
    },
    get browser() {
      return ready(state.browser, "browser")
    },
    get sink() {
      return ready(state.sink, "sink")
    },
  }
}

/**
 * Holds a page's API calls (or any other thing that waits: a plug-in's step) so a path test decides
 * when (and how) each one answers: `push` from the handler, `next` in the test, in order.
 */
export class Gate<T = Route> {
  private held: T[] = []
  private waiting: Array<(r: T) => void> = []
  /** Bound: handed as the handler itself (`page.route(url, gate.push)`). */
  push = (route: T) => {
    const w = this.waiting.shift()
    if (w) w(route)
    else this.held.push(route)
  }
  next(): Promise<T> {
    const r = this.held.shift()
    return r ? Promise.resolve(r) : new Promise((resolve) => this.waiting.push(resolve))
  }
}
