import type { BrowserContext, Page } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import type { AnyStateMachine, SnapshotFrom } from "xstate"
import { TestModel } from "xstate/graph"
import { type Draft, editorDraftMachine } from "../../machines/editor-draft.machine.ts"
import { EDITOR_AUTOSAVE_MS, EDITOR_DRAFT_TTL_MS } from "../../schemas/constants.ts"
import { widgetMessages } from "../../schemas/messages/widget.ts"
import { adminToken } from "../support/server.ts"
import { coveringPaths } from "../support/covering-paths.ts"
import { testHarness } from "../support/harness.ts"

const h = testHarness()
let token: string
beforeAll(async () => {
  token = await adminToken(h.server.url)
})

type Snap = SnapshotFrom<typeof editorDraftMachine>
type Step = { event: { type: string } & Record<string, unknown> }

const PAGE = "/crm/forms/crm_pages_frm"
const KEY = `editor-draft:${PAGE}:preview-crm_pages_frm-body`
/**
 * The moment the page's clock is set to. The model judges a draft's age by this process's clock,
 * so it is taken from it: a draft a minute old is fresh to both.
 */
const NOW = Date.now()
const DRAFT_TEXT = "Текст из черновика"
const DRAFT_HTML = `<p><span style="white-space: pre-wrap;">${DRAFT_TEXT}</span></p>`
const fresh: Draft = { html: DRAFT_HTML, savedAt: NOW - 60_000 }
const stale: Draft = { html: DRAFT_HTML, savedAt: NOW - EDITOR_DRAFT_TTL_MS - 1 }
const t = widgetMessages.editor
const TICK_MARGIN_MS = 5000
const LOADED = "xstate.done.actor.loadDraft"
const SAVED = "xstate.done.actor.saveDraft"
const REMOVED = "xstate.done.actor.removeDraft"
const LOAD_FAILED = "xstate.error.actor.loadDraft"
const SAVE_FAILED = "xstate.error.actor.saveDraft"
const REMOVE_FAILED = "xstate.error.actor.removeDraft"
/** The sessionStorage key naming which of the drafts' localStorage calls throw (storage off or full). */
const STORAGE_OFF = "test-draft-storage-off"

/** Makes the page's localStorage calls on drafts throw while sessionStorage's STORAGE_OFF names them. */
function storageSwitch(names: { off: string; prefix: string }) {
  const calls = { getItem: "read", setItem: "write", removeItem: "remove" } as const
  const read = Storage.prototype.getItem
  for (const [method, name] of Object.entries(calls) as [keyof typeof calls, string][]) {
    const original = Storage.prototype[method] as (this: Storage, ...args: string[]) => unknown
    Object.defineProperty(Storage.prototype, method, {
      configurable: true,
      value(this: Storage, ...args: string[]) {
        const off = this === localStorage && args[0]!.startsWith(names.prefix) && (read.call(sessionStorage, names.off) ?? "").split(",").includes(name)
        if (off) throw new DOMException("The storage is off", "SecurityError")
        return original.apply(this, args)
      },
    })
  }
}

// The body editor of the page form (empty value): opened with no draft, a fresh one (offered:
// restored or removed) or a stale one (removed unasked); then typed into, and saved each 60 s while
// changed. Storage is the page's localStorage, so its done events happen on their own; the test
// checks what they did. Its error events are the storage off: the page's localStorage calls on the
// draft throw (reading it on opening, writing it at a save, removing it), set up before the step
// that calls it. A step is told apart by the state it leaves and its event (transition cover).
// Cast: TestModel's actor-scope type has no room for the machine's emitted events.
const model = new TestModel(editorDraftMachine as unknown as AnyStateMachine, {
  input: { key: KEY, value: "" },
  stateMatcher: (s, key) => (s as Snap).matches(key as never),
  serializeState: ((s: Snap, e: { type: string } | undefined, prev: Snap | undefined) =>
    [JSON.stringify(s.value), s.context.html === s.context.saved ? "clean" : "dirty", e?.type, JSON.stringify(prev?.value)].join("|")) as never,
  events: ((s: Snap) => {
    if (s.matches("loading")) return [{ type: LOADED, output: null }, { type: LOADED, output: fresh }, { type: LOADED, output: stale }, { type: LOAD_FAILED }]
    if (s.matches("offering")) return [{ type: "RESTORE" }, { type: "DISMISS" }]
    if (s.matches("discarding")) return [{ type: REMOVED }, { type: REMOVE_FAILED }]
    if (s.matches({ editing: "saving" })) return [{ type: SAVED }, { type: SAVE_FAILED }]
    // Each change adds to the text, so it differs from whatever was saved.
    if (s.matches({ editing: "waiting" })) return [{ type: "CHANGE", html: `${s.context.html}+` }, { type: "TICK" }]
    return []
  }) as never,
})

describe("editor draft, generated paths", () => {
  for (const path of coveringPaths(model.getShortestPaths())) {
    test(path.description, async () => {
      const types = path.steps.map((step) => (step.event as { type: string }).type)
      // A removal happens once in a path: the one that fails is set up from the start.
      const failsRemove = types.includes(REMOVE_FAILED)
      let ticks = 0
      let saveFails = false
      let storedBeforeTick: string | null = null
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      await context.addCookies([{ name: "token", value: token, url: h.server.url }])
      const page: Page = await context.newPage()
      const editor = page.locator('[contenteditable="true"]')
      const stored = () => page.evaluate((key) => localStorage.getItem(key), KEY)
      const restore = page.getByRole("button", { name: t.draftRestore })
      let typed = ""
      try {
        // The page's clock starts at NOW and runs; the test moves it on by the 60 s of a TICK.
        await page.clock.install({ time: NOW })
        await page.addInitScript(storageSwitch, { off: STORAGE_OFF, prefix: "editor-draft:" })
        const switchOff = (names: string) => page.evaluate(([key, value]) => sessionStorage.setItem(key!, value!), [STORAGE_OFF, names] as const)
        // Any page of the origin, to reach its localStorage before the form opens.
        await page.goto(h.server.url + "/crm/forms")
        await switchOff(failsRemove ? "remove" : "")
        await path.test({
          states: {
            loading: async () => {},
            offering: async () => {
              await restore.waitFor()
              await page.getByRole("button", { name: t.draftDismiss }).waitFor()
              expect(await editor.textContent()).toBe("")
            },
            discarding: async () => {
              // A refused removal leaves the draft (the next opening finds it stale again, or offers it).
              if (failsRemove) expect(await stored()).not.toBeNull()
              else await expect.poll(stored).toBeNull()
              expect(await restore.count()).toBe(0)
            },
            "editing.waiting": async (s) => {
              const snap = s as Snap
              expect(await restore.count()).toBe(0)
              await expect.poll(() => editor.textContent()).toBe(snap.context.html === DRAFT_HTML ? DRAFT_TEXT : typed)
            },
            "editing.saving": async () => {
              if (saveFails) {
                expect(await stored()).toBe(storedBeforeTick)
                return
              }
              // What was typed is in the draft now, stamped with the page's time.
              await expect.poll(async () => JSON.parse((await stored()) ?? "null")?.html ?? "").toContain(typed.slice(-1))
              const draft = JSON.parse((await stored()) ?? "{}") as Draft
              expect(draft.html.replace(/<[^>]+>/g, "")).toBe(typed)
            },
          },
          events: {
            [LOADED]: async ({ event }: Step) => {
              const draft = event.output as Draft | null
              await page.evaluate(([key, value]) => (value === null ? localStorage.removeItem(key!) : localStorage.setItem(key!, value)), [KEY, draft && JSON.stringify(draft)] as const)
              await page.goto(h.server.url + PAGE)
              await editor.waitFor()
            },
            [REMOVED]: async () => {},
            [SAVED]: async () => {},
            [LOAD_FAILED]: async () => {
              await switchOff("read")
              await page.goto(h.server.url + PAGE)
              await editor.waitFor()
              await switchOff("")
            },
            [REMOVE_FAILED]: async () => {},
            [SAVE_FAILED]: async () => {
              // Nothing was written; the next period tries again.
              expect(await stored()).toBe(storedBeforeTick)
              await switchOff(failsRemove ? "remove" : "")
            },
            RESTORE: async () => {
              await restore.click()
              typed = DRAFT_TEXT
            },
            DISMISS: () => page.getByRole("button", { name: t.draftDismiss }).click(),
            CHANGE: async () => {
              await editor.click()
              await page.keyboard.press("End")
              await page.keyboard.type("а")
              typed += "а"
            },
            TICK: async () => {
              // A save that fails is set up before the period ends.
              const at = types.map((type, i) => (type === "TICK" ? i : -1)).filter((i) => i >= 0)[ticks++]!
              saveFails = types[at + 1] === SAVE_FAILED
              await switchOff([saveFails ? "write" : "", failsRemove ? "remove" : ""].filter(Boolean).join(","))
              // Not before the 60 s (the few real seconds since the timer started are the margin).
              const before = await stored()
              storedBeforeTick = before
              await page.clock.runFor(EDITOR_AUTOSAVE_MS - TICK_MARGIN_MS)
              expect(await stored()).toBe(before)
              await page.clock.runFor(TICK_MARGIN_MS)
            },
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
