import type { Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { offerRequestMachine } from "../../machines/offer-request.machine.ts"
import { messages } from "../../schemas/messages/common.ts"
import { coveringPaths } from "../support/covering-paths.ts"
import { testHarness } from "../support/harness.ts"

const h = testHarness()

type Snap = SnapshotFrom<typeof offerRequestMachine>
type Step = { event: { type: string; kind?: string } }
const title = (kind: string) => (kind === "callback" ? messages.forms.callbackTitle : messages.forms.askQuestion)

// Opened as a question (header) or a callback (home page), sent through the real server, failed
// (the server answers 500), or closed by the cross or by 'Хорошо', and opened again as a question.
const serializeState = ((s: Snap) => `${JSON.stringify(s.value)}|${s.context.kind}|${Math.min(s.context.opened, 1)}`) as never
const model = createTestModel(offerRequestMachine, {
  serializeState,
  events: ((s: Snap) => {
    if (s.matches("closed")) return s.context.opened > 0 ? [{ type: "OPEN", kind: "question" }] : [{ type: "OPEN", kind: "question" }, { type: "OPEN", kind: "callback" }]
    return [{ type: "SENT" }, { type: "FAILED" }, { type: "CLOSE" }]
  }) as never,
})

async function fill(page: Page, kind: string) {
  const dialog = page.getByRole("dialog", { name: title(kind) })
  await dialog.getByLabel("Как к вам обращаться").fill("Дмитрий")
  await dialog.getByLabel("Телефон").pressSequentially("9031234567")
  await dialog.getByLabel("Я даю согласие на обработку моих персональных данных").check()
  await dialog.getByRole("button", { name: "Отправить заявку" }).click()
}

// The shortest paths come back to `closed` by the cross first: closing the outcome ('Хорошо' after a
// send, then after a failure) is walked by one path. Paths another one starts with are left out.
const outcomesClosed = model.getPathsFromEvents(
  [{ type: "OPEN", kind: "callback" }, { type: "SENT" }, { type: "CLOSE" }, { type: "OPEN", kind: "question" }, { type: "FAILED" }, { type: "CLOSE" }] as never,
  { serializeState },
)

describe("offer request (question modal and callback), generated paths", () => {
  for (const path of coveringPaths([...model.getShortestPaths(), ...outcomesClosed])) {
    const name = path.steps.map(({ event }) => `${event.type}${"kind" in event ? `(${String(event.kind)})` : ""}`).join(" → ")
    test(name, async () => {
      const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      let kind = "question"
      try {
        await page.goto(h.server.url + "/")
        await page.getByRole("heading", { level: 1 }).waitFor()
        await path.test({
          states: {
            closed: async () => {
              expect(await page.getByRole("dialog").count()).toBe(0)
            },
            form: async (s: Snap) => {
              await page.getByRole("dialog", { name: title(s.context.kind) }).getByLabel("Телефон").waitFor()
            },
            sent: async () => {
              await page.getByRole("dialog", { name: messages.forms.sentTitle }).getByText(messages.forms.sentText).waitFor()
              expect(await page.getByRole("dialog", { name: title(kind) }).count()).toBe(0)
            },
            failed: async () => {
              await page.getByRole("dialog", { name: messages.forms.failedTitle }).getByText(messages.forms.failedText).waitFor()
              expect(await page.getByRole("dialog", { name: title(kind) }).count()).toBe(0)
            },
          },
          events: {
            OPEN: async ({ event }: Step) => {
              kind = event.kind ?? "question"
              await page.getByRole("button", { name: kind === "callback" ? messages.forms.callback : messages.forms.askQuestion }).first().click()
            },
            SENT: async () => fill(page, kind),
            FAILED: async () => {
              await page.route((u) => u.pathname === "/api/v1/remote_offers/", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }))
              await fill(page, kind)
            },
            CLOSE: async () => {
              const open = page.getByRole("dialog")
              const ok = open.getByRole("button", { name: messages.forms.ok })
              if ((await ok.count()) > 0) await ok.click()
              else await open.getByRole("button", { name: "Закрыть" }).click()
              await open.waitFor({ state: "detached" })
            },
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})
