import { describe, expect, it } from "vitest"
import { Schema } from "effect"
import { crm_faq_questions_filter_frm } from "../../schemas/forms/crm_faq_questions_filter_frm.ts"
import { crm_ep_docs_frm } from "../../schemas/forms/crm_ep_docs_frm.ts"
import { EP_DOC_KINDS } from "../../schemas/forms/parts/ep-docs.ts"
import { messages } from "../../schemas/messages/common.ts"
import { validateForm } from "../../schemas/rules/index.ts"
import { calendarDayOf, dateField, fileField, isoDayOf, sitePath } from "../../schemas/resources/fields.ts"
import { cleanFilters, filterValuesOf } from "../../schemas/resources/list-query.ts"
import { epDocs } from "../../schemas/resources/ep-docs.ts"
import { posts } from "../../schemas/resources/posts.ts"

const v = messages.validation
const decode = (schema: unknown, value: unknown) => Schema.decodeUnknownResult(schema as never)(value)

describe("content field codecs", () => {
  it("a date: dd.MM.yyyy in the form, yyyy-MM-dd on the wire and in the column", () => {
    const d = dateField()
    expect(d.fromForm("15.03.2024")).toBe("2024-03-15")
    expect(d.fromForm("")).toBe(null)
    expect(d.toForm("2024-03-15")).toBe("15.03.2024")
    expect(d.toForm(null)).toBe("")
    expect([isoDayOf("01.02.2020"), calendarDayOf("2020-02-01")]).toEqual(["2020-02-01", "01.02.2020"])
    expect(decode(d.wire, "15.03.2024")._tag).toBe("Failure")
    expect(decode(d.wire, "2024-03-15")._tag).toBe("Success")
  })

  it("an uploaded file: the field's list ↔ one file on the wire ↔ a JSON column", () => {
    const f = fileField()
    const file = { name: "Регламент.pdf", url: `/uploads/files/${"a".repeat(32)}.pdf`, size: 10, type: "application/pdf" }
    expect(f.toForm(file)).toEqual([file])
    expect(f.toForm(null)).toEqual([])
    // A removed file is no file; of several the last kept one is sent.
    expect(f.fromForm([{ ...file, isDeleted: true }])).toBe(null)
    expect(f.fromForm([{ ...file, isDeleted: true }, { ...file, name: "Новый.pdf" }])).toEqual({ ...file, name: "Новый.pdf" })
    expect(f.fromColumn(f.toColumn(file))).toEqual(file)
    expect(f.fromColumn("not json")).toBe(null)
  })

  it("a page's path is stored normalized", () => {
    expect(["/about_company/", "about_company", "/buy?x=1", "/"].map(sitePath)).toEqual(["/about_company", "/about_company", "/buy", "/"])
  })
})

describe("content presets in the form", () => {
  it("EP documents: «Ссылка» is a kind, and a link needs its address (depends on the kind)", () => {
    expect(EP_DOC_KINDS.map((k) => k.value)).toContain("link")
    expect(EP_DOC_KINDS.find((k) => k.value === "link")?.label).toBe("Ссылка")
    const values = { ...epDocs.edit!.empty, title: "Сервис банка", kind: "link", position: "1" }
    expect(validateForm(crm_ep_docs_frm, values).link).toEqual([v.required])
    expect(validateForm(crm_ep_docs_frm, { ...values, link: "https://bank.example" }).link).toBeUndefined()
    expect(validateForm(crm_ep_docs_frm, { ...values, kind: "price" }).link).toBeUndefined()
    // A document's file: only the EP document kinds.
    const exe = [{ name: "setup.exe", url: "/x", size: 1 }]
    expect(validateForm(crm_ep_docs_frm, { ...values, file: exe }).file).toEqual([v.fileExtension])
    expect(validateForm(crm_ep_docs_frm, { ...values, file: [{ name: "прайс.xlsx", url: "/x", size: 1 }] }).file).toBeUndefined()
  })

  it("a post's date travels as yyyy-MM-dd and its rules speak in the form", async () => {
    const edit = posts.edit!
    const body = edit.fromForm({ ...edit.empty, title: "Новость", date: "31.02.2024", announce: "А", body: "<p>Б</p>" })
    expect(body.date).toBe("31.02.2024".split(".").reverse().join("-"))
    const result = decode(edit.input, body)
    expect(result._tag).toBe("Failure")
  })

  it("a multiselect filter travels in the address as 1,2 and comes back as its choices", () => {
    const filters = cleanFilters({ q: " токен ", rubric_ids: ["1", "2"], published: "" }, ["q", "rubric_ids", "published"])
    expect(filters).toEqual({ q: "токен", rubric_ids: "1,2" })
    expect(filterValuesOf(crm_faq_questions_filter_frm, filters)).toEqual({ q: "токен", rubric_ids: ["1", "2"], published: "" })
  })
})
