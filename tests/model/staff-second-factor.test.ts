import type { BrowserContext, Route } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { staffSecondFactorMachine } from "../../machines/staff-second-factor.machine.ts"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { call, uniq } from "../api/helpers.ts"
import { coveringPaths } from "../support/covering-paths.ts"
import { Gate, testHarness } from "../support/harness.ts"
import { invocationsAsEvents, json } from "../support/model.ts"
import { TEST_ADMIN } from "../support/server.ts"
import { enrolAtSignIn, totpCode } from "../support/totp.ts"

/**
 * staffSecondFactorMachine on the real CRM sign-in (/admin_users/sign_in, src/features/crm/SignInPage.tsx)
 * against a server with STAFF_TOTP=required: each path signs in as a new operator (a role that must have
 * the factor), with no factor yet (the password leads to the enrolment) or enrolled through the API first
 * (the password leads to the code). The password's call goes through; every later step of the sign-in
 * is held, then:
 * - the real server answers it: the session, the recovery step, or a 422 on `otp` for the wrong code the
 *   page typed (codes are derived with otplib from the key the page shows or the enrolment's secret);
 * - a refused ticket is the real server's too: the same request, sent first from outside (the sign-in
 *   finished in another tab), spends the ticket, and the page's own call is then answered 422 on `ticket`;
 * - answered by the test where no server answers so: a 500 to the recovery step's call (the server fails;
 *   the real one only refuses that call's ticket), and a 200 to the enrolment's first code that is not the
 *   recovery step (the flow cannot go on: it ends in `expired`; the real server always answers the codes).
 * RESTART ('Войти заново') is one transition of the machine's root: it is taken once, from `expired`.
 * Every state and transition is reached: none is left out.
 */
const h = testHarness({ env: { STAFF_TOTP: "required", THROTTLE_STEP_MS: "0" } })
let adminJwt = ""
beforeAll(async () => {
  // The test administrator's role must have the factor too: it enrols first, to create the staff.
  adminJwt = (await enrolAtSignIn(h.server.url, TEST_ADMIN)).jwt
})

const t = crmMessages.totp
const PASSWORD = "Staff-Path-2026!q"
type Snap = SnapshotFrom<typeof staffSecondFactorMachine>
type Failure = { status?: number; message: string; details?: Record<string, unknown> }
type Ev = { type: string; answer?: { totp: { step: string } }; output?: { totp?: { step: string } }; error?: Failure }
type Step = { readonly event: Ev }

const WRONG_CODE: Failure = { status: 422, message: messages.http.unknown, details: { otp: [t.codeWrong] } }
const TICKET_REFUSED: Failure = { status: 422, message: messages.http.unknown, details: { ticket: [t.ticketExpired] } }
const SERVER_FAILED: Failure = { status: 500, message: messages.http.serverError }
const done = (output: unknown) => ({ type: "xstate.done.actor.submitStep", output })
const failed = (error: Failure) => ({ type: "xstate.error.actor.submitStep", error })
const enrolment = { secret: "", otpauth_uri: "", qr: "" }

/** A failure as the key and the checks tell it apart: none, a 422 on `otp` or `ticket`, a 500, the flow's own (no message). */
const failureKind = (s: Snap) => {
  const f = s.context.failure
  return f === null ? "" : f.details ? Object.keys(f.details).join() : f.message === "" ? "ended" : String(f.status)
}

/**
 * What each state lets happen. A first try fails (a wrong code, the server down) and the next succeeds,
 * so one path walks the failure and the success; a refused ticket (or an answer the flow cannot go on
 * with) ends a path of its own in `expired`.
 */
function eventsOf(s: Snap): object[] {
  const retried = s.context.failure !== null
  if (s.matches("idle"))
    return [
      { type: "START", answer: { totp: { step: "code", ticket: "" } } },
      { type: "START", answer: { totp: { step: "enrol", ticket: "", enrolment } } },
    ]
  if (s.matches("code") || s.matches("enrol")) return [{ type: "SUBMIT", otp: "" }]
  if (s.matches("verifying")) return retried ? [done({ data: {} })] : [failed(WRONG_CODE), failed(TICKET_REFUSED)]
  if (s.matches("confirming"))
    return retried ? [done({ totp: { step: "recovery", ticket: "", recovery_codes: [] } })] : [failed(WRONG_CODE), failed(TICKET_REFUSED), done({ totp: { step: "code", ticket: "" } })]
  if (s.matches("recovery")) return [{ type: "CONTINUE" }]
  if (s.matches("finishing")) return retried ? [done({ data: {} })] : [failed(SERVER_FAILED), failed(TICKET_REFUSED)]
  if (s.matches("expired")) return [{ type: "RESTART" }]
  return []
}

const model = createTestModel(invocationsAsEvents(staffSecondFactorMachine), {
  // The incoming event, the state it left (not for RESTART: one transition of the root, from anywhere) and
  // the failure are part of the key: the shortest paths then take every transition.
  serializeState: ((s: Snap, e: Ev | undefined, prev: Snap | undefined) =>
    [JSON.stringify(s.value), e?.type, e?.type === "RESTART" ? "" : JSON.stringify(prev?.value), failureKind(s)].join("|")) as never,
  events: ((s: Snap) => eventsOf(s)) as never,
  // The model would also send the machine's other events bare (SUBMIT while idle, a done without its output): only these.
  filterEvents: ((s: Snap, e: unknown) => eventsOf(s).some((x) => JSON.stringify(x) === JSON.stringify(e))) as never,
})


/** A new operator (the role must have the factor), created by the administrator. */
async function newOperator(): Promise<{ email: string; password: string }> {
  const email = `operator-${uniq()}@test.local`
  const created = await call(h.server.url, "POST", "/api/v2/crm/admin_users/", { token: adminJwt, json: { admin_user: { email, fullname: "Оператор (путь входа)", password: PASSWORD, role: "operator" } } })
  expect(created.status, created.text).toBe(201)
  return { email, password: PASSWORD }
}

/** Six digits the server takes for none of the steps around now (the one before to the one after next). */
async function wrongCode(secret: string): Promise<string> {
  const near = await Promise.all([-1, 0, 1, 2].map((offset) => totpCode(secret, offset)))
  return ["000000", "111111", "222222", "333333", "444444"].find((c) => !near.includes(c))!
}

/** The held call sent first from outside, as another tab finishing the same sign-in: it spends the ticket. */
async function sendFirstElsewhere(route: Route): Promise<void> {
  const res = await fetch(`${h.server.url}/api/v2/crm/sign_in/`, { method: "POST", headers: { "content-type": "application/json" }, body: route.request().postData() ?? "" })
  expect(res.status, await res.text()).toBe(200)
}

const ticketOf = (route: Route) => (route.request().postDataJSON() as { admin: { ticket: string } }).admin.ticket

describe("the staff sign-in's second factor, generated paths", () => {
  for (const path of coveringPaths(model.getShortestPaths())) {
    test(path.description, async () => {
      const steps = path.steps as readonly Step[]
      const operator = await newOperator()
      // A path that starts with the code: the operator enrolled through the API (its code step taken now).
      const enrolled = steps.some((s) => s.event.type === "START" && s.event.answer?.totp.step === "code") ? await enrolAtSignIn(h.server.url, operator) : null
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const gate = new Gate()
      const signIn = page.locator("form#admin-sign-in")
      const field = page.getByLabel(t.codeLabel, { exact: true })
      const submit = page.getByRole("button", { name: t.submit })
      const key = page.locator('[aria-labelledby="totp-manual-key-label"]')
      const alert = page.getByRole("alert")
      const codes = page.getByRole("list", { name: t.recoveryListLabel }).getByRole("listitem")
      const heading = (name: string) => page.getByRole("heading", { name, level: 1 })
      /** The key the page shows (enrolment), else the enrolled operator's. */
      const secret = async () => ((await key.count()) > 0 ? (await key.textContent())!.replace(/\s/g, "") : enrolled!.secret)
      const failureShown = async (s: Snap) => {
        const kind = failureKind(s)
        if (kind === "otp") {
          await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true")
          await page.getByText(t.codeWrong).waitFor()
        } else if (kind === "500") await alert.filter({ hasText: messages.http.serverError }).waitFor()
        else expect(await alert.count()).toBe(0)
      }
      const busy = (form: string) => expect.poll(() => page.locator(`form#${form}`).getAttribute("aria-busy")).toBe("true")
      try {
        // The password's call goes through; each later step (it carries the ticket) waits for the test.
        await page.route(
          (u) => u.pathname.startsWith("/api/v2/crm/sign_in"),
          (route) => {
            const body = route.request().postDataJSON() as { admin?: { ticket?: string } } | null
            if (body?.admin?.ticket !== undefined) gate.push(route)
            else void route.continue()
          },
        )
        await page.goto(`${h.server.url}/admin_users/sign_in`)
        await path.test({
          states: {
            idle: async () => {
              await heading(messages.admin.signInTitle).waitFor()
              await signIn.getByLabel(messages.admin.email, { exact: true }).waitFor()
              expect(await field.count()).toBe(0)
            },
            code: async (s: Snap) => {
              await heading(t.codeStepTitle).waitFor()
              await page.getByText(t.codeStepLead).waitFor()
              expect(await key.count()).toBe(0)
              await expect.poll(() => submit.isEnabled()).toBe(true)
              await failureShown(s)
            },
            verifying: () => busy("admin-totp-code"),
            enrol: async (s: Snap) => {
              await heading(t.enrolTitle).waitFor()
              await page.getByRole("img", { name: t.qrAlt(operator.email) }).waitFor()
              expect(await secret()).toMatch(/^[A-Z2-7]{32}$/)
              await expect.poll(() => submit.isEnabled()).toBe(true)
              await failureShown(s)
            },
            confirming: () => busy("admin-totp-enrol"),
            recovery: async (s: Snap) => {
              await page.getByRole("heading", { name: t.recoveryTitle }).waitFor()
              expect(await codes.count()).toBe(10)
              expect(await codes.first().textContent()).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/)
              await failureShown(s)
            },
            finishing: async () => {
              // The codes stay until the session's answer; the call itself is what the next event answers.
              await page.getByRole("heading", { name: t.recoveryTitle }).waitFor()
            },
            expired: async () => {
              await heading(t.codeStepTitle).waitFor()
              await alert.filter({ hasText: t.ticketExpired }).waitFor()
              await page.getByRole("button", { name: t.back }).waitFor()
              expect(await field.count()).toBe(0)
            },
            done: async () => {
              await page.waitForURL(`${h.server.url}/crm`)
              await page.getByRole("heading", { name: t.section }).waitFor()
            },
          },
          events: {
            START: async () => {
              await signIn.getByLabel(messages.admin.email, { exact: true }).fill(operator.email)
              await signIn.getByLabel(messages.admin.password, { exact: true }).fill(operator.password)
              await signIn.getByRole("button", { name: messages.admin.signIn }).click()
            },
            SUBMIT: async (step: Step) => {
              // A wrong code when the server is to refuse it; else the code of now (enrolment) or of the next
              // step (the enrolment through the API took the code of now).
              const next = steps[steps.indexOf(step) + 1]?.event
              const s = await secret()
              await field.fill(next?.error?.details?.otp ? await wrongCode(s) : await totpCode(s, enrolled ? 1 : 0))
              await submit.click()
            },
            CONTINUE: () => page.getByRole("button", { name: t.saved }).click(),
            RESTART: () => page.getByRole("button", { name: t.back }).click(),
            "xstate.done.actor.submitStep": async (step: Step) => {
              const route = await gate.next()
              if (step.event.output?.totp?.step === "code") await route.fulfill(json(200, { totp: { step: "code", ticket: ticketOf(route), expires_in: 300 } }))
              else await route.continue()
            },
            "xstate.error.actor.submitStep": async (step: Step) => {
              const route = await gate.next()
              const error = step.event.error!
              if (error.details?.ticket) {
                await sendFirstElsewhere(route)
                await route.continue()
              } else if (error.status === 500) await route.fulfill(json(500, { error: messages.http.serverError }))
              // The page sent a wrong code: the real server refuses it.
              else await route.continue()
            },
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})
