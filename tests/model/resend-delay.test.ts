import type { BrowserContext } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { resendDelayMachine } from "../../machines/resend-delay.machine.ts"
import { certificateMessages as m } from "../../schemas/messages/certificates.ts"
import { countdownClock, smsMessages } from "../../schemas/messages/sms.ts"
import type { Db } from "../../server/db/index.ts"
import { insertCertificate } from "../api/account-certificates-rows.ts"
import { coveringPaths } from "../support/covering-paths.ts"
import { Gate, testHarness } from "../support/harness.ts"
import { afterAsEvents } from "../support/model.ts"
import { confirmedCustomer, testDb } from "../support/users.ts"

/**
 * resendDelayMachine on the real certificate page (/account/certificates/{id}, src/ui/flows/use-resend-delay.ts):
 * 'Подтвердить' asks for the SMS code, and the test answers the held request with the `resend_in` the
 * model's WAIT names (2 s, or 0: no wait). The page's clock is Playwright's, paused once the page is up:
 * each second of the countdown is one `fastForward`, so the path waits for no real second.
 */
const h = testHarness()
let db: Db
let owner: { id: number; jwt: string }
beforeAll(async () => {
  db = testDb(h.server.dataDir)
  owner = await confirmedCustomer(h.server.url, db)
})

type Snap = SnapshotFrom<typeof resendDelayMachine>
const AFTER = "xstate.after.second.resendDelay.waiting"
const SECONDS = 2

// The countdown's `after` as a transition on its own event type (tests/support/model.ts).
const countdown = afterAsEvents(resendDelayMachine)

const model = createTestModel(countdown, {
  // The seconds left and the incoming event are part of the key: the shortest paths then take every transition.
  serializeState: ((s: Snap, e: { type: string } | undefined) => [JSON.stringify(s.value), s.context.secondsLeft, e?.type].join("|")) as never,
  events: ((s: Snap) =>
    s.matches("waiting")
      ? [{ type: AFTER }]
      : [
          { type: "WAIT", seconds: SECONDS },
          { type: "WAIT", seconds: 0 },
        ]) as never,
})

describe("the 'Отправить код ещё раз' countdown, generated paths", () => {
  for (const path of coveringPaths(model.getShortestPaths())) {
    test(path.description, async () => {
      const cert = await insertCertificate(db, owner.id, { organization: "ООО «Отсчёт»", innle: "7707083893" })
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      await context.addCookies([{ name: "token", value: owner.jwt, url: h.server.url }])
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const gate = new Gate()
      const main = page.locator("#main")
      const code = main.getByLabel("Код из SMS")
      try {
        await page.clock.install()
        await page.route((u) => /^\/api\/v1\/lk\/certificates\/[0-9a-f]+\/approval_code\/?$/.test(u.pathname), (route) => gate.push(route))
        await page.goto(`${h.server.url}/account/certificates/${cert.publicId}`)
        await page.getByRole("heading", { level: 1, name: "ООО «Отсчёт»" }).waitFor()
        // From here the page's time moves only when the test moves it.
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
        await path.test({
          states: {
            ready: async () => {
              // Before any send, 'Подтвердить' asks for the first code; after one, the resend button works.
              if ((await code.count()) === 0) await expect.poll(() => main.getByRole("button", { name: m.confirm, exact: true }).isEnabled()).toBe(true)
              else await expect.poll(() => main.getByRole("button", { name: smsMessages.resendCode, exact: true }).isEnabled()).toBe(true)
            },
            waiting: async (s: Snap) => {
              const button = main.getByRole("button", { name: smsMessages.resendIn(countdownClock(s.context.secondsLeft)), exact: true })
              await button.waitFor()
              expect(await button.isDisabled()).toBe(true)
            },
          },
          events: {
            WAIT: async ({ event }: { event: { seconds: number } }) => {
              if ((await code.count()) > 0) await main.getByRole("button", { name: smsMessages.resendCode, exact: true }).click()
              else await main.getByRole("button", { name: m.confirm, exact: true }).click()
              await (await gate.next()).fulfill({ status: 201, contentType: "application/json", body: JSON.stringify({ data: { phone: "+7 (9**) ***-**-99", expires_in: 300, resend_in: event.seconds } }) })
              await code.waitFor()
            },
            [AFTER]: () => page.clock.fastForward(1000),
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})
