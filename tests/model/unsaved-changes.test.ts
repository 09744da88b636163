import type { BrowserContext } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { unsavedChangesMachine } from "../../machines/unsaved-changes.machine.ts"
import { crmScreenMessages as t } from "../../schemas/messages/crm-screen.ts"
import { messages } from "../../schemas/messages/common.ts"
import { coveringPaths } from "../support/covering-paths.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"

/**
 * unsavedChangesMachine on the real CRM form of a new city (/crm/cities/new, src/features/crm/UnsavedGuard.tsx):
 * typing a name makes it dirty, emptying it again makes it clean (nothing differs from the opened form);
 * the side menu's 'Меню' leaves a clean form at once and asks before leaving a dirty one, where 'Остаться в
 * форме' goes back to it and 'Уйти без сохранения' follows the link. The browser's back as the LEAVE is
 * tests/e2e/crm-lists.test.ts's.
 *
 * Left out: SAVED while asking. The dialog is modal (the form behind it takes no input) and the form
 * saves only by its own button, so no page can make the form clean while the dialog asks; the unit test
 * (tests/unit/unsaved-changes.machine.test.ts) covers it.
 */
const h = testHarness()
let token = ""
beforeAll(async () => {
  token = await adminToken(h.server.url)
})

type Snap = SnapshotFrom<typeof unsavedChangesMachine>
const FORM = "/crm/cities/new"
const TO = "/crm/menu_items"
const NAME = "Несохранённый город"

const model = createTestModel(unsavedChangesMachine, {
  // The incoming event and the state it left are part of the key: the shortest paths then take every transition.
  serializeState: ((s: Snap, e: { type: string } | undefined, prev: Snap | undefined) => [JSON.stringify(s.value), e?.type, JSON.stringify(prev?.value)].join("|")) as never,
  events: [{ type: "EDIT" }, { type: "SAVED" }, { type: "LEAVE", to: TO, back: false }, { type: "STAY" }, { type: "CONFIRM" }],
  filterEvents: (s, e) => !(s.matches("asking") && e.type === "SAVED"),
})

describe("the CRM form's unsaved-changes guard, generated paths", () => {
  for (const path of coveringPaths(model.getShortestPaths())) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      await context.addCookies([{ name: "token", value: token, url: h.server.url }])
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const name = page.getByLabel("Название", { exact: true })
      const dialog = page.getByRole("alertdialog", { name: t.unsavedTitle })
      const menuLink = page.getByRole("navigation", { name: messages.admin.menuLabel }).getByRole("link", { name: "Меню", exact: true })
      const path_ = () => new URL(page.url()).pathname
      try {
        await page.goto(h.server.url + FORM)
        await name.waitFor()
        await path.test({
          states: {
            clean: async () => {
              await expect.poll(() => dialog.count()).toBe(0)
              expect(path_()).toBe(FORM)
              expect(await name.inputValue()).toBe("")
            },
            dirty: async () => {
              await expect.poll(() => dialog.count()).toBe(0)
              expect(path_()).toBe(FORM)
              expect(await name.inputValue()).toBe(NAME)
            },
            asking: async () => {
              await dialog.waitFor()
              await dialog.getByText(t.unsavedText).waitFor()
              // The link is held: still the form, its text kept behind the dialog.
              expect(path_()).toBe(FORM)
              expect(await page.getByLabel("Название", { exact: true }).evaluate((el: HTMLInputElement) => el.value)).toBe(NAME)
            },
            left: async () => {
              await page.waitForURL((u) => u.pathname === TO)
              await page.getByRole("heading", { level: 1, name: "Меню" }).waitFor()
              expect(await dialog.count()).toBe(0)
            },
          },
          events: {
            EDIT: () => name.fill(NAME),
            SAVED: () => name.fill(""),
            LEAVE: () => menuLink.click(),
            STAY: () => dialog.getByRole("button", { name: t.unsavedStay }).click(),
            CONFIRM: () => dialog.getByRole("button", { name: t.unsavedLeave }).click(),
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
