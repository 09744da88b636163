import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { DEMO_CODE_WORD } from "../../server/db/seed/certificates.ts"
import { CERT_VECTOR_MAX_TRIES } from "../../schemas/constants.ts"
import { cert_bind_frm } from "../../schemas/forms/cert_bind_frm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { signerMessages as t } from "../../schemas/messages/signer.ts"
import { axeViolations } from "../support/axe.ts"
import { fixtureKeyPair, installTestPlugin, type TestPluginOptions, signWithFixture } from "../support/cadesplugin.ts"
import { testHarness } from "../support/harness.ts"
import { call } from "../api/helpers.ts"
import { DEMO_USER, signInUser, testDb } from "../support/users.ts"

/**
 * Signing in the browser with the test plug-in (tests/support/cadesplugin.ts): the fixtures' real
 * certificates and GOST keys, every signature verified by the real server. The demo register (the
 * seed) holds user@demo.local's certificate with the code word DEMO_CODE_WORD.
 */
const h = testHarness()
const a = messages.auth
const FULLNAME = "Иванов Иван Иванович"
const bindSubmit = cert_bind_frm.fields.find((f) => f.type === "submit")!.label!

async function open(plugin: TestPluginOptions | null): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
  if (plugin) await installTestPlugin(context, plugin)
  return { context, page: await context.newPage() }
}

async function signInByPassword(page: Page) {
  await page.goto(h.server.url + "/users/sign_in?redirectTo=/certificate/binding")
  const main = page.getByRole("main")
  await main.getByLabel(a.email).fill(DEMO_USER.email)
  await main.getByLabel(a.password).fill(DEMO_USER.password)
  await main.getByRole("button", { name: a.submit, exact: true }).click()
  await page.waitForURL(h.server.url + "/certificate/binding")
}

const bindingForm = (page: Page) => page.locator("form#cert-bind")

describe("signing in the browser", () => {
  test("bind a certificate through the plug-in, sign out, sign in by certificate and the code word", async () => {
    const { context, page } = await open({ certificates: ["user-ivanov", "untrusted-leaf", "user-ivanov-expired"] })
    try {
      await signInByPassword(page)
      await page.getByRole("heading", { level: 1, name: t.bindingTitle }).waitFor()
      const form = bindingForm(page)
      // The expired certificate is not offered; the valid ones are, labelled by owner, issuer and validity.
      const radio = form.getByRole("radio", { name: new RegExp(`^${FULLNAME} — выдан: Демонстрационный УЦ`) })
      await radio.waitFor()
      expect(await form.getByRole("radio").count()).toBe(2)
      expect(await axeViolations(page)).toEqual([])
      // A wrong password: the field says so, nothing is bound.
      await radio.check()
      await form.getByLabel(cert_bind_frm.fields.find((f) => f.name === "password")!.label!).fill("Wrong-Pass-1!")
      await form.getByRole("button", { name: bindSubmit }).click()
      await form.getByText(t.wrongPassword).waitFor()
      // The untrusted CA's certificate: refused under the certificate field.
      await form.getByRole("radio", { name: /Клиент постороннего УЦ/ }).check()
      await form.getByLabel(cert_bind_frm.fields.find((f) => f.name === "password")!.label!).fill(DEMO_USER.password)
      await form.getByRole("button", { name: bindSubmit }).click()
      await form.getByText(t.certificateUntrusted).waitFor()
      // The demo CA's certificate binds.
      await radio.check()
      await form.getByRole("button", { name: bindSubmit }).click()
      await page.getByText(t.bound, { exact: true }).waitFor()
      const bound = page.getByRole("region", { name: t.boundTitle })
      await bound.getByRole("cell", { name: FULLNAME, exact: true }).waitFor()
      expect(await axeViolations(page)).toEqual([])

      // Sign out: the session's cookie goes.
      await context.clearCookies()
      await page.goto(h.server.url + "/")
      await page.getByRole("button", { name: messages.shell.signIn }).first().click()
      const dialog = page.getByRole("dialog", { name: a.modalTitle })
      await dialog.getByRole("button", { name: a.byCertificate }).click()
      const certificate = dialog.getByRole("combobox", { name: "Сертификат" })
      await certificate.click()
      await page.getByRole("listbox", { name: "Сертификат" }).getByRole("option", { name: new RegExp(`^${FULLNAME} — выдан: Демонстрационный`) }).click()
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([])
      await dialog.getByRole("button", { name: "Войти по сертификату" }).click()
      // Step 2: the code word of the issue application.
      const vector = dialog.getByLabel("Кодовое слово")
      await vector.waitFor()
      await vector.fill("WRONG99")
      await dialog.getByRole("button", { name: "Подтвердить" }).click()
      await dialog.getByText(t.wrongVector).waitFor()
      // Wrong until the challenge is spent: the code word's form goes, the dialog says why, and the
      // sign-in starts again from the certificate.
      for (let i = 1; i < CERT_VECTOR_MAX_TRIES; i++) {
        await vector.fill(`WRONG${i}`)
        const answered = page.waitForResponse((r) => r.url().endsWith("/api/v1/cert_auth/sign_in/vector/"))
        await dialog.getByRole("button", { name: "Подтвердить" }).click()
        expect((await answered).status()).toBe(422)
      }
      await dialog.getByRole("alert").filter({ hasText: t.vectorSpent }).waitFor()
      await expect.poll(() => vector.count()).toBe(0)
      await certificate.click()
      await page.getByRole("listbox", { name: "Сертификат" }).getByRole("option", { name: new RegExp(`^${FULLNAME} — выдан: Демонстрационный`) }).click()
      await dialog.getByRole("button", { name: "Войти по сертификату" }).click()
      await vector.fill(DEMO_CODE_WORD)
      await dialog.getByRole("button", { name: "Подтвердить" }).click()
      await page.waitForURL(h.server.url + "/account")
      await page.getByRole("button", { name: a.userMenu(FULLNAME) }).first().waitFor()
      expect((await context.cookies()).some((c) => c.name === "token")).toBe(true)
    } finally {
      await context.close()
    }
  })

  test("an uploaded detached signature of the downloaded challenge binds without the plug-in", async () => {
    const { context, page } = await open(null)
    try {
      await signInByPassword(page)
      // No plug-in: the list says so and points to the workplace check.
      await page.getByText(t.pluginMissing, { exact: false }).first().waitFor()
      const downloading = page.waitForEvent("download")
      await page.getByRole("button", { name: t.downloadChallenge }).click()
      const download = await downloading
      const path = join(h.server.dataDir, "challenge.txt")
      await download.saveAs(path)
      const nonce = readFileSync(path, "utf8")
      expect(nonce).toMatch(/^ca-challenge-bind-/)
      // Signed outside the browser (as `openssl cms -sign -binary -outform DER` or CryptoPro would), uploaded as .sig.
      const sig = join(h.server.dataDir, "challenge.txt.sig")
      writeFileSync(sig, Buffer.from(signWithFixture("user-ivanov-dss", nonce), "base64"))
      await page.getByLabel(t.signatureFile).setInputFiles(sig)
      const form = bindingForm(page)
      await form.getByRole("radio", { name: t.uploadedLabel("challenge.txt.sig") }).check()
      await form.getByLabel(cert_bind_frm.fields.find((f) => f.name === "password")!.label!).fill(DEMO_USER.password)
      await form.getByRole("button", { name: bindSubmit }).click()
      await page.getByText(t.bound, { exact: true }).waitFor()
      // The list is read again after the bind: the new row comes with that answer, not with the message.
      const bound = page.getByRole("region", { name: t.boundTitle })
      const row = bound.locator(`tr[data-thumbprint="${fixtureKeyPair("user-ivanov-dss").info.thumbprint}"]`)
      await row.waitFor()
      // 'Отвязать': it says so, and the list is read again without that row.
      await row.getByRole("button", { name: new RegExp(`^${t.unbind}: `) }).click()
      await bound.getByRole("status").filter({ hasText: t.unbound }).waitFor()
      await row.waitFor({ state: "detached" })
    } finally {
      await context.close()
    }
  })
})

describe("signing for the organisation", () => {
  const SEEDED = "ООО «Ромашка», № 3f8e2a10-6c4b-4d2e-9a7f-1b5c8d9e0a21, до 01.06.2029"

  test("the bound certificate lists its holder's МЧД at once; another proves its key through the plug-in first; an untrusted one is refused", async () => {
    const db = testDb(h.server.dataDir)
    const { context, page } = await open({ certificates: ["user-ivanov", "user-ivanov-dss", "untrusted-leaf"] })
    try {
      // Whatever the tests above bound: user-ivanov bound to the demo user, his cloud certificate not.
      await db.kysely.deleteFrom("certificate_bindings").where("thumbprint", "=", fixtureKeyPair("user-ivanov-dss").info.thumbprint).execute()
      if (!(await db.kysely.selectFrom("certificate_bindings").select("id").where("thumbprint", "=", fixtureKeyPair("user-ivanov").info.thumbprint).executeTakeFirst())) {
        const token = (await signInUser(h.server.url, DEMO_USER.email)).jwt
        const c = await call<{ data: { id: string; nonce: string } }>(h.server.url, "POST", "/api/v1/cert_auth/challenges/", { token, json: { purpose: "bind" } })
        const signature = signWithFixture("user-ivanov", c.body.data.nonce)
        const bound = await call(h.server.url, "POST", "/api/v1/cert_auth/bindings/", { token, json: { challenge_id: c.body.data.id, signature, password: DEMO_USER.password } })
        expect(bound.status).toBe(201)
      }
      // Which one-time requests the page has the plug-in sign.
      const signed: string[] = []
      page.on("request", (r) => {
        if (r.method() === "POST" && r.url().endsWith("/api/v1/cert_auth/challenges/")) signed.push(String((r.postDataJSON() as { purpose?: unknown }).purpose))
      })
      await signInByPassword(page)
      const form = page.locator("form#org-signing-form")
      const epoa = form.getByRole("combobox", { name: "Машиночитаемая доверенность" })
      const choose = async (validTo: string) => {
        const listed = page.waitForResponse((r) => r.url().endsWith("/api/v1/cert_auth/epoas/"))
        await form.getByRole("radio", { name: new RegExp(`действует до ${validTo}$`) }).check()
        return (await listed).status()
      }

      // The bound certificate: its holder's МЧД, no signature asked.
      expect(await choose("15.07.2027")).toBe(200)
      await epoa.click()
      await page.getByRole("listbox", { name: "Машиночитаемая доверенность" }).getByRole("option", { name: SEEDED }).waitFor()
      await page.keyboard.press("Escape")
      expect(signed).toEqual([])

      // The untrusted CA's certificate: its key signs, the server refuses it, the page says why.
      expect(await choose("20.11.2036")).toBe(403)
      expect(signed).toEqual(["epoas"])
      await page.getByRole("status").filter({ hasText: t.certificateUntrusted }).waitFor()

      // The cloud certificate, not bound: the plug-in signs an `epoas` request, then the МЧД list.
      expect(await choose("01.11.2027")).toBe(200)
      expect(signed).toEqual(["epoas", "epoas"])
      await epoa.click()
      await page.getByRole("listbox", { name: "Машиночитаемая доверенность" }).getByRole("option", { name: SEEDED }).click()
      expect(await axeViolations(page)).toEqual([])
      await form.getByRole("button", { name: "Выбрать" }).click()
      await page.getByText(t.orgSigned("ООО «Ромашка»", "3f8e2a10-6c4b-4d2e-9a7f-1b5c8d9e0a21")).waitFor()
      expect(signed).toEqual(["epoas", "epoas", "org_sign"])
    } finally {
      await context.close()
      await db.kysely.destroy()
    }
  })
})

describe("Проверка рабочего места", () => {
  test("with the plug-in: versions, the tokens' certificates with their trust, and the fixes", async () => {
    const { context, page } = await open({ certificates: ["user-ivanov", "untrusted-leaf", "user-ivanov-expired"], pluginVersion: "2.0.15400", cspVersion: "5.0.13000" })
    try {
      await page.goto(h.server.url + "/workplace_check")
      await page.getByRole("heading", { level: 1, name: t.workplaceTitle }).waitFor()
      const problems = page.getByRole("region", { name: t.problemsTitle })
      await problems.waitFor()
      expect(await page.locator('[data-check="plugin"]').textContent()).toBe(t.found("2.0.15400"))
      expect(await page.locator('[data-check="csp"]').textContent()).toBe(t.found("5.0.13000"))
      const certs = page.getByRole("region", { name: t.certificatesRow })
      expect(await certs.getByRole("row").count()).toBe(4)
      await certs.getByRole("cell", { name: t.certificateOk }).waitFor()
      await certs.getByRole("cell", { name: t.expired }).waitFor()
      await problems.getByText(t.fixRoot("Клиент постороннего УЦ")).waitFor()
      await problems.getByText(t.fixExpired(FULLNAME)).waitFor()
      expect(await problems.getByRole("link", { name: t.renew }).getAttribute("href")).toBe("/account/certificates")
      expect(await axeViolations(page)).toEqual([])
    } finally {
      await context.close()
    }
  })

  test("without the plug-in, with a broken one, without CSP: each says how to fix it", async () => {
    const absent = await open(null)
    try {
      await absent.page.goto(h.server.url + "/workplace_check")
      const problems = absent.page.getByRole("region", { name: t.problemsTitle })
      await problems.getByText(t.fixPlugin, { exact: false }).waitFor()
      expect(await problems.getByRole("link", { name: t.fixPluginLink }).getAttribute("href")).toBe("https://www.cryptopro.ru/products/cades/plugin")
      expect(await absent.page.locator('[data-check="plugin"]').textContent()).toBe(t.notFound)
      expect(await axeViolations(absent.page)).toEqual([])
    } finally {
      await absent.context.close()
    }
    const broken = await open({ certificates: [], broken: true })
    try {
      await broken.page.goto(h.server.url + "/workplace_check")
      await broken.page.getByRole("region", { name: t.problemsTitle }).getByText(t.fixExtension, { exact: false }).waitFor()
    } finally {
      await broken.context.close()
    }
    const noCsp = await open({ certificates: [], cspVersion: null })
    try {
      await noCsp.page.goto(h.server.url + "/workplace_check")
      const problems = noCsp.page.getByRole("region", { name: t.problemsTitle })
      await problems.getByText(t.fixCsp, { exact: false }).waitFor()
      await problems.getByText(t.fixToken).waitFor()
      // 'Проверить ещё раз' runs the check again.
      await noCsp.page.getByRole("button", { name: t.recheck }).click()
      await problems.getByText(t.fixToken).waitFor()
    } finally {
      await noCsp.context.close()
    }
  })
})
