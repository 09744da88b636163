import AxeBuilder from "@axe-core/playwright"
import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { moscowYear } from "../../schemas/dates.ts"
import { messages } from "../../schemas/messages/common.ts"
import { testHarness } from "../support/harness.ts"

const h = testHarness()

async function open(path: string, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  await page.goto(h.server.url + path)
  await page.getByRole("heading", { level: 1 }).waitFor()
  return { context, page }
}

const cityCookie = async (context: BrowserContext) => {
  const c = (await context.cookies()).find((x) => x.name === "cityName")
  return c ? decodeURIComponent(c.value) : undefined
}

describe("public shell", () => {
  test("the header menu comes from the server, with keyboard-operable submenus", async () => {
    const { context, page } = await open("/")
    try {
      const nav = page.getByRole("navigation", { name: messages.shell.mainMenu })
      await nav.getByRole("link", { name: "Как купить" }).waitFor()
      const names = await nav.locator(":scope > ul > li > a, :scope > ul > li > div > button").allTextContents()
      expect(names).toEqual(["Электронная подпись", "Как купить", "Цены", "Площадки", "Офисы обслуживания", "Помощь", "Контакты"])

      const trigger = nav.getByRole("button", { name: "Электронная подпись" })
      const child = nav.getByRole("link", { name: "Для юридических лиц" })
      expect(await child.isVisible()).toBe(false)
      await trigger.focus()
      await page.keyboard.press("Enter")
      expect(await trigger.getAttribute("aria-expanded")).toBe("true")
      await child.waitFor()
      await page.keyboard.press("Tab")
      await page.keyboard.press("Escape")
      expect(await trigger.getAttribute("aria-expanded")).toBe("false")
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Электронная подпись")

      await trigger.click()
      await page.mouse.click(5, 600)
      expect(await trigger.getAttribute("aria-expanded")).toBe("false")

      await trigger.click()
      await child.click()
      await expect.poll(() => new URL(page.url()).pathname).toBe("/corporate")
      await page.getByRole("heading", { level: 1, name: messages.pages.corporate }).waitFor()
    } finally {
      await context.close()
    }
  })

  test("picking a city stores it and opens its region page; returning home clears it", async () => {
    const { context, page } = await open("/")
    try {
      const selector = page.getByRole("button", { name: /Регион/ })
      await selector.click()
      const items = page.locator("#" + (await selector.getAttribute("aria-controls"))!.replace(/:/g, "\\:") + " a")
      await expect.poll(() => items.count()).toBeGreaterThan(10)
      expect(await items.first().textContent()).toBe(messages.shell.allRegions)
      await page.getByRole("link", { name: "Казань" }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe("/kazan")
      await page.getByRole("heading", { level: 1, name: "Электронная подпись в городе Казань" }).waitFor()
      expect(await cityCookie(context)).toBe("Казань")
      expect(await selector.textContent()).toContain("Казань")

      await selector.click()
      await page.getByRole("link", { name: messages.shell.allRegions }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe("/")
      await expect.poll(() => cityCookie(context)).toBeUndefined()
      expect(await selector.textContent()).toContain(messages.shell.allRegions)
    } finally {
      await context.close()
    }
  })

  test("an unknown slug or path is a 404 page with helpful links", async () => {
    const context = await h.browser.newContext()
    const page = await context.newPage()
    try {
      for (const path of ["/atlantida", "/no/such/page"]) {
        const res = await page.goto(h.server.url + path)
        expect(res?.status()).toBe(404)
        await page.getByRole("heading", { level: 1, name: messages.errors.notFound }).waitFor()
        const main = page.locator("main")
        for (const [name, href] of [["Контакты", "/contacts"], ["Вопросы и ответы", "/faq"], ["Офисы обслуживания", "/office"], ["Как купить", "/buy"]]) {
          expect(await main.getByRole("link", { name }).getAttribute("href")).toBe(href)
        }
      }
    } finally {
      await context.close()
    }
  })

  test("/reestr (issue 11: the register, no longer an information page) shows its title and its search", async () => {
    const { context, page } = await open("/reestr")
    try {
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(messages.pages.reestr)
      await page.locator("main").getByRole("textbox", { name: /Серийный номер сертификата/ }).waitFor()
      expect(await page.title()).toContain(messages.pages.reestr)
    } finally {
      await context.close()
    }
  })

  test("the footer has the footer menu, documents, partner services and this year's copyright", async () => {
    const { context, page } = await open("/")
    try {
      const footer = page.locator("footer")
      await footer.getByRole("link", { name: "Регламент удостоверяющего центра" }).waitFor()
      expect(await footer.getByRole("navigation", { name: messages.shell.footerMenu }).getByRole("link", { name: "О компании" }).count()).toBe(1)
      const partner = footer.getByRole("link", { name: /КриптоПро CSP/ })
      expect(await partner.getAttribute("target")).toBe("_blank")
      expect(await partner.getAttribute("rel")).toContain("noopener")
      expect(await footer.textContent()).toContain(messages.shell.copyright(moscowYear()))
    } finally {
      await context.close()
    }
  })

  test("the cookie notice stays away after it was accepted", async () => {
    const { context, page } = await open("/")
    try {
      const notice = page.locator("[data-cookie-notice]")
      await notice.waitFor()
      await notice.getByRole("link", { name: messages.shell.cookieLink }).waitFor()
      await page.getByRole("button", { name: messages.shell.cookieAccept }).click()
      expect(await notice.count()).toBe(0)
      await page.reload()
      await page.getByRole("heading", { level: 1 }).waitFor()
      expect(await notice.count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  test("on a phone the menu is a burger dialog that opens with the keyboard", async () => {
    const { context, page } = await open("/", 375)
    try {
      expect(await page.getByRole("navigation", { name: messages.shell.mainMenu }).isVisible()).toBe(false)
      const burger = page.getByRole("button", { name: messages.shell.openMenu })
      await burger.focus()
      await page.keyboard.press("Enter")
      const dialog = page.getByRole("dialog", { name: messages.shell.menuTitle })
      await dialog.waitFor()
      await dialog.getByRole("link", { name: "Как купить" }).waitFor()
      expect(await dialog.getByRole("link", { name: "Для юридических лиц" }).isVisible()).toBe(true)
      expect(await dialog.getByRole("button", { name: messages.shell.signIn }).isVisible()).toBe(true)
      await page.keyboard.press("Escape")
      await expect.poll(() => dialog.count()).toBe(0)
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(messages.shell.openMenu)

      await burger.click()
      await dialog.getByRole("link", { name: "Контакты" }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe("/contacts")
      expect(await dialog.count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  test("a failed menu load shows an API error alert and keeps the page", async () => {
    const context = await h.browser.newContext()
    const page = await context.newPage()
    try {
      // The page came without the menu (the server could not read it): the browser loads the missing
      // part of the startup data, and that load fails too.
      await page.route(h.server.url + "/", async (r) => {
        const res = await r.fetch()
        const body = (await res.text()).replace(/(<script type="application\/json" id="boot-data"[^>]*>)([\s\S]*?)(<\/script>)/, (_, open: string, json: string, close: string) => {
          const boot = JSON.parse(json)
          boot.startup.menu = null
          return open + JSON.stringify(boot).replace(/</g, "\\u003c") + close
        })
        await r.fulfill({ response: res, body })
      })
      await page.route("**/api/v2/menu_items/**", (r) => r.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Сбой меню"}' }))
      await page.goto(h.server.url + "/")
      await page.getByRole("heading", { level: 1 }).waitFor()
      await expect.poll(() => page.getByRole("alert").textContent()).toContain("Сбой меню")
      expect(await page.locator("footer").getByRole("link", { name: "Регламент удостоверяющего центра" }).count()).toBe(1)
    } finally {
      await context.close()
    }
  })

  test("going offline shows the offline notice until the connection is back", async () => {
    const { context, page } = await open("/")
    try {
      const notice = page.getByText(messages.shell.offline)
      expect(await notice.count()).toBe(0)
      await context.setOffline(true)
      await notice.waitFor()
      await context.setOffline(false)
      await expect.poll(() => notice.count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  test("no axe violations with the burger menu and a dropdown open", async () => {
    const phone = await open("/", 375)
    const desk = await open("/", 1280)
    try {
      await phone.page.getByRole("button", { name: messages.shell.openMenu }).click()
      await phone.page.getByRole("dialog").getByRole("link", { name: "Как купить" }).waitFor()
      expect((await new AxeBuilder({ page: phone.page }).analyze()).violations.map((v) => v.id)).toEqual([])
      await desk.page.getByRole("button", { name: "Помощь" }).click()
      await desk.page.getByRole("link", { name: "Вопросы и ответы" }).waitFor()
      expect((await new AxeBuilder({ page: desk.page }).analyze()).violations.map((v) => v.id)).toEqual([])
    } finally {
      await phone.context.close()
      await desk.context.close()
    }
  })

  for (const [label, path] of [["home", "/"], ["region", "/kazan"], ["info", "/buy"], ["404", "/atlantida"]] as const) {
    for (const width of [1280, 375]) {
      test(`no axe violations: ${label} page at ${width}px`, async () => {
        const { context, page } = await open(path, width)
        try {
          await page.locator("footer a").first().waitFor()
          const { violations } = await new AxeBuilder({ page }).analyze()
          expect(violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => [n.target, n.html.slice(0, 120), n.failureSummary]) }))).toEqual([])
        } finally {
          await context.close()
        }
      })
    }
  }
})
