import type { Locator, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { corporate_frm } from "../../schemas/forms/corporate_frm.ts"
import { consultationMessages } from "../../schemas/messages/consultation.ts"
import { messages } from "../../schemas/messages/common.ts"
import { widgetMessages } from "../../schemas/messages/widget.ts"
import { axeViolations } from "../support/axe.ts"
import { challengeSolved } from "../support/captcha.ts"
import { testHarness } from "../support/harness.ts"

/**
 * Every modal of the site on a 390×844 phone and a 1366×768 laptop, the cookie notice shown (a new
 * visitor): the title and the cross stay in view, the submit is reached by scrolling the dialog and by
 * Tab (focus never leaves the dialog), and nothing lies over it. On the phone the feedback and the
 * question forms are actually sent.
 */
const h = testHarness()
const SCREENS = { phone: { width: 390, height: 844 }, laptop: { width: 1366, height: 768 } } as const
type Screen = keyof typeof SCREENS
const SHOTS = process.env.SCREENSHOTS_DIR

async function visit(screen: Screen, path: string, fn: (page: Page) => Promise<void>) {
  const context = await h.browser.newContext({ viewport: SCREENS[screen], ...(screen === "phone" ? { hasTouch: true } : {}) })
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  try {
    await page.goto(h.server.url + path)
    await page.getByRole("heading", { level: 1 }).waitFor()
    // A new visitor: the cookie notice is there while the modals are used.
    await page.locator("[data-cookie-notice]").waitFor()
    await fn(page)
  } finally {
    await context.close()
  }
}

/** A header control: on the phone it lives in the burger drawer. */
async function fromHeader(page: Page, screen: Screen, name: string) {
  if (screen === "phone") {
    await page.getByRole("button", { name: messages.shell.openMenu }).click()
    await page.getByRole("dialog").getByRole(name === messages.shell.feedback ? "link" : "button", { name, exact: true }).click()
  } else {
    await page.getByRole("banner").getByRole(name === messages.shell.feedback ? "link" : "button", { name, exact: true }).filter({ visible: true }).first().click()
  }
}

/** Whether the element lies inside the viewport and is the one a tap at its centre hits. */
function onTop(el: Element): { inside: boolean; hit: boolean } {
  const r = el.getBoundingClientRect()
  const inside = r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth && r.height > 0
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
  return { inside, hit: hit !== null && (hit === el || el.contains(hit)) }
}

/**
 * The dialog fits the viewport, its title and cross stay in view, the submit scrolls into view on
 * top of everything, and Tab from the cross reaches the submit without leaving the dialog.
 */
async function expectReachable(page: Page, dialog: Locator, submit: Locator, shot: string, { tab = true } = {}) {
  await dialog.waitFor()
  const title = dialog.getByRole("heading", { level: 2 }).first()
  const close = dialog.getByRole("button", { name: "Закрыть" })
  const box = (await dialog.boundingBox())!
  const vh = page.viewportSize()!.height
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height).toBeLessThanOrEqual(vh)
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${shot}-top.png` })
  await submit.scrollIntoViewIfNeeded()
  expect(await submit.evaluate(onTop)).toEqual({ inside: true, hit: true })
  expect(await title.evaluate(onTop)).toEqual({ inside: true, hit: true })
  expect(await close.evaluate(onTop)).toEqual({ inside: true, hit: true })
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${shot}-end.png` })
  if (!tab) return
  await close.focus()
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab")
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    if (await submit.evaluate((el) => el === document.activeElement)) break
  }
  expect(await submit.evaluate((el) => el === document.activeElement)).toBe(true)
  expect(await submit.evaluate(onTop)).toEqual({ inside: true, hit: true })
}

const questionDialog = (page: Page) => page.getByRole("dialog", { name: messages.forms.askQuestion })
const feedbackDialog = (page: Page) => page.getByRole("dialog", { name: messages.shell.feedback })

async function firstTariffId(): Promise<string> {
  const res = await fetch(h.server.url + "/api/v1/uc/tariffs/")
  const body = (await res.json()) as { data: Array<{ id: string | number }> }
  return String(body.data[0]!.id)
}

for (const screen of ["phone", "laptop"] as const) {
  describe(`the modals on a ${SCREENS[screen].width}×${SCREENS[screen].height} ${screen}`, () => {
    test("feedback, question, callback and consultation: title and cross in view, the submit reached by scrolling and by Tab, nothing over it", async () => {
      await visit(screen, "/", async (page) => {
        await fromHeader(page, screen, messages.shell.feedback)
        const feedback = feedbackDialog(page)
        await feedback.getByLabel("Отзыв").waitFor()
        await expectReachable(page, feedback, feedback.getByRole("button", { name: "Отправить отзыв" }), `${screen}-feedback`)
        expect(await axeViolations(page, '[role="dialog"]')).toEqual([])
        await feedback.getByRole("button", { name: "Закрыть" }).click()

        await fromHeader(page, screen, messages.forms.askQuestion)
        const question = questionDialog(page)
        await question.getByLabel("Телефон").waitFor()
        await expectReachable(page, question, question.getByRole("button", { name: "Отправить заявку" }), `${screen}-question`)
        // The policy over it: its title and cross in view, its text scrolls to the operator's details.
        await question.getByRole("button", { name: "Политика обработки персональных данных" }).click()
        const policy = page.getByRole("dialog", { name: messages.forms.policyTitle })
        await expectReachable(page, policy, policy.getByRole("heading", { name: "Сведения об операторе" }), `${screen}-policy`, { tab: false })
        await policy.getByRole("button", { name: "Закрыть" }).click()
        await question.getByRole("button", { name: "Закрыть" }).click()

        await page.getByRole("main").getByRole("button", { name: messages.forms.callback }).click()
        const callback = page.getByRole("dialog", { name: messages.forms.callbackTitle })
        await callback.getByLabel("Телефон").waitFor()
        await expectReachable(page, callback, callback.getByRole("button", { name: "Отправить заявку" }), `${screen}-callback`)
      })

      await visit(screen, `/tariffs/${await firstTariffId()}`, async (page) => {
        await page.getByRole("main").getByRole("button", { name: consultationMessages.button }).click()
        const dialog = page.getByRole("dialog", { name: consultationMessages.title })
        await dialog.getByLabel("Телефон").waitFor()
        await expectReachable(page, dialog, dialog.getByRole("button", { name: "Отправить заявку" }), `${screen}-consultation`)
      })
    })

    test("sign-in and password reset: title and cross in view, the submit reached", async () => {
      await visit(screen, "/", async (page) => {
        await fromHeader(page, screen, messages.shell.signIn)
        const signIn = page.getByRole("dialog", { name: messages.auth.modalTitle })
        await signIn.getByRole("button", { name: messages.auth.submit, exact: true }).waitFor()
        await expectReachable(page, signIn, signIn.getByRole("button", { name: messages.auth.submit, exact: true }), `${screen}-sign-in`)
        expect(await axeViolations(page, '[role="dialog"]')).toEqual([])
        await signIn.getByRole("button", { name: "Забыли пароль?" }).click()
        const reset = page.getByRole("dialog", { name: messages.access.forgotTitle })
        await reset.getByRole("button", { name: messages.access.forgotSubmit }).waitFor()
        await expectReachable(page, reset, reset.getByRole("button", { name: messages.access.forgotSubmit }), `${screen}-password-reset`)
      })
    })

    test("a page's own form: its last control scrolls above the cookie notice, by scrolling and by Tab", async () => {
      await visit(screen, "/corporate", async (page) => {
        const submit = page.getByRole("main").getByRole("button", { name: corporate_frm.fields.find((f) => f.type === "submit")!.label! })
        await submit.waitFor()
        // The notice has measured the room it takes (the page's scroll padding reads it).
        await page.waitForFunction(() => document.documentElement.style.getPropertyValue("--cookie-notice-height") !== "")
        await submit.scrollIntoViewIfNeeded()
        expect(await submit.evaluate(onTop)).toEqual({ inside: true, hit: true })
        // The page's very end too: the footer's last link is not under the notice.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        expect(await page.locator("footer a").last().evaluate(onTop)).toEqual({ inside: true, hit: true })
        // Focus brought by the keyboard stops above the notice.
        await page.evaluate(() => window.scrollTo(0, 0))
        await submit.focus()
        expect(await submit.evaluate(onTop)).toEqual({ inside: true, hit: true })
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/${screen}-corporate.png` })
      })
    })
  })
}

describe("on the phone the feedback and the question forms are sent", () => {
  test("the feedback modal: filled, challenge solved, sent from the bottom of the dialog", async () => {
    await visit("phone", "/", async (page) => {
      await fromHeader(page, "phone", messages.shell.feedback)
      const dialog = feedbackDialog(page)
      await dialog.getByLabel("Как к вам обращаться").fill("Ольга")
      await dialog.getByLabel("E-mail для ответа").fill("olga@example.ru")
      await dialog.getByRole("radio", { name: widgetMessages.rating(9, 10) }).click()
      await dialog.getByLabel("Отзыв").fill("Всё получилось с телефона.")
      await dialog.getByLabel("Я даю согласие на обработку моих персональных данных").check()
      await challengeSolved(dialog)
      const submit = dialog.getByRole("button", { name: "Отправить отзыв" })
      await submit.scrollIntoViewIfNeeded()
      expect(await submit.evaluate(onTop)).toEqual({ inside: true, hit: true })
      await submit.click()
      await dialog.getByRole("status").getByText(messages.forms.feedbackSent).waitFor()
    })
  })

  test("the question modal: filled and sent, 'Заявка отправлена' follows", async () => {
    await visit("phone", "/contacts", async (page) => {
      await fromHeader(page, "phone", messages.forms.askQuestion)
      const dialog = questionDialog(page)
      await dialog.getByLabel("Как к вам обращаться").fill("Пётр")
      await dialog.getByLabel("Телефон").pressSequentially("9161234567")
      await dialog.getByLabel("Ваш вопрос").fill("Нужна подпись для торгов")
      await dialog.getByLabel("Я даю согласие на обработку моих персональных данных").check()
      const submit = dialog.getByRole("button", { name: "Отправить заявку" })
      await submit.scrollIntoViewIfNeeded()
      expect(await submit.evaluate(onTop)).toEqual({ inside: true, hit: true })
      await submit.click()
      const sent = page.getByRole("dialog", { name: messages.forms.sentTitle })
      await sent.getByText(messages.forms.sentText).waitFor()
      await expectReachable(page, sent, sent.getByRole("button", { name: messages.forms.ok }), "phone-question-sent")
    })
  })
})
