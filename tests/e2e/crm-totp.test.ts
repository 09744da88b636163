import { mkdirSync } from "node:fs"
import { expect, test } from "vitest"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { totpCode } from "../support/totp.ts"
import { DEMO_PASSWORD } from "../support/users.ts"

/**
 * The staff's second factor in Chromium (docs/auth.md, "Staff second factor"), with STAFF_TOTP=required:
 * the demo operator signs in with the password, enrols from the sign-in (QR code and its key as text,
 * the first code derived with otplib from that key, the recovery codes shown once), is in the CRM; then
 * signs in again with the password and a code, on a phone and on a wide screen.
 */
const h = testHarness({ env: { STAFF_TOTP: "required", THROTTLE_STEP_MS: "0" } })
const t = crmMessages.totp
const OPERATOR = { email: "operator@demo.local", password: DEMO_PASSWORD }
mkdirSync(".tmp", { recursive: true })

test("the operator enrols at the sign-in, then signs in with a code", async () => {
  const phone = await h.browser.newContext({ viewport: { width: 390, height: 844 } })
  const wide = await h.browser.newContext({ viewport: { width: 1440, height: 900 } })
  try {
    const page = await phone.newPage()
    await page.goto(`${h.server.url}/admin_users/sign_in`)
    const signIn = page.locator("form#admin-sign-in")
    await signIn.getByLabel(messages.admin.email, { exact: true }).fill(OPERATOR.email)
    await signIn.getByLabel(messages.admin.password, { exact: true }).fill(OPERATOR.password)
    await signIn.getByRole("button", { name: messages.admin.signIn }).click()

    // The enrolment: the QR code with a text alternative, the key for manual entry.
    await page.getByRole("heading", { name: t.enrolTitle }).waitFor()
    const qr = page.getByRole("img", { name: /QR-код для приложения-аутентификатора/ })
    await qr.waitFor()
    expect(await qr.getAttribute("alt")).toContain(OPERATOR.email)
    const secret = (await page.locator("code").first().textContent())!.replace(/\s/g, "")
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const field = page.getByLabel(t.codeLabel, { exact: true })
    expect(await field.getAttribute("inputmode")).toBe("numeric")
    expect(await field.getAttribute("autocomplete")).toBe("one-time-code")
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: ".tmp/crm-totp-enrol-phone.png", fullPage: true })
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.screenshot({ path: ".tmp/crm-totp-enrol-wide.png", fullPage: true })
    await page.setViewportSize({ width: 390, height: 844 })
    // A wrong first code: the server's message at the field, still the enrolment.
    await field.fill("000000")
    await page.getByRole("button", { name: t.submit }).click()
    await page.getByText(t.codeWrong).waitFor()
    await field.fill(await totpCode(secret))
    await page.getByRole("button", { name: t.submit }).click()

    // The recovery codes, once, with copy and download; then the session.
    await page.getByRole("heading", { name: t.recoveryTitle }).waitFor()
    const codes = page.getByRole("list", { name: t.recoveryListLabel }).getByRole("listitem")
    expect(await codes.count()).toBe(10)
    expect(await codes.first().textContent()).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/)
    await page.getByRole("button", { name: t.copy }).waitFor()
    const download = page.waitForEvent("download")
    await page.getByRole("button", { name: t.download }).click()
    expect((await download).suggestedFilename()).toBe(t.recoveryFileName)
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: ".tmp/crm-totp-recovery-phone.png", fullPage: true })
    await page.getByRole("button", { name: t.saved }).click()
    await page.waitForURL(`${h.server.url}/crm`)
    // The dashboard says so.
    await page.getByRole("heading", { name: t.section }).waitFor()
    await page.getByText(t.statusRequired).waitFor()
    await page.getByRole("heading", { name: t.section }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: ".tmp/crm-totp-dashboard-phone.png", fullPage: true })

    // Again, on a wide screen: the password, then the code step.
    const again = await wide.newPage()
    await again.goto(`${h.server.url}/admin_users/sign_in`)
    const form = again.locator("form#admin-sign-in")
    await form.getByLabel(messages.admin.email, { exact: true }).fill(OPERATOR.email)
    await form.getByLabel(messages.admin.password, { exact: true }).fill(OPERATOR.password)
    await form.getByRole("button", { name: messages.admin.signIn }).click()
    await again.getByRole("heading", { name: t.codeStepTitle }).waitFor()
    const code = again.getByLabel(t.codeLabel, { exact: true })
    expect(await code.getAttribute("autocomplete")).toBe("one-time-code")
    expect(await axeViolations(again)).toEqual([])
    await again.screenshot({ path: ".tmp/crm-totp-code-wide.png", fullPage: true })
    // A wrong code: the message at the field.
    await code.fill("000000")
    await again.getByRole("button", { name: t.submit }).click()
    await again.getByText(t.codeWrong).waitFor()
    expect(await axeViolations(again)).toEqual([])
    await again.setViewportSize({ width: 390, height: 844 })
    await again.screenshot({ path: ".tmp/crm-totp-code-phone.png", fullPage: true })
    await again.setViewportSize({ width: 1440, height: 900 })
    // The next step's code: the enrolment took the current one.
    await code.fill(await totpCode(secret, 1))
    await again.getByRole("button", { name: t.submit }).click()
    await again.waitForURL(`${h.server.url}/crm`)
  } finally {
    await phone.close()
    await wide.close()
  }
})
