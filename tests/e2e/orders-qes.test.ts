import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { choose_certificate_frm } from "../../schemas/forms/choose_certificate_frm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { qesMessages as q } from "../../schemas/messages/qes.ts"
import { axeViolations } from "../support/axe.ts"
import { signerMessages as sm } from "../../schemas/messages/signer.ts"
import { installTestPlugin, signWithFixture } from "../support/cadesplugin.ts"
import { testHarness } from "../support/harness.ts"
import { DEMO_USER, signInUser } from "../support/users.ts"
import { individualApplicant, ORDER_CONFIRMATIONS } from "../support/order-applicant.ts"

/**
 * A remote order identified by the applicant's qualified signature: its page in the account asks for
 * the signature; the test plug-in (tests/support/cadesplugin.ts) signs with user@demo.local's real
 * fixture key; the server verifies it (a foreign CA's certificate is refused first).
 */
const h = testHarness()
const a = messages.auth
const choose = choose_certificate_frm.fields.find((f) => f.type === "submit")!.label!

async function remoteOrder(): Promise<string> {
  const { jwt } = await signInUser(h.server.url, DEMO_USER.email)
  const options = (await (await fetch(`${h.server.url}/api/v1/uc/options/`)).json()) as { data: { id: string; attributes: { kind: string } }[] }
  const res = await fetch(`${h.server.url}/api/v1/uc/leads/`, {
    method: "POST",
    headers: { authorization: `Bearer ${jwt}`, "content-type": "application/json" },
    body: JSON.stringify({
      applicant_kind: "individual_person",
      options: [options.data.find((o) => o.attributes.kind !== "certificate")!.id],
      identification: "remote",
      ...individualApplicant({ snils: "123-456-789 64" }),
      ...ORDER_CONFIRMATIONS,
      submit: true,
    }),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { data: { id: string } }).data.id
}

async function openOrder(page: Page, id: string) {
  const path = `/account/orders/${id}`
  await page.goto(`${h.server.url}/users/sign_in?redirectTo=${encodeURIComponent(path)}`)
  const main = page.getByRole("main")
  await main.getByLabel(a.email).fill(DEMO_USER.email)
  await main.getByLabel(a.password).fill(DEMO_USER.password)
  await main.getByRole("button", { name: a.submit, exact: true }).click()
  await page.waitForURL(h.server.url + path)
  const block = page.getByRole("region", { name: q.block.title })
  await block.waitFor()
  return block
}

const verifiedNote = /Заявитель подписал заявление квалифицированной подписью: Иванов Иван Иванович, сертификат № [0-9a-f]+, выдан Демонстрационный УЦ/

describe("remote identification by an existing qualified signature", () => {
  test("the order's page → sign the application with the plug-in → 'Подпись заявителя проверена'", async () => {
    const id = await remoteOrder()
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    await installTestPlugin(context, { certificates: ["user-ivanov", "untrusted-leaf"] })
    const page = await context.newPage()
    try {
      const block = await openOrder(page, id)
      await page.getByText(q.submitNote).first().waitFor()
      const form = page.locator("form#order-qes-sign")
      const mine = form.getByRole("radio", { name: /^Иванов Иван Иванович — выдан: Демонстрационный УЦ/ })
      await mine.waitFor()
      expect(await axeViolations(page)).toEqual([])
      // A certificate of a CA nobody trusts: refused under the certificate field, nothing verified.
      await form.getByRole("radio", { name: /Клиент постороннего УЦ/ }).check()
      await form.getByRole("button", { name: choose }).click()
      await form.getByText(q.api.untrusted).waitFor()
      // The applicant's own qualified certificate.
      await mine.check()
      await form.getByRole("button", { name: choose }).click()
      await block.getByText(q.block.verified).waitFor()
      await expect.poll(() => form.count()).toBe(0)
      await page.getByText(verifiedNote).waitFor()
      expect(await axeViolations(page)).toEqual([])
    } finally {
      await context.close()
    }
  })

  test("without the plug-in: the downloaded text names the order, its detached signature uploaded verifies", async () => {
    const id = await remoteOrder()
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
    const page = await context.newPage()
    try {
      const block = await openOrder(page, id)
      const downloading = page.waitForEvent("download")
      await block.getByRole("button", { name: sm.downloadChallenge }).click()
      const path = join(h.server.dataDir, `qes-${id}.txt`)
      await (await downloading).saveAs(path)
      const text = readFileSync(path, "utf8")
      expect(text).toMatch(new RegExp(`^Заявление на выпуск сертификата по заказу № ${id}\\. Одноразовый код: `))
      const sig = join(h.server.dataDir, `qes-${id}.txt.sig`)
      writeFileSync(sig, Buffer.from(signWithFixture("user-ivanov-dss", text), "base64"))
      await block.getByLabel(sm.signatureFile).setInputFiles(sig)
      const form = page.locator("form#order-qes-sign")
      await form.getByRole("radio", { name: sm.uploadedLabel(`qes-${id}.txt.sig`) }).check()
      await form.getByRole("button", { name: choose }).click()
      await block.getByText(q.block.verified).waitFor()
      await page.getByText(verifiedNote).waitFor()
    } finally {
      await context.close()
    }
  })
})
