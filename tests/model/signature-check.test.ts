import { readFileSync } from "node:fs"
import type { Page, Route } from "playwright-core"
import { describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { TestModel } from "xstate/graph"
import { type CheckMode, signatureCheckMachine } from "../../machines/signature-check.machine.ts"
import { validationMessages } from "../../schemas/messages/validation.ts"
import { axeViolations } from "../support/axe.ts"
import { chooseFile } from "../support/fields.ts"
import { testHarness } from "../support/harness.ts"

const h = testHarness()
type Snap = SnapshotFrom<typeof signatureCheckMachine>
const t = validationMessages.page
const FIX = "tests/fixtures/pki/"
const SIGNATURE = readFileSync(FIX + "cms/gost256-detached.p7s")
const DOCUMENT = readFileSync(FIX + "cms/document.txt")
const CERTIFICATE = readFileSync(FIX + "director-romashka.cer")
const other = (mode: CheckMode): CheckMode => (mode === "signature" ? "certificate" : "signature")

// The page /svs against the real server: the request is held by the test, then let through (the real
// report: CHECKED), spoiled on the way (the DER's first byte: the server's 422 with field errors go
// back to the form: FAILED with errors), or cut (a connection failure: FAILED with a message). The
// files travel in the SUBMIT event as the mode they are picked for; a SUBMIT with no file picked is
// the form's own check (SUBMIT with errors: the file's field says so, nothing is sent).
// Left out: PROGRESS (sending's progress report). The browser reports the upload's progress only
// while the body goes, which is after the test lets the held request through and right before the
// answer: it cannot be held apart from CHECKED or FAILED. The machine's unit test covers it.
const model = new TestModel(signatureCheckMachine, {
  stateMatcher: (s, key) => (s as Snap).matches(key as never),
  serializeState: ((s: Snap, e: { type: string } | undefined, prev: Snap | undefined) =>
    [JSON.stringify(s.value), s.context.mode, e?.type, JSON.stringify(prev?.value)].join("|")) as never,
  events: ((s: Snap) => {
    if (s.matches("editing"))
      return [
        { type: "MODE", mode: other(s.context.mode) },
        { type: "SUBMIT", files: { mode: s.context.mode } },
        { type: "SUBMIT", files: {}, errors: { [s.context.mode === "signature" ? "signature" : "file"]: [t.chooseFile] } },
      ]
    if (s.matches("sending"))
      return [
        { type: "CHECKED", report: {} },
        { type: "FAILED", message: "422", errors: { file: ["422"] } },
        { type: "FAILED", message: t.connection },
        { type: "CANCEL" },
      ]
    if (s.matches("failed")) return [{ type: "RETRY" }, { type: "EDIT" }]
    if (s.matches("result")) return [{ type: "EDIT" }]
    return []
  }) as never,
})

/** The multipart body with the uploaded DER's first byte spoiled, so the server refuses it (422). */
function spoiled(body: Buffer, der: Buffer): Buffer {
  const at = body.indexOf(der.subarray(0, 16))
  const copy = Buffer.from(body)
  copy[at] = 0x31
  return copy
}

async function pick(page: Page, mode: CheckMode) {
  if (mode === "signature") {
    await chooseFile(page.getByLabel(t.signatureFile), { name: "договор.sig", mimeType: "application/octet-stream", buffer: SIGNATURE })
    await chooseFile(page.getByLabel(t.documentFile), { name: "договор.txt", mimeType: "text/plain", buffer: DOCUMENT })
  } else {
    await chooseFile(page.getByLabel(t.certificateFile), { name: "директор.cer", mimeType: "application/octet-stream", buffer: CERTIFICATE })
  }
}

describe("'Проверка электронной подписи', generated paths", () => {
  for (const path of model.getShortestPaths()) {
    test(path.description, async () => {
      const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const held: Route[] = []
      await page.route("**/api/v1/svs/**", (r) => void held.push(r))
      const take = async () => {
        await expect.poll(() => held.length).toBe(1)
        return held.shift()!
      }
      let mode: CheckMode = "signature"
      try {
        await page.goto(h.server.url + "/svs")
        await page.getByRole("heading", { name: t.title, level: 1 }).waitFor()
        await path.test({
          states: {
            editing: async (s) => {
              const snap = s as unknown as Snap
              await expect.poll(() => page.getByRole("progressbar").count()).toBe(0)
              await page.getByRole("button", { name: t.submit }).waitFor()
              expect(await page.getByRole("radio", { name: snap.context.mode === "signature" ? t.modeSignature : t.modeCertificate }).isChecked()).toBe(true)
              if (Object.keys(snap.context.errors).length > 0) {
                const input = page.getByLabel(snap.context.mode === "signature" ? t.signatureFile : t.certificateFile)
                await expect.poll(() => input.getAttribute("aria-invalid")).toBe("true")
              }
            },
            sending: async () => {
              await page.getByRole("progressbar").waitFor()
              expect(await page.getByRole("button", { name: t.cancel }).isVisible()).toBe(true)
            },
            failed: async () => {
              await expect.poll(() => page.getByRole("alert").filter({ hasText: t.connection }).count()).toBe(1)
              await page.getByRole("button", { name: t.retry }).waitFor()
            },
            result: async () => {
              await page.getByRole("heading", { name: t.result, level: 2 }).waitFor()
              const verdict = await page.getByRole("status").first().textContent()
              expect(verdict).toBe(mode === "signature" ? "Подпись действительна" : "Сертификат действителен")
              expect(await axeViolations(page)).toEqual([])
            },
          },
          events: {
            MODE: async () => {
              mode = other(mode)
              await page.getByRole("radio", { name: mode === "signature" ? t.modeSignature : t.modeCertificate }).check()
            },
            SUBMIT: async (step) => {
              if (!(step.event as { errors?: unknown }).errors) await pick(page, mode)
              await page.getByRole("button", { name: t.submit }).click()
            },
            CHECKED: async () => (await take()).continue(),
            FAILED: async (step) => {
              const route = await take()
              if ((step.event as { errors?: unknown }).errors) {
                await route.continue({ postData: spoiled(route.request().postDataBuffer()!, mode === "signature" ? SIGNATURE : CERTIFICATE) })
              } else {
                await route.abort("failed")
              }
            },
            CANCEL: async () => {
              await expect.poll(() => held.length).toBe(1)
              await page.getByRole("button", { name: t.cancel }).click()
              await held.shift()!.abort().catch(() => {})
            },
            RETRY: () => page.getByRole("button", { name: t.retry }).click(),
            EDIT: () => page.getByRole("button", { name: t.again }).click(),
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
