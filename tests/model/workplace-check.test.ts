import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { workplaceCheckMachine } from "../../machines/workplace-check.machine.ts"
import { signerMessages as t } from "../../schemas/messages/signer.ts"
import { axeViolations } from "../support/axe.ts"
import { installTestPlugin } from "../support/cadesplugin.ts"
import { Gate, testHarness } from "../support/harness.ts"
import { coveringPaths } from "../support/covering-paths.ts"
import { invocationsAsEvents, withoutEvents } from "../support/model.ts"
import { transitionTour } from "../support/transition-tour.ts"

const h = testHarness()
type Snap = SnapshotFrom<typeof workplaceCheckMachine>

const DETECTED = "xstate.done.actor.detect"
const LISTED = "xstate.done.actor.listCertificates"
const CHECKED = "xstate.done.actor.checkCertificates"
const PLUGIN_VERSION = "2.0.15400"

const DETECT_FAILED = "xstate.error.actor.detect"
const LIST_FAILED = "xstate.error.actor.listCertificates"
/** What the test plug-in's About or Store throws when the test fails it (a plug-in that breaks midway). */
const PLUGIN_FAILURE = "Объект плагина не создан"

/**
 * 'Проверка рабочего места' with the test plug-in gated: the plug-in hands out its About object
 * (detection) and its Store (listing) when the model's done events release them, or fails them
 * (the error events), and the validation API's answers (the chain check) are held the same way. One
 * walk takes every transition a workplace with a plug-in and two certificates can (transition-tour.ts),
 * 'Проверить ещё раз' between; a workplace with an empty store is a path of its own.
 *
 * Left out:
 * - `detecting` → `report` on a plug-in that is not ready (absent or broken): the plug-in's state is
 *   the page's from its start (an absent one is waited for, a broken one refuses at once), so the page
 *   is never seen detecting; the browser journey (tests/e2e/signer.test.ts) and the unit test take it.
 * - `checking` → `report` on an error: the check (src/features/signer/workplace-actors.ts) takes a
 *   failed validation call as that certificate's unknown verdict and never fails; a held call answered
 *   500 ends in `report` through its done event. The unit test takes it.
 */
const ERRORS = ["xstate.error.actor.checkCertificates"]
const model = createTestModel(withoutEvents(invocationsAsEvents(workplaceCheckMachine), ERRORS), {
  events: [
    { type: DETECTED, output: { plugin: "ready", pluginVersion: PLUGIN_VERSION, cspVersion: "5.0.13000", error: null } },
    { type: LISTED, output: [{ thumbprint: "X" }] },
    { type: CHECKED, output: {} },
    { type: DETECT_FAILED, error: new Error(PLUGIN_FAILURE) },
    { type: LIST_FAILED, error: new Error(PLUGIN_FAILURE) },
    { type: "RECHECK" },
  ] as never,
  filterEvents: (s, e) => {
    const type = e.type as string
    if (type === DETECTED || type === DETECT_FAILED) return s.matches("detecting")
    if (type === LISTED || type === LIST_FAILED) return s.matches("listing")
    if (type === CHECKED) return s.matches("checking")
    return true
  },
  serializeState: ((s: Snap) => JSON.stringify(s.value)) as never,
})
const emptyStore = createTestModel(invocationsAsEvents(workplaceCheckMachine), {
  events: [
    { type: DETECTED, output: { plugin: "ready", pluginVersion: PLUGIN_VERSION, cspVersion: "5.0.13000", error: null } },
    { type: LISTED, output: [] },
  ] as never,
  filterEvents: (s, e) => (e.type as string) === (s.matches("detecting") ? DETECTED : LISTED),
  serializeState: ((s: Snap) => JSON.stringify(s.value)) as never,
})
const paths = [
  ...transitionTour(model),
  ...coveringPaths(emptyStore.getShortestPaths()).map((p) => Object.assign(p, { description: `empty store: ${p.description}` })),
]

describe("workplace check, generated paths", () => {
  for (const path of paths) {
    test(path.description, async () => {
      const empty = path.description.startsWith("empty store")
      const context: BrowserContext = await h.browser.newContext()
      type Held = { resolve: () => void; reject: (e: Error) => void }
      const gates = { detect: new Gate<Held>(), list: new Gate<Held>() }
      await installTestPlugin(context, {
        certificates: empty ? [] : ["user-ivanov", "untrusted-leaf"],
        pluginVersion: PLUGIN_VERSION,
        cspVersion: "5.0.13000",
        gate: (stage) => new Promise<void>((resolve, reject) => gates[stage].push({ resolve, reject })),
      })
      const page: Page = await context.newPage()
      const checks = new Gate()
      await page.route("**/api/v1/svs/certificates/validate**", checks.push)
      const status = page.getByRole("main").getByRole("status").first()
      const pluginCell = page.locator('[data-check="plugin"]')
      const certificates = page.getByRole("region", { name: t.certificatesRow })
      const problems = page.getByRole("region", { name: t.problemsTitle })
      try {
        await page.goto(h.server.url + "/workplace_check")
        await page.getByRole("heading", { level: 1, name: t.workplaceTitle }).waitFor()
        await path.test({
          states: {
            detecting: async () => {
              await expect.poll(() => status.textContent()).toBe(t.checking)
              expect(await pluginCell.count()).toBe(0)
              expect(await page.getByRole("button", { name: t.recheck }).isDisabled()).toBe(true)
            },
            listing: async () => {
              await expect.poll(() => pluginCell.textContent()).toBe(t.found(PLUGIN_VERSION))
              expect(await certificates.count()).toBe(0)
              expect(await status.textContent()).toBe(t.checking)
            },
            checking: async () => {
              await expect.poll(() => certificates.getByRole("row").count()).toBe(3)
              expect(await certificates.getByRole("cell", { name: t.chainUnknown }).count()).toBe(2)
              expect(await problems.count()).toBe(0)
            },
            report: async (s) => {
              const c = (s as Snap).context
              await problems.waitFor()
              expect(await page.getByRole("button", { name: t.recheck }).isEnabled()).toBe(true)
              if (c.detection?.plugin === "failed") {
                // The plug-in broke while it was asked: it is reported as not found, with its error.
                await expect.poll(() => pluginCell.textContent()).toBe(t.notFound)
                await problems.getByText(PLUGIN_FAILURE).waitFor()
                return
              }
              if (c.listError !== null || empty) {
                await expect.poll(() => pluginCell.textContent()).toBe(t.found(PLUGIN_VERSION))
                expect(await certificates.count()).toBe(0)
                await problems.getByText(t.fixToken).waitFor()
                if (!empty) await page.getByRole("main").getByText(PLUGIN_FAILURE).first().waitFor()
                return
              }
              await certificates.getByRole("cell", { name: t.certificateOk }).waitFor()
              await problems.getByText(t.fixRoot("Клиент постороннего УЦ")).waitFor()
              expect(await page.getByRole("button", { name: t.recheck }).isEnabled()).toBe(true)
              expect(await axeViolations(page)).toEqual([])
            },
          },
          events: {
            // @ts-expect-error the invoked actors' done events are not the machine's own
            [DETECTED]: async () => (await gates.detect.next()).resolve(),
            [DETECT_FAILED]: async () => (await gates.detect.next()).reject(new Error(PLUGIN_FAILURE)),
            [LISTED]: async () => (await gates.list.next()).resolve(),
            [LIST_FAILED]: async () => (await gates.list.next()).reject(new Error(PLUGIN_FAILURE)),
            [CHECKED]: async () => {
              // One validation call per certificate, each to the real server.
              for (let i = 0; i < 2; i++) await (await checks.next()).continue()
            },
            RECHECK: async () => {
              await page.getByRole("button", { name: t.recheck }).click()
            },
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
