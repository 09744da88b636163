import type { BrowserContext } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { staffTotpSettingsMachine } from "../../machines/staff-totp-settings.machine.ts"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { roleToken } from "../api/helpers.ts"
import { coveringPaths } from "../support/covering-paths.ts"
import { Gate, testHarness } from "../support/harness.ts"
import { invocationsAsEvents, json } from "../support/model.ts"
import { adminToken } from "../support/server.ts"
import { totpCode } from "../support/totp.ts"

/**
 * staffTotpSettingsMachine on the CRM dashboard's 'Вход с одноразовым кодом' (src/features/crm/TotpSettings.tsx),
 * each path as a new staff member (STAFF_TOTP optional: anyone may enrol and leave). Every call to
 * /api/v2/crm/totp is held: the test lets the real server answer it, or answers a 500 (the status),
 * a 409 (a new secret) or a 422 at the code's field (the first code, the disabling code). The first
 * code is derived with otplib from the key the page shows; a path that starts enrolled is enrolled
 * through the API first, and disables with one of its recovery codes.
 */
const h = testHarness()
let admin = ""
beforeAll(async () => {
  admin = await adminToken(h.server.url)
})

const t = crmMessages.totp
type Snap = SnapshotFrom<typeof staffTotpSettingsMachine>
type Ev = { type: string; output?: { enrolled: boolean }; error?: { status: number } }
const LOAD_DOWN = "Сервис временно недоступен"
const WRONG = { status: 422, message: messages.http.unknown, details: { otp: [t.codeWrong] } }
const statusOf = (enrolled: boolean) => ({ enrolled, enrolled_at: enrolled ? "2026-03-16T09:00:00.000Z" : null, required: false, recovery_codes_left: enrolled ? 10 : 0 })

const model = createTestModel(invocationsAsEvents(staffTotpSettingsMachine), {
  // The incoming event, the state it left, the status and a failure are part of the key: the shortest paths take every transition.
  serializeState: ((s: Snap, e: Ev | undefined, prev: Snap | undefined) =>
    [JSON.stringify(s.value), e?.type, JSON.stringify(prev?.value), s.context.status?.enrolled, s.context.notice, s.context.failure ? 1 : 0].join("|")) as never,
  events: ((s: Snap) => eventsOf(s)) as never,
  // The model would also send the machine's other events bare (ENABLE while enrolled, a done without its output): only these.
  filterEvents: ((s: Snap, e: unknown) => eventsOf(s).some((x) => JSON.stringify(x) === JSON.stringify(e))) as never,
})

function eventsOf(s: Snap): object[] {
  const c = s.context
  if (s.matches("loading")) {
    // What the server holds: enrolled after the recovery codes, not after disabling; the first load may find either.
    const enrolled = c.notice === "enabled" ? [true] : c.notice === "disabled" ? [false] : c.status ? [c.status.enrolled] : [false, true]
    return [
      ...enrolled.map((e) => ({ type: "xstate.done.actor.loadStatus", output: statusOf(e) })),
      ...(c.status === null && !c.failure ? [{ type: "xstate.error.actor.loadStatus", error: { status: 500, message: LOAD_DOWN } }] : []),
    ]
  }
  if (s.matches("failed")) return [{ type: "RETRY" }]
  if (s.matches("ready")) return c.status?.enrolled ? [{ type: "DISABLE" }] : [{ type: "ENABLE" }]
  if (s.matches("starting"))
    return [{ type: "xstate.done.actor.startEnrolment", output: { secret: "", otpauth_uri: "", qr: "" } }, ...(c.failure ? [] : [{ type: "xstate.error.actor.startEnrolment", error: { status: 409, message: t.alreadyEnrolled } }])]
  if (s.matches("enrolling")) return [{ type: "SUBMIT", otp: "" }, { type: "CANCEL" }]
  if (s.matches("confirming")) return [{ type: "xstate.done.actor.confirm", output: [] }, ...(c.failure ? [] : [{ type: "xstate.error.actor.confirm", error: WRONG }])]
  if (s.matches("recovery")) return [{ type: "DONE" }]
  if (s.matches("disabling")) return [{ type: "SUBMIT", otp: "" }, { type: "CANCEL" }]
  if (s.matches("removing")) return [{ type: "xstate.done.actor.disable" }, ...(c.failure ? [] : [{ type: "xstate.error.actor.disable", error: WRONG }])]
  return []
}


/** Enrols the staff member of `token` through the API; answers the recovery codes. */
async function enrol(token: string): Promise<string[]> {
  const headers = { "content-type": "application/json", authorization: `Bearer ${token}` }
  const started = (await (await fetch(`${h.server.url}/api/v2/crm/totp/`, { method: "POST", headers })).json()) as { data: { secret: string } }
  const res = await fetch(`${h.server.url}/api/v2/crm/totp/confirm/`, { method: "POST", headers, body: JSON.stringify({ otp: await totpCode(started.data.secret) }) })
  if (res.status !== 200) throw new Error(`enrolment failed: ${res.status}`)
  return ((await res.json()) as { data: { recovery_codes: string[] } }).data.recovery_codes
}

describe("the staff member's TOTP settings, generated paths", () => {
  for (const path of coveringPaths(model.getShortestPaths())) {
    test(path.description, async () => {
      const token = await roleToken(h.server.url, admin, "admin")
      const firstLoad = path.steps.map((s) => s.event as Ev).find((e) => e.type === "xstate.done.actor.loadStatus")
      let recoveryCodes = firstLoad?.output?.enrolled ? await enrol(token) : []
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      await context.addCookies([{ name: "token", value: token, url: h.server.url }])
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const gate = new Gate()
      const section = page.getByRole("region", { name: t.section })
      const field = section.getByLabel(t.codeLabel, { exact: true })
      const submit = section.getByRole("button", { name: t.submit })
      const key = section.locator('[aria-labelledby="totp-manual-key-label"]')
      const alert = section.getByRole("alert")
      const busy = () => section.getAttribute("aria-busy")
      const failureShown = async (s: Snap) => {
        const f = s.context.failure
        if (f?.details) {
          await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true")
          await section.getByText(t.codeWrong).waitFor()
        } else if (f) await alert.filter({ hasText: f.message }).waitFor()
        else expect(await alert.count()).toBe(0)
      }
      try {
        await page.route((u) => u.pathname.startsWith("/api/v2/crm/totp"), (route) => gate.push(route))
        await page.goto(h.server.url + "/crm")
        await section.waitFor()
        await path.test({
          states: {
            loading: async () => {
              await expect.poll(busy).toBe("true")
            },
            failed: async (s: Snap) => {
              await section.getByText(t.loadFailed).waitFor()
              await alert.filter({ hasText: s.context.failure!.message }).waitFor()
              await section.getByRole("button", { name: t.retry }).waitFor()
            },
            ready: async (s: Snap) => {
              await expect.poll(busy).toBe("false")
              const enrolled = s.context.status!.enrolled
              await section.getByRole("button", { name: enrolled ? t.disable : t.enable, exact: true }).waitFor()
              if (!enrolled) await section.getByText(t.statusOff).waitFor()
              else await section.getByText(t.codesLeft(s.context.status!.recovery_codes_left), { exact: false }).waitFor()
              const notice = s.context.notice
              await expect.poll(() => section.getByRole("status").textContent()).toBe(notice === "enabled" ? t.enabled : notice === "disabled" ? t.disabled : "")
              await failureShown(s)
            },
            starting: async () => {
              await expect.poll(busy).toBe("true")
            },
            enrolling: async (s: Snap) => {
              await section.getByRole("img", { name: /QR-код для приложения-аутентификатора/ }).waitFor()
              expect((await key.textContent())!.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/)
              await expect.poll(() => submit.isEnabled()).toBe(true)
              await failureShown(s)
            },
            confirming: async () => {
              await expect.poll(() => submit.isDisabled()).toBe(true)
            },
            recovery: async () => {
              await section.getByRole("heading", { name: t.recoveryTitle }).waitFor()
              const items = section.getByRole("list", { name: t.recoveryListLabel }).getByRole("listitem")
              expect(await items.count()).toBe(10)
              recoveryCodes = await items.allTextContents()
            },
            disabling: async (s: Snap) => {
              await section.getByText(t.disableLead).waitFor()
              await expect.poll(() => submit.isEnabled()).toBe(true)
              await failureShown(s)
            },
            removing: async () => {
              await expect.poll(() => submit.isDisabled()).toBe(true)
            },
          },
          events: {
            "xstate.done.actor.loadStatus": async () => (await gate.next()).continue(),
            "xstate.error.actor.loadStatus": async () => (await gate.next()).fulfill(json(500, { error: LOAD_DOWN })),
            RETRY: () => section.getByRole("button", { name: t.retry }).click(),
            ENABLE: () => section.getByRole("button", { name: t.enable, exact: true }).click(),
            DISABLE: () => section.getByRole("button", { name: t.disable, exact: true }).click(),
            "xstate.done.actor.startEnrolment": async () => (await gate.next()).continue(),
            "xstate.error.actor.startEnrolment": async () => (await gate.next()).fulfill(json(409, { error: t.alreadyEnrolled })),
            SUBMIT: async () => {
              // Enrolling: the code of the key shown; disabling: a recovery code not used yet.
              if ((await key.count()) > 0) await field.fill(await totpCode((await key.textContent())!.replace(/\s/g, "")))
              else await field.fill(recoveryCodes.shift()!)
              await submit.click()
            },
            CANCEL: () => section.getByRole("button", { name: t.cancel, exact: true }).click(),
            "xstate.done.actor.confirm": async () => (await gate.next()).continue(),
            "xstate.error.actor.confirm": async () => (await gate.next()).fulfill(json(422, { errors: { otp: [t.codeWrong] } })),
            DONE: () => section.getByRole("button", { name: t.savedDone, exact: true }).click(),
            "xstate.done.actor.disable": async () => (await gate.next()).continue(),
            "xstate.error.actor.disable": async () => (await gate.next()).fulfill(json(422, { errors: { otp: [t.codeWrong] } })),
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})
