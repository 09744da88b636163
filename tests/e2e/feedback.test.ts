import type { Page, Response } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { requestMessages } from "../../schemas/messages/request.ts"
import { widgetMessages } from "../../schemas/messages/widget.ts"
import { axeViolations } from "../support/axe.ts"
import { CHALLENGE_LABEL, challengeSolved } from "../support/captcha.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { errorTextOf } from "../support/fields.ts"

const h = testHarness()
let token: string
beforeAll(async () => {
  token = await adminToken(h.server.url)
})

const isCaptcha = (r: Response) => new URL(r.url()).pathname === "/api/v1/captcha/" && r.request().method() === "GET"

/** The error text a control points at through aria-describedby. */
async function errorOf(page: Page, label: string): Promise<string> {
  const field = page.getByLabel(label, { exact: true })
  await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true")
  return errorTextOf(field)
}

describe("/feedback: the feedback form with the rating from 1 to 10", () => {
  test("a visitor rates, is refused a spoiled challenge, the browser solves a new one and the feedback reaches the CRM 'Отзывы'", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      const first = page.waitForResponse(isCaptcha)
      await page.goto(h.server.url + "/feedback")
      await page.getByRole("heading", { name: messages.pages.feedback, level: 1 }).waitFor()
      await first
      await challengeSolved(page)
      expect(await axeViolations(page)).toEqual([])

      // Nothing filled: every required field says so and nothing is sent.
      let posted = 0
      page.on("request", (r) => {
        if (r.url().includes("/api/v1/feedbacks/")) posted++
      })
      const submit = page.getByRole("button", { name: "Отправить отзыв" })
      await submit.click()
      expect(await errorOf(page, "Отзыв")).toBe(messages.validation.required)
      expect(posted).toBe(0)

      await page.getByLabel("Как к вам обращаться").fill("Ольга Викторовна")
      await page.getByLabel("E-mail для ответа").fill("olga@example.ru")
      await page.getByRole("radio", { name: widgetMessages.rating(8, 10) }).click()
      await page.getByLabel("Отзыв").fill("Подпись выпустили за один день, спасибо менеджеру!")
      await page.getByLabel("Я даю согласие на обработку моих персональных данных").check()

      // The answer spoiled on the way (as a replayed or expired one would be): the server refuses it,
      // the browser solves a new challenge by itself, the message stays, the rest of the form too.
      await page.route(
        "**/api/v1/feedbacks/",
        (route) => route.continue({ postData: route.request().postData()!.replace(/("answer":")(\d+)"/, (_, head: string, n: string) => `${head}${Number(n) + 1}"`) }),
        { times: 1 },
      )
      const second = page.waitForResponse(isCaptcha)
      await submit.click()
      await second
      expect(await errorOf(page, CHALLENGE_LABEL)).toBe(requestMessages.captchaWrong)
      expect(await page.getByLabel("Отзыв").inputValue()).toBe("Подпись выпустили за один день, спасибо менеджеру!")
      await challengeSolved(page)
      expect(await errorOf(page, CHALLENGE_LABEL)).toBe(requestMessages.captchaWrong)

      await submit.click()
      await page.getByRole("status").getByText(messages.forms.feedbackSent).waitFor()
      expect(await axeViolations(page)).toEqual([])
    } finally {
      await context.close()
    }

    const res = await fetch(h.server.url + "/api/v2/crm/feedbacks/", { headers: { authorization: `Bearer ${token}` } })
    const list = (await res.json()) as { data: Array<{ attributes: Record<string, unknown> }> }
    expect(list.data).toHaveLength(1)
    expect(list.data[0]!.attributes).toMatchObject({ name: "Ольга Викторовна", email: "olga@example.ru", rating: 8 })

    const crm = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    await crm.addCookies([{ name: "token", value: token, url: h.server.url }])
    const page2 = await crm.newPage()
    try {
      await page2.goto(h.server.url + "/crm/feedbacks")
      await page2.getByRole("cell", { name: "8 из 10" }).waitFor()
      await page2.getByRole("cell", { name: "Ольга Викторовна" }).waitFor()
      expect(await axeViolations(page2)).toEqual([])
    } finally {
      await crm.close()
    }
  })
})
