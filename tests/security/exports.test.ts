import { describe, expect, it } from "vitest"
import { serverWithAdmin, uniq } from "../api/helpers.ts"

/**
 * CSV injection (OWASP): a visitor writes a formula into a request's text; staff export the list
 * and open it in Excel. Every cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
 * must reach the file with a leading `'`, so a spreadsheet shows it as text and never runs it.
 */
const api = serverWithAdmin()

const PAYLOADS = ['-1+HYPERLINK("http://evil","x")', "=cmd|' /C calc'!A0", "@SUM(1)", "+1", "\t=1", "\r=1"]

/** The cells of a `;`-separated CSV with `"` quoting (a quoted cell may hold `;`, `"` doubled and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ""
  let quoted = false
  const endCell = () => {
    row.push(cell)
    cell = ""
  }
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"'
      i++
    } else if (quoted && ch === '"') quoted = false
    else if (quoted) cell += ch
    else if (ch === '"' && cell === "") quoted = true
    else if (ch === ";") endCell()
    else if (ch === "\r" && text[i + 1] === "\n") {
      endCell()
      rows.push(row)
      row = []
      i++
    } else cell += ch
  }
  if (cell !== "" || row.length > 0) {
    endCell()
    rows.push(row)
  }
  return rows
}

describe("CSV export of visitors' requests", () => {
  it("every formula a visitor sent reaches the staff's CSV as text (a leading '), the negative number too", async () => {
    const name = `Злоумышленник ${[...uniq()].map((ch) => "абвгдежзиклмнопр"[parseInt(ch, 16)]).join("")}`
    // The attacker: the public question form, no account. What the form refuses (`|`) or trims (a
    // leading tab or CR) is written straight into the row, as another way in (an import, an older
    // form, a staff member pasting it) would store it.
    const accepted: string[] = []
    for (const comment of PAYLOADS) {
      const sent = await api.anonymous<{ data: { id: string } }>("POST", "/api/v1/uc/consultations/", { json: { name, phone: "8 (916) 765-43-21", comment } })
      if (sent.status === 201) {
        const row = await api.db().kysely.selectFrom("consultations").select("comment").where("id", "=", Number(sent.body.data.id)).executeTakeFirstOrThrow()
        if (row.comment === comment) {
          accepted.push(comment)
          continue
        }
        await api.db().kysely.updateTable("consultations").set({ comment }).where("id", "=", Number(sent.body.data.id)).execute()
        continue
      }
      expect(sent.status, sent.text).toBe(422)
      const plain = await api.anonymous<{ data: { id: string } }>("POST", "/api/v1/uc/consultations/", { json: { name, phone: "8 (916) 765-43-21", comment: "Вопрос" } })
      expect(plain.status, plain.text).toBe(201)
      await api.db().kysely.updateTable("consultations").set({ comment }).where("id", "=", Number(plain.body.data.id)).execute()
    }
    // The form itself lets these through: the export is what must defuse them.
    expect(accepted).toEqual(expect.arrayContaining([PAYLOADS[0], "@SUM(1)", "+1"]))

    const res = await fetch(`${api.url}/api/v2/crm/consultations/export.csv?q=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${api.adminToken}` } })
    expect(res.status).toBe(200)
    const [header, ...rows] = parseCsv((await res.text()).replace(/^\uFEFF/, ""))
    const column = header!.indexOf("Вопрос")
    const named = header!.indexOf("Имя")
    expect(rows).toHaveLength(PAYLOADS.length)
    const cells = rows.map((r) => r[column]!)
    expect(cells.sort()).toEqual(PAYLOADS.map((p) => `'${p}`).sort())
    // No cell of the file (the visitor's name, the dates) starts a formula.
    for (const r of rows) {
      expect(r[named]).toBe(name)
      for (const cell of r) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/)
    }
  })
})
