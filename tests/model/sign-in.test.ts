import type { BrowserContext, Page, Route } from "playwright-core"
import { describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { signInMachine, type Credentials } from "../../machines/sign-in.machine.ts"
import { TOKEN_REMEMBER_DAYS } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { coveringPaths } from "../support/covering-paths.ts"
import { invocationsAsEvents } from "../support/model.ts"
import { testHarness } from "../support/harness.ts"

const h = testHarness()

const DEMO = { email: "user@demo.local", password: "Demo-2026!x", fullname: "Иванов Иван Иванович" }
const t = messages.auth
type Snap = SnapshotFrom<typeof signInMachine>

/**
 * The visitor submits the modal; the sign-in request is held, and the model's done/error events
 * release it to the real server as sent (right password: 200) or with a wrong password (401, the
 * default message). The first try is not remembered and may fail; the try after a failure is
 * remembered and succeeds: two paths walk every transition of the password way (its cookie's lifetime
 * either way). The certificate way is tests/model/sign-in-certificate.test.ts.
 */
const submit = (remember: boolean) => ({ type: "SUBMIT", credentials: { email: DEMO.email, password: DEMO.password, remember } satisfies Credentials })
const DONE = "xstate.done.actor.signIn"
const FAILED = "xstate.error.actor.signIn"
type Ev = { type: string }

function eventsOf(s: Snap): object[] {
  if (s.matches("idle")) return [submit(false)]
  if (s.matches("failure")) return [submit(true)]
  if (s.matches("submitting")) return s.context.credentials?.remember ? [{ type: DONE, output: {} }] : [{ type: DONE, output: {} }, { type: FAILED, error: { status: 401 } }]
  return []
}

const model = createTestModel(invocationsAsEvents(signInMachine), {
  events: eventsOf as never,
  // The model would also send the machine's other events bare (the certificate way's): only these.
  filterEvents: ((s: Snap, e: unknown) => eventsOf(s).some((x) => JSON.stringify(x) === JSON.stringify(e))) as never,
  serializeState: ((s: Snap, e?: Ev) => `${JSON.stringify(s.value)}|${s.context.credentials?.remember ?? "-"}|${e?.type ?? ""}`) as never,
})

describe("sign-in modal, generated paths", () => {
  for (const path of coveringPaths(model.getShortestPaths())) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext()
      const page: Page = await context.newPage()
      const held: Route[] = []
      await page.route("**/api/v1/users/sign_in**", (route) => void held.push(route))
      const release = async (wrong: boolean) => {
        await expect.poll(() => held.length).toBe(1)
        const route = held.shift()!
        const body = route.request().postDataJSON() as { user: Credentials }
        await route.continue(wrong ? { postData: JSON.stringify({ user: { ...body.user, password: "Wrong-Pass-1!" } }) } : {})
      }
      const dialog = page.getByRole("dialog", { name: t.modalTitle })
      const button = dialog.getByRole("button", { name: t.submit })
      const tokenCookie = async () => (await context.cookies()).find((c) => c.name === "token")
      try {
        await page.goto(h.server.url + "/")
        await page.getByRole("button", { name: messages.shell.signIn }).first().click()
        await dialog.waitFor()
        await path.test({
          states: {
            idle: async () => {
              expect(await button.isEnabled()).toBe(true)
              expect(await dialog.getByRole("alert").count()).toBe(0)
            },
            submitting: async () => {
              await expect.poll(() => button.isDisabled()).toBe(true)
            },
            failure: async () => {
              await expect.poll(() => dialog.getByRole("alert").textContent()).toBe(messages.http.signInFailed)
              await expect.poll(() => button.isEnabled()).toBe(true)
              expect(await tokenCookie()).toBeUndefined()
            },
            success: async (s) => {
              await dialog.waitFor({ state: "detached" })
              await page.waitForURL(h.server.url + "/account")
              await page.getByRole("button", { name: t.userMenu(DEMO.fullname) }).first().waitFor()
              const cookie = await tokenCookie()
              expect(cookie).toBeDefined()
              if ((s as Snap).context.credentials?.remember) expect(((cookie?.expires ?? 0) - Date.now() / 1000) / 86400).toBeGreaterThan(TOKEN_REMEMBER_DAYS - 1)
              else expect(cookie?.expires).toBe(-1)
            },
          },
          events: {
            SUBMIT: async ({ event }) => {
              const remember = (event as unknown as { credentials: Credentials }).credentials.remember
              await dialog.getByLabel(t.email).fill(DEMO.email)
              await dialog.getByLabel(t.password).fill(DEMO.password)
              const box = dialog.getByLabel(t.remember)
              if ((await box.isChecked()) !== remember) await box.click()
              await button.click()
            },
            // @ts-expect-error the invoked sign-in's done and error events are not the machine's own
            [DONE]: () => release(false),
            [FAILED]: () => release(true),
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
