import type { BrowserContext, Page } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { signInMachine } from "../../machines/sign-in.machine.ts"
import { DEMO_CODE_WORD } from "../../server/db/seed/certificates.ts"
import { CERT_VECTOR_MAX_TRIES } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { signerMessages as t } from "../../schemas/messages/signer.ts"
import { call } from "../api/helpers.ts"
import { coveringPaths } from "../support/covering-paths.ts"
import { installTestPlugin, signWithFixture } from "../support/cadesplugin.ts"
import { Gate, testHarness } from "../support/harness.ts"
import { invocationsAsEvents } from "../support/model.ts"
import { DEMO_USER, signInUser, testDb } from "../support/users.ts"

const h = testHarness()
type Snap = SnapshotFrom<typeof signInMachine>
const a = messages.auth
const SIGNED = "xstate.done.actor.certificateSignIn"
const SIGN_REFUSED = "xstate.error.actor.certificateSignIn"
const VERIFIED = "xstate.done.actor.verifyVector"
const WRONG = "xstate.error.actor.verifyVector"
const vectorAsked = { type: SIGNED, output: { vector: { challengeId: "1", nonce: "n" } } }
const signedAtOnce = { type: SIGNED, output: { answer: {} } }
const refused = { type: SIGN_REFUSED, error: { message: t.signatureInvalid, status: 422, details: { certificate: [t.signatureInvalid] } } }
const wrongVector = { type: WRONG, error: { message: t.wrongVector, status: 422, details: { vector: [t.wrongVector] } } }
const spentVector = { type: WRONG, error: { message: t.vectorSpent, status: 422, details: { challenge_id: [t.vectorSpent] } } }

/**
 * The sign-in machine's certificate way in the sign-in modal ('Вход по сертификату'): the test
 * plug-in signs for real; step 1 and step 2 requests are held and the model's events release them
 * to the real server, as sent or altered:
 * - step 1 as sent: the demo register holds the certificate's code word, so step 2 follows; with the
 *   register's code word removed for that request (the certificate is bound, the register keeps no
 *   code word for it), the session at once; a signature of another text: 422, and the visitor tries again;
 * - step 2 as sent (the right code word signs in); with a wrong code word: 422, back to the code word;
 *   with a wrong code word that is the challenge's last try (the test counts the tries before it in
 *   the database, so one wrong try spends it, and the sign-in throttle counts one): the dialog says so
 *   and starts again from the certificate.
 * The password way is tests/model/sign-in.test.ts.
 */
function eventsOf(s: Snap): object[] {
  if (s.matches("idle") || s.matches("failure")) return [{ type: "SUBMIT_CERTIFICATE", thumbprint: "user-ivanov" }]
  if (s.matches("signingCertificate")) return [vectorAsked, refused, signedAtOnce]
  if (s.matches("vector")) return [{ type: "SUBMIT_VECTOR", vector: DEMO_CODE_WORD }]
  if (s.matches("verifyingVector")) return s.context.error === null ? [wrongVector, spentVector] : [{ type: VERIFIED, output: {} }]
  return []
}

const model = createTestModel(invocationsAsEvents(signInMachine), {
  events: eventsOf as never,
  // The model would also send the machine's other events bare (the password way's): only these.
  filterEvents: ((s: Snap, e: unknown) => eventsOf(s).some((x) => JSON.stringify(x) === JSON.stringify(e))) as never,
  // The incoming event, whether the state left was a failure and whether one is shown are part of the key: the shortest paths then take every transition.
  serializeState: ((s: Snap, e?: { type: string }, prev?: Snap) => [JSON.stringify(s.value), e?.type, prev?.matches("failure") === true, s.context.error !== null].join("|")) as never,
})

let demoUserId = 0
beforeAll(async () => {
  // The demo user's certificate is bound once (the register's seed holds its code word).
  const signedIn = await signInUser(h.server.url, DEMO_USER.email)
  demoUserId = Number(signedIn.id)
  const jwt = signedIn.jwt
  const c = await call<{ data: { id: string; nonce: string } }>(h.server.url, "POST", "/api/v1/cert_auth/challenges/", { token: jwt, json: { purpose: "bind" } })
  const bound = await call(h.server.url, "POST", "/api/v1/cert_auth/bindings/", { token: jwt, json: { challenge_id: c.body.data.id, signature: signWithFixture("user-ivanov", c.body.data.nonce), password: DEMO_USER.password } })
  expect(bound.status).toBe(201)
})

/** Runs `during` with the register keeping no code word for the demo user's bound certificate. */
async function withoutCodeWord(during: () => Promise<void>): Promise<void> {
  const db = testDb(h.server.dataDir)
  try {
    const binding = await db.kysely.selectFrom("certificate_bindings").select("certificate_id").where("user_id", "=", demoUserId).executeTakeFirstOrThrow()
    const id = Number(binding.certificate_id)
    const row = await db.kysely.selectFrom("certificates").select("code_word_hash").where("id", "=", id).executeTakeFirstOrThrow()
    await db.kysely.updateTable("certificates").set({ code_word_hash: null }).where("id", "=", id).execute()
    try {
      await during()
    } finally {
      await db.kysely.updateTable("certificates").set({ code_word_hash: row.code_word_hash }).where("id", "=", id).execute()
    }
  } finally {
    await db.kysely.destroy()
  }
}

/** Counts all but one of a sign-in challenge's code word tries as spent already. */
async function spendAllButOne(challengeId: number): Promise<void> {
  const db = testDb(h.server.dataDir)
  try {
    await db.kysely.updateTable("cert_challenges").set({ attempts: CERT_VECTOR_MAX_TRIES - 1 }).where("id", "=", challengeId).execute()
  } finally {
    await db.kysely.destroy()
  }
}

describe("sign-in by certificate, generated paths", () => {
  for (const path of coveringPaths(model.getShortestPaths())) {
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
            failure: async (s) => {
              await dialog.getByText((s as Snap).context.error ?? "").waitFor()
              expect(await dialog.getByLabel("Кодовое слово").count()).toBe(0)
              await expect.poll(() => submit.isEnabled()).toBe(true)
            },
            vector: async (s) => {
              await dialog.getByLabel("Кодовое слово").waitFor()
              // Back after a wrong code word: it says so.
              if ((s as Snap).context.error !== null) await dialog.getByText(t.wrongVector).waitFor()
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
            [SIGNED]: async ({ event }: { event: { output: object } }) => {
              const route = await step1.next()
              if ("vector" in event.output) return route.continue()
              const answered = page.waitForResponse((r) => /\/api\/v1\/cert_auth\/sign_in\/?$/.test(new URL(r.url()).pathname))
              await withoutCodeWord(async () => {
                await route.continue()
                expect((await answered).status()).toBe(200)
              })
            },
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
            [WRONG]: async ({ event }: { event: { error: { details: object } } }) => {
              const route = await step2.next()
              const body = route.request().postDataJSON() as Record<string, unknown>
              if ("challenge_id" in event.error.details) await spendAllButOne(Number(body.challenge_id))
              await route.continue({ postData: JSON.stringify({ ...body, vector: "WRONG2026" }) })
            },
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
