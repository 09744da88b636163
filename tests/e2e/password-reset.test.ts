import AxeBuilder from "@axe-core/playwright"
import type { Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { linkParam } from "../support/smtp.ts"
import { testHarness } from "../support/harness.ts"

const USER = "user@demo.local"
const NEW_PASSWORD = "Nw-Pass7x!"

const h = testHarness({ smtp: true })

async function axeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page })
  const { violations } = await (include ? builder.include(include) : builder).analyze()
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
}

/** The error text a field points at through aria-describedby. */
async function fieldError(page: Page, label: string, scope: Pick<Page, "getByLabel"> = page): Promise<string> {
  const field = scope.getByLabel(label, { exact: true })
  await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true")
  return (await page.locator(`#${await field.getAttribute("aria-describedby")}`).textContent()) ?? ""
}

describe("password reset", () => {
  test("reset through the mail received by a real SMTP server, then sign in with the new password", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      await page.goto(h.server.url + "/users/sign_in")
      await page.getByRole("button", { name: messages.auth.forgot }).click()
      const dialog = page.getByRole("dialog", { name: messages.access.forgotTitle })
      const email = dialog.getByLabel("E-mail")
      await email.waitFor()
      expect(await axeViolations(page)).toEqual([])
      // The preset's rule refuses a malformed address before any request (the e-mail mask keeps only
      // Latin letters, digits and . _ % + - @, so the malformed address is one without a top-level domain).
      await email.fill("user@demo")
      await dialog.getByRole("button", { name: messages.access.forgotSubmit }).click()
      expect(await fieldError(page, "E-mail", dialog)).toBe(messages.validation.email)
      await email.fill(USER)
      await dialog.getByRole("button", { name: messages.access.forgotSubmit }).click()
      await dialog.getByText("На указанный e-mail отправлена инструкция по смене пароля").waitFor()
      await dialog.getByRole("button", { name: messages.access.close }).last().click()
      await dialog.waitFor({ state: "detached" })

      const mail = await h.sink.waitFor((m) => m.to === USER)
      const token = linkParam(mail.text, "reset_password_token")
      expect(token).toBeDefined()
      const link = `/users/password/edit?reset_password_token=${encodeURIComponent(token!)}`
      expect(mail.text).toContain(link)

      await page.goto(h.server.url + link)
      const password = page.getByLabel(messages.access.newPassword, { exact: true })
      await password.waitFor()
      expect(await axeViolations(page)).toEqual([])
      await password.fill("qwerty12")
      await page.getByLabel(messages.access.passwordConfirmation, { exact: true }).fill("other")
      await page.getByRole("button", { name: messages.access.changePassword }).click()
      expect(await fieldError(page, messages.access.newPassword)).toBe(messages.validation.password)
      expect(await fieldError(page, messages.access.passwordConfirmation)).toBe(messages.accounts.passwordMismatch)
      await password.fill(NEW_PASSWORD)
      await page.getByLabel(messages.access.passwordConfirmation, { exact: true }).fill(NEW_PASSWORD)
      await page.getByRole("button", { name: messages.access.changePassword }).click()
      await page.getByRole("status").filter({ hasText: /Пароль/ }).first().waitFor()

      await page.locator("#main").getByRole("link", { name: messages.access.signIn }).click()
      await page.waitForURL(h.server.url + "/users/sign_in")
      await page.getByLabel(messages.auth.email, { exact: true }).fill(USER)
      await page.getByLabel(messages.auth.password, { exact: true }).fill(NEW_PASSWORD)
      await page.locator("#main").getByRole("button", { name: messages.auth.submit, exact: true }).click()
      await page.waitForURL(h.server.url + "/account")
      await page.getByText(USER, { exact: true }).waitFor()

      // The link is single-use: the section 8 text for reset_password_token, and a way to ask again.
      await page.goto(h.server.url + link)
      await password.fill("Xy-Pass8z!")
      await page.getByLabel(messages.access.passwordConfirmation, { exact: true }).fill("Xy-Pass8z!")
      await page.getByRole("button", { name: messages.access.changePassword }).click()
      await page.locator("#main").getByText(messages.api.resetTokenInvalid).waitFor()
      await page.getByRole("button", { name: messages.access.requestNewLink }).click()
      await page.getByRole("dialog", { name: messages.access.forgotTitle }).waitFor()
    } finally {
      await context.close()
    }
  })

  test("a link without a token says so at once", async () => {
    const context = await h.browser.newContext()
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      await page.goto(h.server.url + "/users/password/edit")
      await page.getByText(messages.api.resetTokenInvalid).waitFor()
      expect(await axeViolations(page)).toEqual([])
    } finally {
      await context.close()
    }
  })
})
