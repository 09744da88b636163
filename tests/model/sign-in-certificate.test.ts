import type { BrowserContext, Page } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { signInMachine } from "../../machines/sign-in.machine.ts"
import { DEMO_CODE_WORD } from "../../server/db/seed/certificates.ts"
import { messages } from "../../schemas/messages.ts"
import { signerMessages as t } from "../../schemas/signer-messages.ts"
import { call } from "../api/helpers.ts"
import { installTestPlugin, signWithFixture } from "../support/cadesplugin.ts"
import { Gate, testHarness } from "../support/harness.ts"
import { invocationsAsEvents, withoutEvents } from "../support/model.ts"
import { DEMO_USER, signInUser } from "../support/users.ts"

const h = testHarness()
type Snap = SnapshotFrom<typeof signInMachine>
const a = messages.auth
const SIGNED = "xstate.done.actor.certificateSignIn"
const SIGN_REFUSED = "xstate.error.actor.certificateSignIn"
const VERIFIED = "xstate.done.actor.verifyVector"
const WRONG = "xstate.error.actor.verifyVector"

/**
 * The sign-in machine's certificate way in the sign-in modal ('Вход по сертификату'): the test
 * plug-in signs for real; step 1 and step 2 requests are held and the model's events release them
 * as sent (the demo register's code word asks step 2; the right code word signs in) or altered (a
 * signature of another text: 422; a wrong code word: 422, back to the code word). The password way
 * is tests/model/sign-in.test.ts; a challenge spent by 5 wrong code words is the unit test's.
 */
const model = createTestModel(withoutEvents(invocationsAsEvents(signInMachine), ["SUBMIT", "xstate.done.actor.signIn", "xstate.error.actor.signIn", "xstate.error.actor.verifyVector"]), {
  events: [
    { type: "SUBMIT_CERTIFICATE", thumbprint: "user-ivanov" },
    { type: SIGNED, output: { vector: { challengeId: "1", nonce: "n" } } },
    { type: SIGN_REFUSED, error: { message: t.signatureInvalid, status: 422, details: { certificate: [t.signatureInvalid] } } },
    { type: "SUBMIT_VECTOR", vector: DEMO_CODE_WORD },
    { type: VERIFIED, output: {} },
  ] as never,
  filterEvents: (s, e) => {
    const type = e.type as string
    if (type === SIGNED || type === SIGN_REFUSED) return s.matches("signingCertificate")
    if (type === VERIFIED || type === WRONG) return s.matches("verifyingVector")
    return true
  },
  serializeState: ((s: Snap) => JSON.stringify(s.value)) as never,
})

beforeAll(async () => {
  // The demo user's certificate is bound once (the register's seed holds its code word).
  const jwt = (await signInUser(h.server.url, DEMO_USER.email)).jwt
  const c = await call<{ data: { id: string; nonce: string } }>(h.server.url, "POST", "/api/v1/cert_auth/challenges/", { token: jwt, json: { purpose: "bind" } })
  const bound = await call(h.server.url, "POST", "/api/v1/cert_auth/bindings/", { token: jwt, json: { challenge_id: c.body.data.id, signature: signWithFixture("user-ivanov", c.body.data.nonce), password: DEMO_USER.password } })
  expect(bound.status).toBe(201)
})

describe("sign-in by certificate, generated paths", () => {
  for (const path of model.getShortestPaths()) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext()
      await installTestPlugin(context, { certificates: ["user-ivanov"] })
      const page: Page = await context.newPage()
      const step1 = new Gate()
      const step2 = new Gate()
      await page.route("**/api/v1/cert_auth/sign_in/vector**", step2.push)
      await page.route(/\/api\/v1\/cert_auth\/sign_in\/?$/, step1.push)
      const dialog = page.getByRole("dialog", { name: a.modalTitle })
      const submit = dialog.getByRole("button", { name: "Войти по сертификату" })
      const confirm = dialog.getByRole("button", { name: "Подтвердить" })
      try {
        await page.goto(h.server.url + "/")
        await page.getByRole("button", { name: messages.shell.signIn }).first().click()
        await dialog.getByRole("button", { name: a.byCertificate }).click()
        await submit.waitFor()
        await path.test({
          states: {
            idle: async () => {
              expect(await submit.isEnabled()).toBe(true)
            },
            signingCertificate: async () => {
              await expect.poll(() => submit.isDisabled()).toBe(true)
            },
            failure: async () => {
              await dialog.getByText(t.signatureInvalid).waitFor()
              await expect.poll(() => submit.isEnabled()).toBe(true)
            },
            vector: async () => {
              await dialog.getByLabel("Кодовое слово").waitFor()
              await expect.poll(() => confirm.isEnabled()).toBe(true)
            },
            verifyingVector: async () => {
              await expect.poll(() => confirm.isDisabled()).toBe(true)
            },
            success: async () => {
              await page.waitForURL(h.server.url + "/account")
              await page.getByRole("button", { name: a.userMenu("Иванов Иван Иванович") }).first().waitFor()
            },
          },
          events: {
            SUBMIT_CERTIFICATE: async () => {
              const select = dialog.getByRole("combobox", { name: "Сертификат" })
              if ((await select.textContent())?.includes("Иванов") !== true) {
                await select.click()
                await page.getByRole("listbox", { name: "Сертификат" }).getByRole("option", { name: /^Иванов Иван Иванович — выдан/ }).click()
              }
              await submit.click()
            },
            // @ts-expect-error the invoked actors' done and error events are not the machine's own
            [SIGNED]: async () => (await step1.next()).continue(),
            [SIGN_REFUSED]: async () => {
              const route = await step1.next()
              const body = route.request().postDataJSON() as { challenge_id: string }
              await route.continue({ postData: JSON.stringify({ ...body, signature: signWithFixture("user-ivanov", "another text") }) })
            },
            SUBMIT_VECTOR: async () => {
              await dialog.getByLabel("Кодовое слово").fill(DEMO_CODE_WORD)
              await confirm.click()
            },
            [VERIFIED]: async () => (await step2.next()).continue(),
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
