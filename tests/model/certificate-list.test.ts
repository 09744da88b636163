import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { certificateListMachine } from "../../machines/certificate-list.machine.ts"
import { auth_cert_frm } from "../../schemas/forms/auth_cert_frm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { signerMessages as t } from "../../schemas/messages/signer.ts"
import { installTestPlugin } from "../support/cadesplugin.ts"
import { testHarness } from "../support/harness.ts"
import { invocationsAsEvents } from "../support/model.ts"
import { transitionTour } from "../support/transition-tour.ts"

const h = testHarness()
type Snap = SnapshotFrom<typeof certificateListMachine>
const LISTED = "xstate.done.actor.listCertificates"
const REFUSED = "xstate.error.actor.listCertificates"
const REFUSAL = "Носитель недоступен"
const refresh = auth_cert_frm.fields.find((f) => f.name === "refresh")!.label!

interface Gate {
  readonly resolve: () => void
  readonly reject: (e: Error) => void
}

/**
 * The certificate list of 'Вход по сертификату' (the sign-in modal) with the test plug-in gated: the
 * personal store opens when the model's done event releases it, or fails (a token that refuses) on its
 * error event; 'Обновить список сертификатов' is REFRESH. A tour, since the shortest paths reach
 * `loading` before any REFRESH and so never take the one from `ready`.
 */
const model = createTestModel(invocationsAsEvents(certificateListMachine), {
  events: [{ type: LISTED, output: [] }, { type: REFUSED, error: { message: REFUSAL } }, { type: "REFRESH" }] as never,
  filterEvents: (s, e) => ((e.type as string).startsWith("xstate.") ? s.matches("loading") : !s.matches("loading")),
  serializeState: ((s: Snap) => `${JSON.stringify(s.value)}|${s.context.error !== null}`) as never,
})

describe("certificate list, generated paths", () => {
  for (const path of transitionTour(model)) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext()
      const gates: Gate[] = []
      await installTestPlugin(context, {
        certificates: ["user-ivanov"],
        gate: (stage) => (stage === "list" ? new Promise<void>((resolve, reject) => gates.push({ resolve, reject })) : Promise.resolve()),
      })
      const page: Page = await context.newPage()
      const next = async () => {
        await expect.poll(() => gates.length).toBeGreaterThan(0)
        return gates.shift()!
      }
      try {
        await page.goto(h.server.url + "/")
        await page.getByRole("button", { name: messages.shell.signIn }).first().click()
        const dialog = page.getByRole("dialog", { name: messages.auth.modalTitle })
        await dialog.getByRole("button", { name: messages.auth.byCertificate }).click()
        const select = dialog.getByRole("combobox", { name: "Сертификат" })
        await select.waitFor()
        await path.test({
          states: {
            loading: async () => {
              await dialog.getByText(t.loadingCertificates).waitFor()
            },
            ready: async () => {
              await expect.poll(() => dialog.getByText(t.loadingCertificates).count()).toBe(0)
              expect(await dialog.getByText(REFUSAL, { exact: false }).count()).toBe(0)
              await select.click()
              await page.getByRole("listbox", { name: "Сертификат" }).getByRole("option", { name: /^Иванов Иван Иванович — выдан/ }).waitFor()
              await page.keyboard.press("Escape")
            },
            unavailable: async () => {
              await dialog.getByText(REFUSAL, { exact: false }).waitFor()
              expect(await dialog.getByRole("link", { name: t.checkWorkplace }).count()).toBeGreaterThan(0)
            },
          },
          events: {
            // @ts-expect-error the invoked actor's done and error events are not the machine's own
            [LISTED]: async () => (await next()).resolve(),
            [REFUSED]: async () => (await next()).reject(new Error(REFUSAL)),
            REFRESH: async () => {
              await dialog.getByRole("button", { name: refresh }).click()
            },
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
