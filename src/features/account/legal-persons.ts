import { api } from "../../api/client.ts"

/** A legal person the signed-in director directs (docs/auth-contract.md). */
export interface LegalPerson {
  readonly id: string
  readonly name: string
  readonly inn: string
  readonly kpp: string | null
  readonly ogrn: string | null
}

type Raw = Record<string, unknown> & { attributes?: Record<string, unknown> }

const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : null)

/** Plain objects or JSON:API resources alike. */
function toLegalPerson(raw: Raw): LegalPerson {
  const a = raw.attributes ?? raw
  return { id: String(raw.id), name: str(a.name) ?? "", inn: str(a.inn) ?? "", kpp: str(a.kpp), ogrn: str(a.ogrn) }
}

export const listLegalPersons = async (): Promise<LegalPerson[]> =>
  (await api<{ data: Raw[] }>("/api/v1/lk/legal_person/")).data.map(toLegalPerson)

export const readLegalPerson = async (id: string): Promise<LegalPerson> =>
  toLegalPerson((await api<{ data: Raw }>(`/api/v1/lk/legal_person/${encodeURIComponent(id)}/`)).data)
