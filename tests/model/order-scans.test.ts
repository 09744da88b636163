import type { BrowserContext, Page, Route } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { orderScansMachine } from "../../machines/order-scans.machine.ts"
import { accountMessages, afterPaymentMessages as t } from "../../schemas/messages/account.ts"
import { widgetMessages } from "../../schemas/messages/widget.ts"
import type { Db } from "../../server/db/index.ts"
import { fixtures } from "../api/multipart.ts"
import { insertOrder } from "../api/order-rows.ts"
import { chooseFile } from "../support/fields.ts"
import { testHarness } from "../support/harness.ts"
import { confirmedCustomer, testDb } from "../support/users.ts"

/**
 * An order's scans (machines/order-scans.machine.ts) on the paid order's page, /account/orders/{id}
 * (docs/account.md, "After payment"): a passport scan chosen in its field's upload widget is stored
 * (the real upload) and attached (STORED), then downloaded (DOWNLOAD), a second one's attach is
 * refused (422, said under the field), and the first is removed (REMOVE). Each call's request is held
 * by the test and let through to the real server, or refused. The machine has no states of its own:
 * the model's events are chosen by what is out and what was done (`nextId`), so it makes one path
 * that takes every transition.
 */
const h = testHarness()
let db: Db
let customer: { id: number; jwt: string }

beforeAll(async () => {
  db = testDb(h.server.dataDir)
  customer = await confirmedCustomer(h.server.url, db)
})

type Snap = SnapshotFrom<typeof orderScansMachine>
type Ev = { type: string; actorId?: string }

const FIELD = "passport_scan"
const FIRST = "passport.pdf"
const SECOND = "second.pdf"
const REFUSAL = "Файл не найден"
const DONE = "xstate.done.actor.*"
const ERROR = "xstate.error.actor.*"
const file = (name: string) => ({ name, url: `/uploads/files/${name}`, size: 1, type: "application/pdf" })
const scan = { id: 1, name: FIRST }

/** The one call out, if any. */
const out = (s: Snap) => Object.keys(s.context.calls)[0]

const model = createTestModel(orderScansMachine, {
  events: ((s: Snap) => {
    const id = out(s)
    if (id) return [{ type: DONE, actorId: id, output: undefined }, { type: ERROR, actorId: id, error: { message: "Проверьте поля", status: 422, details: { url: [REFUSAL] } } }]
    return [
      { type: "STORED", field: FIELD, files: [file(s.context.nextId === 1 ? FIRST : SECOND)] },
      { type: "DOWNLOAD", field: FIELD, scan },
      { type: "REMOVE", field: FIELD, scan },
    ]
  }) as never,
  filterEvents: ((s: Snap, e: Ev) => {
    // attach → download → attach (refused) → remove, one call at a time.
    const plan: Record<number, string> = { 1: "STORED", 2: "DOWNLOAD", 3: "STORED", 4: "REMOVE" }
    const id = out(s)
    if (!id) return plan[s.context.nextId] === e.type
    return e.type === (s.context.calls[id]!.kind === "attach" && s.context.nextId === 4 ? ERROR : DONE)
  }) as never,
})

describe("an order's scans, generated paths", () => {
  for (const path of model.getShortestPaths().filter((p) => p.steps.length === 9)) {
    test(path.description, async () => {
      // A retried run starts from an order without scans.
      const orderId = await insertOrder(db, customer.id, { status: "paid", identification: "office" })
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      await context.addCookies([{ name: "token", value: customer.jwt, url: h.server.url }])
      const page: Page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const held: Route[] = []
      await page.route("**/api/v1/lk/leads/*/scans/**", (r) => (["POST", "DELETE"].includes(r.request().method()) ? void held.push(r) : r.continue()))
      await page.route("**/api/v1/lk/leads/*/documents/*/", (r) => void held.push(r))
      const passport = page.getByRole("group", { name: t.scanLabels[FIELD] })
      const list = page.getByRole("list", { name: t.scanLabels[FIELD] })
      const refused = page.locator(`#order-scan-${FIELD}-error`)
      try {
        await page.goto(`${h.server.url}/account/orders/${orderId}`)
        await passport.getByRole("button", { name: widgetMessages.upload.choose }).waitFor()
        await path.test({
          states: {
            "#orderScans": async (s: Snap) => {
              const id = out(s)
              if (id) {
                // The call is out: its request waits.
                await expect.poll(() => held.length).toBe(1)
                const { method, url } = { method: held[0]!.request().method(), url: held[0]!.request().url() }
                const kind = s.context.calls[id]!.kind
                expect(method).toBe(kind === "attach" ? "POST" : kind === "remove" ? "DELETE" : "GET")
                if (kind === "download") expect(url).toMatch(/\/documents\/\d+\/$/)
                return
              }
              expect(held.length).toBe(0)
              const attached = s.context.nextId >= 2 && s.context.said?.kind !== "removed"
              if (attached) await list.getByRole("button", { name: accountMessages.download(FIRST) }).waitFor()
              else if (s.context.nextId > 1) await list.waitFor({ state: "detached" })
              if (s.context.said) {
                const text = s.context.said.kind === "attached" ? t.scanAttached(s.context.said.name) : t.scanRemoved(s.context.said.name)
                await page.getByRole("status").filter({ hasText: text }).waitFor({ state: "attached" })
              }
              if (s.context.failures[FIELD]) {
                await refused.filter({ hasText: REFUSAL }).waitFor()
                await expect.poll(() => page.getByRole("link", { name: SECOND }).count()).toBe(0)
              } else await expect.poll(() => refused.count()).toBe(0)
            },
          },
          events: {
            STORED: async ({ event }: { event: { files: { name: string }[] } }) => {
              await chooseFile(passport.getByRole("button", { name: widgetMessages.upload.choose }), { name: event.files[0]!.name, mimeType: "application/pdf", buffer: fixtures.pdf })
            },
            DOWNLOAD: () => list.getByRole("button", { name: accountMessages.download(FIRST) }).click(),
            REMOVE: () => page.getByRole("button", { name: t.scanRemove(FIRST) }).click(),
            [DONE]: async () => {
              await expect.poll(() => held.length).toBe(1)
              await held.shift()!.continue()
            },
            [ERROR]: async () => {
              await expect.poll(() => held.length).toBe(1)
              await held.shift()!.fulfill({ status: 422, contentType: "application/json", body: JSON.stringify({ message: "Проверьте поля", errors: { url: [REFUSAL] } }) })
            },
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})
