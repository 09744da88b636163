import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { createTestModel } from "xstate/graph"
import { modalMachine, type ModalEvent } from "../../machines/modal.machine.ts"
import { messages } from "../../schemas/messages/common.ts"
import { testHarness } from "../support/harness.ts"

/**
 * The sign-in modal (machines/modal.machine.ts, one actor per modal in src/app/ModalHost.tsx), opened
 * from the header's 'Войти' (with no redirect) and closed.
 *
 * Left out: OPEN while open (a fresh opening with new parameters). Every opener of a modal of the site
 * is on the page behind it, and an open modal is modal (Zag's dialog, src/ui/ModalDialog.tsx): the rest
 * of the page is hidden from the accessibility tree, under its backdrop and out of the focus trap, so no
 * visitor can press one; the open state's check shows the header's 'Войти' gone. The machine's unit
 * test takes that transition.
 */
const h = testHarness()

const OPEN: ModalEvent = { type: "OPEN", params: { redirectTo: undefined } }
const CLOSE: ModalEvent = { type: "CLOSE" }
const model = createTestModel(modalMachine, {
  events: [OPEN, CLOSE],
  filterEvents: (s, e) => !(s.matches("open") && e.type === "OPEN"),
})

describe("a modal of the site (sign-in), generated paths", () => {
  for (const path of model.getShortestPaths()) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page: Page = await context.newPage()
      const dialog = page.getByRole("dialog", { name: messages.auth.modalTitle })
      try {
        await page.goto(h.server.url + "/faq")
        await page.getByRole("heading", { level: 1 }).waitFor()
        await path.test({
          states: {
            closed: async () => {
              await expect.poll(() => dialog.count()).toBe(0)
            },
            open: async () => {
              await dialog.waitFor()
              await dialog.getByLabel(messages.auth.email, { exact: true }).waitFor()
              // Each opening starts with an empty form.
              expect(await dialog.getByLabel(messages.auth.email, { exact: true }).inputValue()).toBe("")
              // The page behind it, its openers with it, is out of reach.
              await expect.poll(() => page.getByRole("banner").getByRole("button", { name: messages.shell.signIn }).count()).toBe(0)
            },
          },
          events: {
            OPEN: async () => {
              await page.getByRole("banner").getByRole("button", { name: messages.shell.signIn }).first().click()
            },
            CLOSE: async () => {
              await dialog.getByLabel(messages.auth.email, { exact: true }).fill("typed@example.ru")
              await dialog.getByRole("button", { name: "Закрыть" }).click()
            },
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
