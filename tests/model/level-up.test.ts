import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { levelUpMachine } from "../../machines/level-up.machine.ts"
import { decodeJwtPayload } from "../../machines/session.machine.ts"
import { messages } from "../../schemas/messages/common.ts"
import { launchBrowser } from "../support/browser.ts"
import { Gate } from "../support/harness.ts"
import { invocationsAsEvents } from "../support/model.ts"
import { startTestServer } from "../support/server.ts"

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const DIRECTOR = { email: "director@demo.local", password: "Demo-2026!x", maskedPhone: "+7 (9**) ***-**-02" }
const t = messages.auth
type Snap = SnapshotFrom<typeof levelUpMachine>
const CODE_SENT = "xstate.done.actor.requestCode"
const CODE_REFUSED = "xstate.error.actor.requestCode"
const RAISED = "xstate.done.actor.improveSession"
const REFUSED = "xstate.error.actor.improveSession"
const THROTTLED = { error: "Слишком много попыток. Повторите через 15 минут." }

/**
 * The director signs in on /users/director/sign_in, then the SMS step runs. The code request and
 * improve_session are held; the model's events release them: a code request to the real server
 * (the code lands in DATA_DIR/outbox/sms.log) or answered 429; improve_session with the code from
 * the SMS (200, lvl 2) or with a wrong one (the server's 422). A verify succeeds only once a code
 * was really sent.
 */
const model = createTestModel(invocationsAsEvents(levelUpMachine), {
  events: [
    { type: CODE_SENT, output: { phone: DIRECTOR.maskedPhone } },
    { type: CODE_REFUSED, error: { message: THROTTLED.error } },
    { type: "VERIFY", password: DIRECTOR.password, code: "sms" },
    { type: "RESEND" },
    { type: RAISED, output: {} },
    { type: REFUSED, error: { message: "" } },
  ] as never,
  filterEvents: (s, e) => {
    const type = e.type as string
    if (type === CODE_SENT || type === CODE_REFUSED) return s.matches("requestingCode")
    if (type === RAISED) return s.matches("verifying") && s.context.phone !== null
    if (type === REFUSED) return s.matches("verifying")
    return true
  },
  serializeState: ((s: Snap) => `${JSON.stringify(s.value)}|${s.context.phone !== null}`) as never,
})

// The shortest paths reach the code's request from its first send only: after a refused send,
// 'Отправить код ещё раз' asks again (and the code comes).
const resendAfterRefusal = model.getPathsFromEvents(
  [{ type: CODE_REFUSED, error: { message: THROTTLED.error } }, { type: "RESEND" }, { type: CODE_SENT, output: { phone: DIRECTOR.maskedPhone } }] as never,
  {},
)

describe("director level-up, generated paths", () => {
  for (const path of [...model.getShortestPaths(), ...resendAfterRefusal]) {
    test(path.description, async () => {
      // A server per path: codes and their throttling belong to one account.
      const server = await startTestServer()
      const context: BrowserContext = await browser.newContext()
      const page: Page = await context.newPage()
      const codes = new Gate()
      const improve = new Gate()
      await page.route("**/api/v1/phone_codes**", codes.push)
      await page.route("**/api/v1/users/improve_session**", improve.push)
      const lastCode = () => {
        try {
          const lines = readFileSync(join(server.dataDir, "outbox", "sms.log"), "utf8").trim().split("\n")
          return /\b(\d{6})\b/.exec(lines.at(-1) ?? "")?.[1] ?? "000000"
        } catch {
          return "000000"
        }
      }
      const main = page.locator("main")
      const verify = main.getByRole("button", { name: t.verify })
      const resend = main.getByRole("button", { name: t.resend })
      try {
        await page.goto(server.url + "/users/director/sign_in")
        await main.getByLabel(t.email).fill(DIRECTOR.email)
        await main.getByLabel(t.password).fill(DIRECTOR.password)
        await main.getByRole("button", { name: t.submit }).click()
        await verify.waitFor()
        await path.test({
          states: {
            requestingCode: async () => {
              await expect.poll(() => main.getByRole("status").textContent()).toBe(t.codeSending)
              expect(await verify.isDisabled()).toBe(true)
            },
            codeSent: async () => {
              await expect.poll(() => main.getByRole("status").textContent()).toBe(t.codeSent(DIRECTOR.maskedPhone))
              expect(await verify.isEnabled()).toBe(true)
              expect(await resend.isEnabled()).toBe(true)
            },
            verifying: async () => {
              await expect.poll(() => verify.isDisabled()).toBe(true)
            },
            failed: async () => {
              await expect.poll(async () => (await main.getByRole("alert").textContent()) ?? "").not.toBe("")
              expect(await verify.isEnabled()).toBe(true)
            },
            done: async () => {
              await page.waitForURL(server.url + "/account")
              const cookie = (await context.cookies()).find((c) => c.name === "token")
              expect(decodeJwtPayload(cookie?.value ?? "")?.lvl).toBe(2)
            },
          },
          events: {
            // @ts-expect-error the invoked actors' done and error events are not the machine's own
            [CODE_SENT]: async () => (await codes.next()).continue(),
            [CODE_REFUSED]: async () => (await codes.next()).fulfill({ status: 429, contentType: "application/json", body: JSON.stringify(THROTTLED) }),
            [RAISED]: async () => (await improve.next()).continue(),
            [REFUSED]: async () => {
              const route = await improve.next()
              await route.continue({ postData: JSON.stringify({ password: DIRECTOR.password, phone_code: "000000" }) })
            },
            VERIFY: async () => {
              await main.getByLabel(t.codeLabel).fill(lastCode())
              await verify.click()
            },
            RESEND: async () => {
              await resend.click()
            },
          },
        })
      } finally {
        await context.close()
        await server.close()
      }
    })
  }
})
