import type { BrowserContext } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { certificateApprovalMachine } from "../../machines/certificate-approval.machine.ts"
import { certificateMessages as m } from "../../schemas/messages/certificates.ts"
import { messages } from "../../schemas/messages/common.ts"
import { smsMessages } from "../../schemas/messages/sms.ts"
import type { Db } from "../../server/db/index.ts"
import { insertCertificate } from "../api/account-certificates-rows.ts"
import { axeViolations } from "../support/axe.ts"
import { Gate, testHarness } from "../support/harness.ts"
import { invocationsAsEvents, json } from "../support/model.ts"
import { lastSmsCode, registerUser, signInUser, testDb } from "../support/users.ts"

/**
 * certificateApprovalMachine on the real certificate page (/account/certificates/{id}): every
 * transition on a shortest path. The holder asks for the code (the real server sends it, or an injected
 * 429 or 409 refuses), ticks user_confirm_cert_frm's acknowledgements, types the code and confirms (the
 * real server confirms with the real code, or an injected 422 at the code field, or a 409). The
 * preset's own rules (an unticked box, a malformed code) are the form engine's (tests/model/form.test.ts).
 */

const h = testHarness()
let db: Db
let owner: { id: number; jwt: string; phone: string }

beforeAll(async () => {
  db = testDb(h.server.dataDir)
  const r = await registerUser(h.server.url, db)
  await db.kysely.updateTable("users").set({ confirmed_at: new Date().toISOString() }).where("id", "=", Number(r.id)).execute()
  owner = { id: Number(r.id), jwt: (await signInUser(h.server.url, r.email, r.password)).jwt, phone: r.mobile_phone }
})

type Snap = SnapshotFrom<typeof certificateApprovalMachine>
type Step = { event: { type: string; error?: { status: number } } & Record<string, unknown> }
const MASKED = "+7 (9**) ***-**-99"
const GOOD_CODE = "123456"
const VALUES = { data_correct: true, rules_accepted: true, phone_code: GOOD_CODE }

const model = createTestModel(invocationsAsEvents(certificateApprovalMachine), {
  input: { id: "model" },
  serializeState: ((s: Snap) => `${JSON.stringify(s.value)}|${s.context.phone !== null}|${Object.keys(s.context.errors).join()}|${s.context.error?.status ?? ""}`) as never,
  events: ((s: Snap) => {
    if (s.matches("idle")) return [{ type: "SEND_CODE" }]
    if (s.matches("sendingCode")) {
      return [
        { type: "xstate.done.actor.sendCode", output: { phone: MASKED } },
        ...(s.context.error ? [] : [{ type: "xstate.error.actor.sendCode", error: { status: 429, message: messages.accounts.throttled } }]),
        ...(s.context.phone === null ? [{ type: "xstate.error.actor.sendCode", error: { status: 409, message: m.api.alreadyConfirmed } }] : []),
      ]
    }
    if (s.matches("codeSent")) return [{ type: "SUBMIT", values: VALUES }, ...(Object.keys(s.context.errors).length > 0 ? [{ type: "SEND_CODE" }] : [])]
    if (s.matches("confirming")) {
      return [
        { type: "xstate.done.actor.confirm", output: null },
        ...(Object.keys(s.context.errors).length > 0 ? [] : [{ type: "xstate.error.actor.confirm", error: { status: 422, message: messages.http.unknown, details: { phone_code: [m.api.wrongCode] } } }]),
        { type: "xstate.error.actor.confirm", error: { status: 409, message: m.api.notConfirmable } },
      ]
    }
    return []
  }) as never,
})

describe("certificate approval, generated paths", () => {
  for (const path of model.getShortestPaths()) {
    test(path.description, async () => {
      const types = path.steps.map((s) => (s.event as { type: string }).type)
      // Only the path that confirms talks to the real server for the code; the others get injected answers.
      const confirms = types.includes("xstate.done.actor.confirm")
      const cert = await insertCertificate(db, owner.id, { organization: "ООО «Модель»", innle: "7707083893" })
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      await context.addCookies([{ name: "token", value: owner.jwt, url: h.server.url }])
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const gate = new Gate()
      const main = page.locator("#main")
      const code = main.getByLabel("Код из SMS")
      const submit = main.getByRole("button", { name: m.confirm, exact: true })
      const smsCode = () => lastSmsCode(h.server.dataDir, owner.phone)
      try {
        await page.route((u) => /^\/api\/v1\/lk\/certificates\/[0-9a-f]+\/(approval_code|approve)\/?$/.test(u.pathname), (route) => gate.push(route))
        await page.goto(`${h.server.url}/account/certificates/${cert.publicId}`)
        await page.getByRole("heading", { level: 1, name: "ООО «Модель»" }).waitFor()
        await path.test({
          states: {
            idle: async (s: Snap) => {
              await expect.poll(() => submit.isEnabled()).toBe(true)
              expect(await code.count()).toBe(0)
              if (s.context.error) await page.getByText(s.context.error.message).first().waitFor()
            },
            sendingCode: async (s: Snap) => {
              if (s.context.phone === null) await expect.poll(() => main.getByRole("button", { name: m.codeSending }).isDisabled()).toBe(true)
              else await expect.poll(() => main.getByRole("button", { name: smsMessages.resendCode }).isDisabled()).toBe(true)
            },
            codeSent: async (s: Snap) => {
              await code.waitFor()
              await page.getByText(/Мы отправили SMS с кодом/).waitFor()
              const errors = s.context.errors.phone_code
              await expect.poll(() => code.getAttribute("aria-invalid")).toBe(errors ? "true" : "false")
              if (errors) expect(await page.locator(`#${await code.getAttribute("aria-describedby")}`).textContent()).toBe(errors.join(" "))
              await expect.poll(() => submit.isEnabled()).toBe(true)
              expect(await axeViolations(page)).toEqual([])
            },
            confirming: async () => {
              await expect.poll(() => submit.isDisabled()).toBe(true)
            },
            confirmed: async () => {
              await page.getByRole("status").filter({ hasText: /Содержание подтверждено/ }).waitFor()
              expect(await code.count()).toBe(0)
              await page.getByRole("region", { name: m.log }).getByText(m.actions.confirmed!).waitFor()
            },
            closed: async (s: Snap) => {
              await main.getByRole("alert").filter({ hasText: s.context.error!.message }).waitFor()
              expect(await code.count()).toBe(0)
            },
          },
          events: {
            SEND_CODE: async () => {
              if ((await code.count()) > 0) await main.getByRole("button", { name: smsMessages.resendCode }).click()
              else await submit.click()
            },
            "xstate.done.actor.sendCode": async () => {
              const route = await gate.next()
              if (confirms) await route.continue()
              else await route.fulfill(json(201, { data: { phone: MASKED, expires_in: 300, resend_in: 0 } }))
            },
            "xstate.error.actor.sendCode": async ({ event }: Step) => {
              const status = event.error!.status
              await (await gate.next()).fulfill(status === 409 ? json(409, { message: m.api.alreadyConfirmed }) : json(429, { error: messages.accounts.throttled }))
            },
            SUBMIT: async () => {
              await main.getByLabel("Сведения в сертификате верны").check()
              await main.getByLabel(/С содержанием сертификата/).check()
              let value = GOOD_CODE
              if (confirms) {
                await expect.poll(() => smsCode()).toMatch(/^\d{6}$/)
                value = smsCode()
              }
              await code.fill(value)
              await submit.click()
            },
            "xstate.done.actor.confirm": async () => (await gate.next()).continue(),
            "xstate.error.actor.confirm": async ({ event }: Step) => {
              const status = event.error!.status
              await (await gate.next()).fulfill(status === 409 ? json(409, { message: m.api.notConfirmable }) : json(422, { errors: { phone_code: [m.api.wrongCode] } }))
            },
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})
