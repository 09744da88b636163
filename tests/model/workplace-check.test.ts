import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { workplaceCheckMachine } from "../../machines/workplace-check.machine.ts"
import { signerMessages as t } from "../../schemas/signer-messages.ts"
import { axeViolations } from "../support/axe.ts"
import { installTestPlugin } from "../support/cadesplugin.ts"
import { Gate, testHarness } from "../support/harness.ts"
import { invocationsAsEvents, withoutEvents } from "../support/model.ts"

const h = testHarness()
type Snap = SnapshotFrom<typeof workplaceCheckMachine>

const DETECTED = "xstate.done.actor.detect"
const LISTED = "xstate.done.actor.listCertificates"
const CHECKED = "xstate.done.actor.checkCertificates"
const PLUGIN_VERSION = "2.0.15400"

/**
 * 'Проверка рабочего места' with the test plug-in gated: the plug-in hands out its About object
 * (detection) and its Store (listing) when the model's done events release them, and the validation
 * API's answers (the chain check) are held the same way. Absent, broken and CSP-less workplaces, and
 * the report's fixes, are the browser journey's (tests/e2e/signer.test.ts) and the unit test's.
 */
const ERRORS = ["xstate.error.actor.detect", "xstate.error.actor.listCertificates", "xstate.error.actor.checkCertificates"]
const model = createTestModel(withoutEvents(invocationsAsEvents(workplaceCheckMachine), ERRORS), {
  events: [
    { type: DETECTED, output: { plugin: "ready", pluginVersion: PLUGIN_VERSION, cspVersion: "5.0.13000", error: null } },
    { type: LISTED, output: [{ thumbprint: "X" }] },
    { type: CHECKED, output: {} },
    { type: "RECHECK" },
  ] as never,
  filterEvents: (s, e) => {
    const type = e.type as string
    if (type === DETECTED) return s.matches("detecting")
    if (type === LISTED) return s.matches("listing")
    if (type === CHECKED) return s.matches("checking")
    return true
  },
  serializeState: ((s: Snap) => JSON.stringify(s.value)) as never,
})

describe("workplace check, generated paths", () => {
  for (const path of model.getShortestPaths()) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext()
      const gates = { detect: new Gate<() => void>(), list: new Gate<() => void>() }
      await installTestPlugin(context, {
        certificates: ["user-ivanov", "untrusted-leaf"],
        pluginVersion: PLUGIN_VERSION,
        cspVersion: "5.0.13000",
        gate: (stage) => new Promise<void>((resolve) => gates[stage].push(resolve)),
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
            report: async () => {
              await problems.waitFor()
              await certificates.getByRole("cell", { name: t.certificateOk }).waitFor()
              await problems.getByText(t.fixRoot("Клиент постороннего УЦ")).waitFor()
              expect(await page.getByRole("button", { name: t.recheck }).isEnabled()).toBe(true)
              expect(await axeViolations(page)).toEqual([])
            },
          },
          events: {
            // @ts-expect-error the invoked actors' done events are not the machine's own
            [DETECTED]: async () => (await gates.detect.next())(),
            [LISTED]: async () => (await gates.list.next())(),
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
