import { describe, expect, it } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { errorsOf, uniq, type List, type One } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/** FAQ rubrics: a resource that is its declaration, its migration and one line of the list. */
const BASE = "/api/v2/crm/faq/rubrics"
const { crm, anonymous } = serverWithAdmin()
const v = messages.validation

const rubric = (over: Record<string, unknown> = {}) => {
  const tag = uniq()
  return { name: `Рубрика ${tag}`, slug: `rubrika-${tag}`, position: 3, ...over }
}
const count = async () => (await crm<List>("GET", `${BASE}/`)).body.meta.total_count!

describe("CRM FAQ rubrics", () => {
  it("creates (201), reads, lists, updates with PUT and PATCH, deletes", async () => {
    const sent = rubric({ name: "  Получение подписи  " })
    const a = await crm<One>("POST", `${BASE}/`, { json: { faq_rubric: sent } })
    expect(a.status, a.text).toBe(201)
    expect(a.body.data).toEqual({ id: expect.stringMatching(/^\d+$/), type: "faq_rubric", attributes: { name: "Получение подписи", slug: sent.slug, position: 3 } })
    const id = a.body.data.id
    expect((await crm<One>("GET", `${BASE}/${id}/`)).body).toEqual(a.body)
    const listed = await crm<List>("GET", `${BASE}/?q=${sent.slug}`)
    expect(listed.body.data.map((r) => r.id)).toEqual([id])

    const put = await crm<One>("PUT", `${BASE}/${id}`, { json: { faq_rubric: { name: "Продление", slug: sent.slug, position: 1 } } })
    expect(put.body.data.attributes).toEqual({ name: "Продление", slug: sent.slug, position: 1 })
    const patch = await crm<One>("PATCH", `${BASE}/${id}/`, { json: { faq_rubric: { position: 7 } } })
    expect(patch.body.data.attributes).toEqual({ name: "Продление", slug: sent.slug, position: 7 })

    expect((await crm("DELETE", `${BASE}/${id}/`)).status).toBe(204)
    expect((await crm("GET", `${BASE}/${id}/`)).status).toBe(404)
  })

  it("bad input → 422 with the preset's Russian messages, nothing stored", async () => {
    const before = await count()
    const taken = rubric()
    expect((await crm("POST", BASE, { json: { faq_rubric: taken } })).status).toBe(201)
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ faq_rubric: {} }, { name: [v.required], slug: [v.required], position: [v.required] }],
      [{ faq_rubric: rubric({ name: " ", slug: "Большие буквы" }) }, { name: [v.required], slug: [crmMessages.slugFormat] }],
      [{ faq_rubric: rubric({ name: "я".repeat(256) }) }, { name: [v.maxLength(255)] }],
      // The preset's position is digits only (its `numeric` rule), in the form and here alike.
      [{ faq_rubric: rubric({ position: -1 }) }, { position: [v.numeric] }],
      [{ faq_rubric: rubric({ position: "два" }) }, { position: [v.numeric] }],
      [{ faq_rubric: rubric({ slug: taken.slug }) }, { slug: [crmMessages.duplicateRubricSlug] }],
      [{ rubric: rubric() }, { faq_rubric: [v.required] }],
    ]
    for (const [json, errors] of cases) {
      const a = await crm("POST", BASE, { json })
      expect(a.status, JSON.stringify(json)).toBe(422)
      expect(errorsOf(a), JSON.stringify(json)).toEqual(errors)
    }
    expect(await count()).toBe(before + 1)
  })

  it("administrators only: 401 without a token, nothing stored", async () => {
    const before = await count()
    expect((await anonymous("GET", `${BASE}/`)).status).toBe(401)
    expect((await anonymous("POST", `${BASE}/`, { json: { faq_rubric: rubric() } })).status).toBe(401)
    expect(await count()).toBe(before)
  })
})
