import AxeBuilder from "@axe-core/playwright"
import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { decodeJwtPayload } from "../../machines/session.machine.ts"
import { TOKEN_REMEMBER_DAYS } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { TEST_ADMIN } from "../support/server.ts"
import { testHarness } from "../support/harness.ts"
import { awaitSmsCode } from "../support/users.ts"

const h = testHarness()

const PASSWORD = "Demo-2026!x"
const USER = { email: "user@demo.local", fullname: "Иванов Иван Иванович" }
const DIRECTOR = { email: "director@demo.local", phone: "+79000000002" }
const t = messages.auth

async function open(path: string, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  await page.goto(h.server.url + path)
  return { context, page }
}

const tokenCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === "token")
const bearer = (token: string | undefined) => ({ headers: { authorization: `Bearer ${token ?? ""}` } })

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
}

/** Opens the header's sign-in modal and signs in. */
async function signInThroughModal(page: Page, email: string, password: string, remember: boolean) {
  await page.getByRole("button", { name: messages.shell.signIn }).first().click()
  const dialog = page.getByRole("dialog", { name: t.modalTitle })
  await dialog.getByLabel(t.email).fill(email)
  await dialog.getByLabel(t.password).fill(password)
  if (remember) await dialog.getByLabel(t.remember).check()
  await dialog.getByRole("button", { name: t.submit }).click()
  return dialog
}

const smsCode = (phone: string) => awaitSmsCode(h.server.dataDir, phone)

describe("sign-in, sessions and logout", () => {
  test("a user signs in through the modal with remember: the name shows, the cookie lasts a year, a reload keeps it", async () => {
    const { context, page } = await open("/")
    try {
      const dialog = await signInThroughModal(page, USER.email, PASSWORD, true)
      await dialog.waitFor({ state: "detached" })
      await page.waitForURL(h.server.url + "/account")
      const userButton = page.getByRole("button", { name: t.userMenu(USER.fullname) }).first()
      await userButton.waitFor()
      const cookie = await tokenCookie(context)
      expect(((cookie?.expires ?? 0) - Date.now() / 1000) / 86400).toBeGreaterThan(TOKEN_REMEMBER_DAYS - 1)
      // The server set it, and no script of the page reads it.
      expect(cookie?.httpOnly).toBe(true)
      expect(cookie?.sameSite).toBe("Lax")
      expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|;\s*)token=/)
      // After a reload the page knows who is signed in from the server's page: no call asks again.
      const asked: string[] = []
      page.on("request", (r) => {
        if (/\/api\/v1\/users\/info|\/api\/v2\/crm\/current_admin/.test(r.url())) asked.push(r.url())
      })
      await page.goto(h.server.url + "/faq")
      await userButton.waitFor()
      await page.waitForLoadState("networkidle")
      expect(asked).toEqual([])
      await page.reload()
      await userButton.waitFor()
      // The authed-user modal: the account link and 'Выйти'.
      await userButton.click()
      const modal = page.getByRole("dialog", { name: USER.fullname })
      await modal.getByRole("link", { name: t.account }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await modal.getByRole("link", { name: t.account }).click()
      await modal.waitFor({ state: "detached" })
      expect(new URL(page.url()).pathname).toBe("/account")
    } finally {
      await context.close()
    }
  })

  test("without remember the token is a session cookie; the state-services-portal button never appears", async () => {
    const { context, page } = await open("/")
    try {
      await signInThroughModal(page, USER.email, PASSWORD, false)
      await page.getByRole("button", { name: t.userMenu(USER.fullname) }).first().waitFor()
      expect((await tokenCookie(context))?.expires).toBe(-1)
      expect(await page.getByRole("button", { name: /госуслуг|есиа/i }).count()).toBe(0)
      expect(await page.getByText(/(войти|вход) через (госуслуги|есиа)/i).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  test("a wrong password shows the message and re-enables the button; the modal has no axe violations", async () => {
    const { context, page } = await open("/")
    try {
      await page.getByRole("button", { name: messages.shell.signIn }).first().click()
      const dialog = page.getByRole("dialog", { name: t.modalTitle })
      await dialog.waitFor()
      expect(await axeViolations(page)).toEqual([])
      let release!: () => void
      const held = new Promise<void>((r) => (release = r))
      await page.route("**/api/v1/users/sign_in**", async (route) => {
        await held
        await route.continue()
      })
      await dialog.getByLabel(t.email).fill(USER.email)
      await dialog.getByLabel(t.password).fill("Wrong-Pass-1!")
      const button = dialog.getByRole("button", { name: t.submit })
      await button.click()
      await expect.poll(() => button.isDisabled()).toBe(true)
      release()
      await expect.poll(() => dialog.getByRole("alert").textContent()).toBe(messages.http.signInFailed)
      expect(await button.isEnabled()).toBe(true)
      expect(await tokenCookie(context)).toBeUndefined()
      expect(await axeViolations(page)).toEqual([])
      // Empty fields are checked in the browser first, with labelled errors.
      await dialog.getByLabel(t.email).fill("")
      await button.click()
      await dialog.getByText(messages.validation.required).first().waitFor()
    } finally {
      await context.close()
    }
  })

  test("logout calls the server, goes home, and the old token is refused afterwards", async () => {
    const { context, page } = await open("/")
    try {
      await signInThroughModal(page, USER.email, PASSWORD, true)
      const userButton = page.getByRole("button", { name: t.userMenu(USER.fullname) }).first()
      await userButton.waitFor()
      const token = (await tokenCookie(context))?.value
      expect((await fetch(`${h.server.url}/api/v1/users/info/`, bearer(token))).status).toBe(200)
      await userButton.click()
      const signOut = page.waitForResponse((r) => r.url().includes("/api/v1/users/sign_out"))
      await page.getByRole("dialog", { name: USER.fullname }).getByRole("button", { name: t.logout }).click()
      expect((await signOut).status()).toBe(204)
      await page.waitForURL(h.server.url + "/")
      await page.getByRole("button", { name: messages.shell.signIn }).first().waitFor()
      await expect.poll(() => tokenCookie(context)).toBeUndefined()
      expect((await fetch(`${h.server.url}/api/v1/users/info/`, bearer(token))).status).toBe(401)
    } finally {
      await context.close()
    }
  })

  test("a token revoked elsewhere: the failed info fetch logs out and the header offers 'Войти'", async () => {
    const { context, page } = await open("/")
    try {
      await signInThroughModal(page, USER.email, PASSWORD, true)
      await page.getByRole("button", { name: t.userMenu(USER.fullname) }).first().waitFor()
      const token = (await tokenCookie(context))?.value
      expect((await fetch(`${h.server.url}/api/v1/users/sign_out/`, { method: "POST", ...bearer(token) })).status).toBe(204)
      await page.goto(h.server.url + "/")
      await page.getByRole("button", { name: messages.shell.signIn }).first().waitFor()
      await expect.poll(() => tokenCookie(context)).toBeUndefined()
    } finally {
      await context.close()
    }
  })

  test("the sign-in page honours redirectTo on this site only", async () => {
    const { context, page } = await open("/users/sign_in?redirectTo=" + encodeURIComponent("//evil.example/x"))
    try {
      await page.getByRole("heading", { level: 1, name: messages.pages.signIn }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      const main = page.locator("#main")
      await main.getByLabel(t.email).fill(USER.email)
      await main.getByLabel(t.password).fill(PASSWORD)
      await main.getByRole("button", { name: t.submit }).click()
      await page.waitForURL(h.server.url + "/account")
      await page.goto(h.server.url + "/users/sign_in?redirectTo=" + encodeURIComponent("/account/representative"))
      await main.getByLabel(t.email).fill(USER.email)
      await main.getByLabel(t.password).fill(PASSWORD)
      await main.getByRole("button", { name: t.submit }).click()
      await page.waitForURL(h.server.url + "/account/representative")
    } finally {
      await context.close()
    }
  })

  test("a director signs in on the director page with the SMS code and gets level director", async () => {
    const { context, page } = await open("/users/director/sign_in")
    try {
      await page.getByRole("heading", { level: 1, name: messages.pages.directorSignIn }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      const main = page.locator("#main")
      await main.getByLabel(t.email).fill(DIRECTOR.email)
      await main.getByLabel(t.password).fill(PASSWORD)
      await main.getByRole("button", { name: t.submit }).click()
      await main.getByRole("status").filter({ hasText: "+7 (9**) ***-**-02" }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      const lvl1 = (await tokenCookie(context))?.value
      expect(decodeJwtPayload(lvl1 ?? "")?.lvl).toBe(1)
      await main.getByLabel(t.codeLabel).fill(await smsCode(DIRECTOR.phone))
      await main.getByRole("button", { name: t.verify }).click()
      await page.waitForURL(h.server.url + "/account")
      const token = (await tokenCookie(context))?.value
      expect(token).not.toBe(lvl1)
      expect(decodeJwtPayload(token ?? "")?.lvl).toBe(2)
      expect((await fetch(`${h.server.url}/api/v1/lk/legal_person/`, bearer(token))).status).toBe(200)
      await page.getByRole("button", { name: /Меню пользователя/ }).first().click()
      await page.getByRole("dialog").getByText(t.director, { exact: true }).waitFor()
    } finally {
      await context.close()
    }
  })

  test("an ordinary user is refused on the director page", async () => {
    const { context, page } = await open("/users/director/sign_in")
    try {
      const main = page.locator("#main")
      await main.getByLabel(t.email).fill(USER.email)
      await main.getByLabel(t.password).fill(PASSWORD)
      await main.getByRole("button", { name: t.submit }).click()
      await expect.poll(() => main.getByRole("alert").textContent()).toBe(t.notDirector)
      expect(await tokenCookie(context)).toBeUndefined()
    } finally {
      await context.close()
    }
  })

  test("an administrator's token is refused by the site's API and a site token by the CRM's", async () => {
    const admin = await open("/admin_users/sign_in")
    const site = await open("/")
    try {
      await admin.page.getByRole("heading", { level: 1, name: messages.admin.signInTitle }).waitFor()
      expect(await axeViolations(admin.page)).toEqual([])
      await admin.page.getByLabel(messages.admin.email).fill(TEST_ADMIN.email)
      await admin.page.getByLabel(messages.admin.password).fill(TEST_ADMIN.password)
      await admin.page.getByRole("button", { name: messages.admin.signIn }).click()
      await admin.page.waitForURL(h.server.url + "/crm")
      const adminToken = (await tokenCookie(admin.context))?.value
      expect((await fetch(`${h.server.url}/api/v2/crm/current_admin/`, bearer(adminToken))).status).toBe(200)
      expect((await fetch(`${h.server.url}/api/v1/users/info/`, bearer(adminToken))).status).toBe(401)

      await signInThroughModal(site.page, USER.email, PASSWORD, false)
      await site.page.getByRole("button", { name: t.userMenu(USER.fullname) }).first().waitFor()
      const siteToken = (await tokenCookie(site.context))?.value
      expect((await fetch(`${h.server.url}/api/v2/crm/current_admin/`, bearer(siteToken))).status).toBe(401)
      // In the browser: the CRM does not take the site token (changing context logs out) and asks for the admin sign-in.
      await site.page.goto(h.server.url + "/crm")
      await site.page.waitForURL(/\/admin_users\/sign_in\?redirectTo=%2Fcrm$/)
    } finally {
      await admin.context.close()
      await site.context.close()
    }
  })

  test("staff log out to the admin sign-in; the admin token is revoked", async () => {
    const { context, page } = await open("/admin_users/sign_in")
    try {
      await page.getByLabel(messages.admin.email).fill(TEST_ADMIN.email)
      await page.getByLabel(messages.admin.password).fill(TEST_ADMIN.password)
      await page.getByRole("button", { name: messages.admin.signIn }).click()
      await page.getByTestId("crm-admin-email").filter({ hasText: TEST_ADMIN.email }).waitFor()
      const token = (await tokenCookie(context))?.value
      const signOut = page.waitForResponse((r) => r.url().includes("/api/v2/crm/sign_out"))
      await page.getByRole("button", { name: messages.admin.logout }).click()
      expect((await signOut).status()).toBe(204)
      await page.waitForURL(/\/admin_users\/sign_in$/)
      expect((await fetch(`${h.server.url}/api/v2/crm/current_admin/`, bearer(token))).status).toBe(401)
    } finally {
      await context.close()
    }
  })

  test("on a phone the burger menu offers 'Войти', which opens the modal; 'Забыли пароль?' opens the reset modal", async () => {
    const { context, page } = await open("/", 375)
    try {
      await page.getByRole("button", { name: messages.shell.openMenu }).click()
      await page.getByRole("dialog").getByRole("button", { name: messages.shell.signIn }).click()
      const dialog = page.getByRole("dialog", { name: t.modalTitle })
      await dialog.waitFor()
      expect(await axeViolations(page)).toEqual([])
      // 'Забыли пароль?' closes the sign-in and opens the reset modal.
      await dialog.getByRole("button", { name: t.forgot }).click()
      await page.getByRole("dialog", { name: messages.access.forgotTitle }).waitFor()
      expect(await dialog.count()).toBe(0)
    } finally {
      await context.close()
    }
  })
})
