import { describe, expect, it } from "vitest"
import { statusOf } from "../../server/services/epoa/registry.ts"
import { serverWithAdmin } from "./harness.ts"

const DEMO = ["c2b9e7f3-5d1a-4e6c-b8f0-2a3d4e5f6a77", "7a1d4c55-0e2f-4b8a-8c3d-6f9e1a2b3c44", "3f8e2a10-6c4b-4d2e-9a7f-1b5c8d9e0a21"]
const api = serverWithAdmin()

describe("the demo МЧД", () => {
  it("ООО «Ромашка» to the demo user: one in force, one revoked, one expired; their signatures checked when seeded", async () => {
    // On PostgreSQL the test files share one database: only the demo numbers are read.
    const rows = await api.db().kysely.selectFrom("epoas").selectAll().where("number", "in", DEMO).orderBy("issued_on").execute()
    expect(rows.map((r) => [r.number, statusOf(r)])).toEqual([
      ["c2b9e7f3-5d1a-4e6c-b8f0-2a3d4e5f6a77", "expired"],
      ["7a1d4c55-0e2f-4b8a-8c3d-6f9e1a2b3c44", "revoked"],
      ["3f8e2a10-6c4b-4d2e-9a7f-1b5c8d9e0a21", "active"],
    ])
    for (const r of rows) {
      expect(r.representative_snils).toBe("12345678964")
      expect(r.legal_person_id).not.toBeNull()
      expect(JSON.parse(r.signature_report)).toMatchObject({ valid: true })
    }
    for (const number of DEMO) {
      const revoked = await fetch(`${api.url}/api/v1/epoa/revoked/?epoa_number=${number}`).then((r) => r.json() as Promise<{ data: { attributes: { number: string } }[] }>)
      expect(revoked.data.map((d) => d.attributes.number)).toEqual(number === DEMO[1] ? [number] : [])
    }
  })
})
