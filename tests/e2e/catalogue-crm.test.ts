import AxeBuilder from "@axe-core/playwright"
import { beforeAll, describe, expect, test } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { adminToken } from "../support/server.ts"
import { testHarness } from "../support/harness.ts"

/** The catalogue in the CRM (docs/catalogue.md): a platform's tariffs picked in the multiselect land in its join table. */
const h = testHarness()
let token: string
beforeAll(async () => {
  token = await adminToken(h.server.url)
})

type Listed = { data: Array<{ id: string; attributes: Record<string, unknown> }> }
const api = async <T>(path: string): Promise<T> => (await (await fetch(h.server.url + path, { headers: { authorization: `Bearer ${token}` } })).json()) as T

describe("CRM catalogue", () => {
  test("a platform's tariffs: the multiselect shows the linked ones, a new choice is saved to the join table", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.addCookies([{ name: "token", value: token, url: h.server.url }])
    const page = await context.newPage()
    try {
      const platform = (await api<Listed>(`/api/v2/crm/platforms/?q=${encodeURIComponent("Сбербанк-АСТ")}`)).data[0]!
      const reporting = (await api<Listed>(`/api/v2/crm/tariffs/?q=${encodeURIComponent("Отчётность")}`)).data[0]!
      expect(platform.attributes.tariffs).not.toContain(Number(reporting.id))
      await page.goto(`${h.server.url}/crm/catalogue/platforms/${platform.id}/edit`)
      const tariffs = page.getByRole("combobox", { name: "Тарифы для площадки" })
      await tariffs.waitFor()
      await tariffs.click()
      await page.getByRole("listbox", { name: "Тарифы для площадки" }).getByRole("option", { name: "Отчётность", exact: true }).click()
      await page.keyboard.press("Escape")
      const { violations } = await new AxeBuilder({ page }).analyze()
      expect(violations.map((v) => v.id)).toEqual([])
      await page.getByRole("button", { name: messages.admin.save, exact: true }).click()
      await page.waitForURL(`${h.server.url}/crm/catalogue/platforms`)
      const saved = (await api<{ data: { attributes: { tariffs: number[] } } }>(`/api/v2/crm/platforms/${platform.id}`)).data.attributes.tariffs
      expect(saved).toContain(Number(reporting.id))
      expect(saved.length).toBe((platform.attributes.tariffs as number[]).length + 1)
    } finally {
      await context.close()
    }
  })
})
