import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cities } from "../../schemas/resources/cities.ts"
import { csvCell, csvLine } from "../../server/lib/csv.ts"
import { call, uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/** CSV export of a filtered list: every matching row, streamed; UTF-8 with BOM, `;`, quoted cells. */
const api = serverWithAdmin()
const TAG = `csv${uniq()}`
const MANY = 2600

beforeAll(async () => {
  // A few thousand cities straight in the database (one statement per 500), names with ; " and a line break.
  const at = new Date().toISOString()
  const rows = Array.from({ length: MANY }, (_, i) => ({
    name: i === 0 ? `Город "Тест"; ${TAG}\nвторая строка` : `Город ${TAG} ${String(i).padStart(4, "0")}`,
    slug: `${TAG}-${i}`,
    created_at: at,
    updated_at: at,
  }))
  for (let i = 0; i < rows.length; i += 500) await api.db().kysely.insertInto("cities").values(rows.slice(i, i + 500)).execute()
})
afterAll(async () => {
  // PostgreSQL keeps one database for every file: other files' lists expect a few cities.
  await api.db().kysely.deleteFrom("cities").where("slug", "like", `${TAG}-%`).execute()
})

const exportOf = async (query: string) => {
  const res = await fetch(`${api.url}/api/v2/crm/cities/export.csv${query}`, { headers: { authorization: `Bearer ${api.adminToken}` } })
  const bytes = new Uint8Array(await res.arrayBuffer())
  return { res, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) }
}

describe("CSV export", () => {
  it("cells: `;`, quotes and line breaks quoted, formulas defused", () => {
    expect(csvCell("Москва")).toBe("Москва")
    expect(csvCell('Город "Тест"; да')).toBe('"Город ""Тест""; да"')
    expect(csvCell("две\nстроки")).toBe('"две\nстроки"')
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)")
    // OWASP's rule: a negative number is neutralised too (`-1+HYPERLINK(…)` starts like one).
    expect(csvCell("-5")).toBe("'-5")
    expect(csvCell("-cmd")).toBe("'-cmd")
    expect(csvCell('-1+HYPERLINK("http://evil","x")')).toBe(`"'-1+HYPERLINK(""http://evil"",""x"")"`)
    for (const start of ["+1", "@SUM(1)", "\t=1", "\r=1"]) expect(csvCell(start).replace(/^"/, "")).toMatch(/^'/)
    expect(csvLine(["a", "b;c"])).toBe('a;"b;c"\r\n')
  })

  it("streams every row the list's filters and sort select, with the declaration's columns as the header", async () => {
    const { res, bytes, text } = await exportOf(`?q=${TAG}&sort=-slug`)
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8")
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="cities-\d{4}-\d{2}-\d{2}\.csv"$/)
    // UTF-8 with a byte-order mark, so Excel reads Cyrillic.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const body = text.slice(1)
    expect(body.endsWith("\r\n")).toBe(true)
    const lines = body.slice(0, -2).split("\r\n")
    expect(lines[0]).toBe(csvLine(cities.columns.map((c) => c.label)).slice(0, -2))
    // Records end with CRLF; the one name's own line break (LF, inside quotes) does not end a record.
    expect(lines).toHaveLength(MANY + 1)
    // The same order as the list's API (slug descending: the text order of `csvNNN-…`).
    const listed = await call<{ data: Array<{ attributes: { slug: string } }> }>(api.url, "GET", `/api/v2/crm/cities/?q=${TAG}&sort=-slug&per=3`, { token: api.adminToken })
    const slugs = listed.body.data.map((d) => d.attributes.slug)
    for (const [i, slug] of slugs.entries()) expect(lines[i + 1]).toContain(slug)
    expect(body).toContain(`"Город ""Тест""; ${TAG}\nвторая строка";/${TAG}-0\r\n`)
  })

  it("a filter that finds nothing is the header alone; a bad filter is 422 like the list", async () => {
    const { text } = await exportOf(`?q=${TAG}-нет`)
    expect(text).toBe(`\uFEFF${csvLine(cities.columns.map((c) => c.label))}`)
    expect((await exportOf("?sort=nope")).res.status).toBe(422)
    expect((await fetch(`${api.url}/api/v2/crm/cities/export.csv`)).status).toBe(401)
  })
})
