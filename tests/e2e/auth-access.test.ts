import { readFileSync } from "node:fs"
import { join } from "node:path"
import AxeBuilder from "@axe-core/playwright"
import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { accountMessages } from "../../schemas/messages/account.ts"
import { messages } from "../../schemas/messages/common.ts"
import { adminToken, TEST_ADMIN } from "../support/server.ts"
import { linkParam } from "../support/smtp.ts"
import { signUpBody } from "../support/users.ts"
import { testHarness } from "../support/harness.ts"

const DEMO_PASSWORD = "Demo-2026!x"
const USER = "user@demo.local"
const DIRECTOR = "director@demo.local"

const h = testHarness({ smtp: true })

async function open(token?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
  if (token) await context.addCookies([{ name: "token", value: token, url: h.server.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { context, page }
}

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${h.server.url}/api/v1/users/sign_in/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ user: { email, password: DEMO_PASSWORD } }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { jwt: string }).jwt
}

/** The last SMS code sent to a phone, from DATA_DIR/outbox/sms.log. */
async function smsCode(phone: string, after = 0): Promise<string> {
  let code: string | undefined
  await expect
    .poll(() => {
      let lines: string[]
      try {
        lines = readFileSync(join(h.server.dataDir, "outbox", "sms.log"), "utf8").trim().split("\n").slice(after)
      } catch {
        return undefined
      }
      code = lines.filter((l) => l.includes(phone)).map((l) => /(\d{6})/.exec(l.split(" ").slice(2).join(" "))?.[1]).filter(Boolean).at(-1)
      return code
    })
    .toBeDefined()
  return code!
}

const smsLines = () => {
  try {
    return readFileSync(join(h.server.dataDir, "outbox", "sms.log"), "utf8").trim().split("\n").length
  } catch {
    return 0
  }
}

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
}

describe("accounts and access", () => {
  test("an anonymous visitor of a director route signs in as director (password and SMS) and comes back", async () => {
    const { context, page } = await open()
    try {
      await page.goto(h.server.url + "/account/legal_person")
      await page.waitForURL(/\/users\/director\/sign_in\?redirectTo=%2Faccount%2Flegal_person$/)
      await page.getByLabel(messages.auth.email, { exact: true }).fill(DIRECTOR)
      await page.getByLabel(messages.auth.password, { exact: true }).fill(DEMO_PASSWORD)
      const before = smsLines()
      await page.locator("#main").getByRole("button", { name: messages.auth.submit, exact: true }).click()
      const code = page.getByLabel(messages.auth.codeLabel)
      await code.waitFor()
      await code.fill(await smsCode("+79000000002", before))
      await page.getByRole("button", { name: messages.auth.verify }).click()
      await page.waitForURL(h.server.url + "/account/legal_person")
      await page.getByRole("heading", { level: 1, name: messages.access.legalPersons }).waitFor()
      await page.getByRole("link", { name: /Ромашка/ }).click()
      await page.getByText("7707083893").waitFor()
      expect(await axeViolations(page)).toEqual([])
    } finally {
      await context.close()
    }
  })

  test("an ordinary user gets 403 at a director route (and its API refuses a level-1 token)", async () => {
    const token = await signIn(USER)
    const api = await fetch(`${h.server.url}/api/v1/lk/legal_person/`, { headers: { authorization: `Bearer ${token}` } })
    expect(api.status).toBe(403)
    const { context, page } = await open(token)
    try {
      await page.goto(h.server.url + "/account/legal_person")
      await page.getByRole("heading", { level: 1, name: messages.errors.forbidden }).waitFor()
      expect(new URL(page.url()).pathname).toBe("/account/legal_person")
      expect(await axeViolations(page)).toEqual([])
    } finally {
      await context.close()
    }
  })

  test("a director at level 1 is sent to the director sign-in to raise the level", async () => {
    const { context, page } = await open(await signIn(DIRECTOR))
    try {
      await page.goto(h.server.url + "/account/legal_person/1")
      await page.waitForURL(/\/users\/director\/sign_in\?redirectTo=%2Faccount%2Flegal_person%2F1$/)
    } finally {
      await context.close()
    }
  })

  test("an anonymous visitor of /account goes to the user sign-in and comes back; the account shows the user", async () => {
    const { context, page } = await open()
    try {
      await page.goto(h.server.url + "/account?page=2")
      await page.waitForURL(/\/users\/sign_in\?redirectTo=%2Faccount%3Fpage%3D2$/)
      await page.getByLabel(messages.auth.email, { exact: true }).fill(USER)
      await page.getByLabel(messages.auth.password, { exact: true }).fill(DEMO_PASSWORD)
      await page.locator("#main").getByRole("button", { name: messages.auth.submit, exact: true }).click()
      await page.waitForURL(h.server.url + "/account?page=2")
      await page.getByRole("heading", { level: 1, name: messages.pages.account }).waitFor()
      await page.getByText(USER, { exact: true }).waitFor()
      await page.getByText("+7 (900) 000-00-01").waitFor()
      // No orders yet (docs/account.md): the honest empty state, even on page 2.
      await page.getByText(accountMessages.noOrdersYet).waitFor()
      expect(await axeViolations(page)).toEqual([])
      // A new order starts from a tariff: /orders/new without one goes to the prices (uc_order, docs/orders.md).
      await page.getByRole("link", { name: accountMessages.newOrder }).click()
      await page.waitForURL(h.server.url + "/price")
    } finally {
      await context.close()
    }
  })

  test("an administrator's token on a route not for administrators: the rule's alert, then the page as anonymous", async () => {
    const { context, page } = await open(await adminToken(h.server.url))
    try {
      await page.goto(h.server.url + "/users/password/edit?reset_password_token=x")
      await page.getByText(messages.access.notForAdmin).waitFor()
      await page.getByLabel(messages.access.newPassword).waitFor()
    } finally {
      await context.close()
    }
  })

  test("a new account is confirmed by the link of its e-mail and the SMS code, and signed in", async () => {
    const email = `new-${Date.now()}@demo.local`
    const res = await fetch(`${h.server.url}/api/v1/users/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(await signUpBody(h.server.url, { fullname: "Петров Пётр Петрович", email, mobile_phone: "+7 (900) 123-45-67", password: "Nw-Pass7x!" })),
    })
    expect(res.status).toBe(201)
    const mail = await h.sink.waitFor((m) => m.to === email)
    const token = linkParam(mail.text, "confirmation_token")
    expect(token).toBeDefined()
    const { context, page } = await open()
    try {
      await page.goto(`${h.server.url}/users/confirmation?confirmation_token=${encodeURIComponent(token!)}`)
      await page.getByText("Петров Пётр Петрович").waitFor()
      await page.getByText(email).waitFor()
      expect(await axeViolations(page)).toEqual([])
      const before = smsLines()
      await page.getByRole("button", { name: messages.access.sendCode }).click()
      const code = page.getByLabel(messages.access.phoneCode)
      await code.waitFor()
      await code.fill("000000")
      await page.getByRole("button", { name: messages.access.confirm }).click()
      await expect.poll(() => code.getAttribute("aria-invalid")).toBe("true")
      await code.fill(await smsCode("+79001234567", before))
      await page.getByRole("button", { name: messages.access.confirm }).click()
      await page.waitForURL(h.server.url + "/account")
      await page.getByText(email, { exact: true }).waitFor()
      // The link is single-use.
      await page.goto(`${h.server.url}/users/confirmation?confirmation_token=${encodeURIComponent(token!)}`)
      await page.getByText(messages.accounts.confirmationInvalid).waitFor()
    } finally {
      await context.close()
    }
  })
  test("a site user's token on a CRM page: the rule's alert, then the admin sign-in", async () => {
    const { context, page } = await open(await signIn(USER))
    try {
      await page.goto(h.server.url + "/crm/admin_users")
      await page.getByText(messages.access.notForUser).waitFor()
      await page.waitForURL(/\/admin_users\/sign_in\?redirectTo=%2Fcrm%2Fadmin_users$/)
    } finally {
      await context.close()
    }
  })

  test("administrators: created with a password by the rule, listed, and neither yourself nor the last one deleted", async () => {
    const { context, page } = await open(await adminToken(h.server.url))
    try {
      await page.goto(h.server.url + "/crm/admin_users")
      await page.getByRole("heading", { level: 1, name: messages.access.adminUsers }).waitFor()
      await page.getByRole("link", { name: TEST_ADMIN.email, exact: true }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole("link", { name: messages.admin.add }).click()
      await page.waitForURL(h.server.url + "/crm/admin_users/new")
      await page.getByLabel(messages.access.email, { exact: true }).fill("second@test.local")
      await page.getByLabel(messages.access.fullname, { exact: true }).fill("Второй Администратор")
      // The role: 'Администратор'.
      await page.getByRole("combobox", { name: "Роль" }).click()
      await page.getByRole("listbox", { name: "Роль" }).getByRole("option", { name: "Администратор", exact: true }).click()
      await page.getByRole("button", { name: messages.admin.save }).click()
      const password = page.getByLabel(messages.admin.password, { exact: true })
      await expect.poll(() => password.getAttribute("aria-invalid")).toBe("true")
      expect(await password.getAttribute("type")).toBe("password")
      await password.fill("qwerty")
      await page.getByRole("button", { name: messages.admin.save }).click()
      await expect.poll(async () => page.locator(`#${await password.getAttribute("aria-describedby")}`).textContent()).toBe(messages.validation.password)
      await password.fill("Nw-Pass7x!")
      await page.getByRole("button", { name: messages.admin.save }).click()
      await page.waitForURL(h.server.url + "/crm/admin_users")
      await page.getByRole("link", { name: "second@test.local", exact: true }).waitFor()

      // Deleting yourself is refused by the server with its message.
      await page.getByRole("button", { name: `${messages.admin.remove}: ${TEST_ADMIN.email}` }).click()
      await page.getByRole("alertdialog").getByRole("button", { name: messages.admin.confirmDelete }).click()
      await page.getByText(messages.accounts.cannotDeleteSelf).waitFor()
      await page.getByRole("link", { name: TEST_ADMIN.email, exact: true }).waitFor()

      await page.getByRole("button", { name: `${messages.admin.remove}: second@test.local` }).click()
      await page.getByRole("alertdialog").getByRole("button", { name: messages.admin.confirmDelete }).click()
      await expect.poll(() => page.getByRole("link", { name: "second@test.local", exact: true }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })
})
