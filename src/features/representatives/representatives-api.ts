import type { FieldOption, FormValues } from "../../../schemas/forms/types.ts"
import { api } from "../../api/client.ts"

/** A representative of the director's legal person, as /api/v1/lk/representatives/ answers it. */
export interface Representative {
  readonly id: string
  readonly legal_person_id: string
  readonly legal_person_name: string
  readonly last_name: string
  readonly first_name: string
  readonly middle_name: string | null
  readonly position: string
  readonly email: string
  readonly phone: string
  readonly phone_confirmed: boolean
  readonly snils_masked: string | null
  /** Whole only in the single read (for the edit form). */
  readonly snils?: string | null
}

interface Resource {
  readonly id: string
  readonly attributes: Omit<Representative, "id">
}

const BASE = "/api/v1/lk/representatives/"
const of = (r: Resource): Representative => ({ ...r.attributes, id: r.id })
const at = (id: string) => `${BASE}${encodeURIComponent(id)}/`
/** The form's values as the API takes them: without the agreement (SPEC.md section 3). */
const bodyOf = (values: FormValues) => {
  const { agreement: _agreement, ...fields } = values
  return fields
}

export const fullName = (r: Pick<Representative, "last_name" | "first_name" | "middle_name">) => [r.last_name, r.first_name, r.middle_name].filter(Boolean).join(" ")

export const listRepresentatives = async (): Promise<Representative[]> => (await api<{ data: Resource[] }>(BASE)).data.map(of)
export const readRepresentative = async (id: string): Promise<Representative> => of((await api<{ data: Resource }>(at(id))).data)
export const createRepresentative = async (values: FormValues): Promise<Representative> => of((await api<{ data: Resource }>(BASE, { method: "POST", body: bodyOf(values) })).data)
export const updateRepresentative = (id: string) => async (values: FormValues): Promise<Representative> =>
  of((await api<{ data: Resource }>(at(id), { method: "PUT", body: bodyOf(values) })).data)
export const deleteRepresentative = (id: string) => api(at(id), { method: "DELETE" })

/** What a code sent answers: the masked phone it went to, and when another may be asked for. */
export interface SentCode {
  readonly phone: string
  readonly resend_in?: number
}

/** POST /api/v1/phone_codes/ for the representative: the code goes to the representative's phone. */
export const sendRepresentativeCode = async (id: string): Promise<SentCode> =>
  (await api<{ data: SentCode }>("/api/v1/phone_codes/", { method: "POST", body: { purpose: "representative", representative_id: id } })).data
export const confirmRepresentativePhone = (id: string) => async (values: FormValues): Promise<Representative> =>
  of((await api<{ data: Resource }>(`${at(id)}confirm_phone/`, { method: "POST", body: { phone_code: values.phone_code } })).data)

/** The legal persons the director directs, as the form's `legal_persons` choices. */
export const legalPersonOptions = async (): Promise<FieldOption[]> =>
  (await api<{ data: { id: string; attributes: { name: string; inn: string } }[] }>("/api/v1/lk/legal_person/")).data.map((lp) => ({
    value: String(lp.id),
    label: `${lp.attributes.name}, ИНН ${lp.attributes.inn}`,
  }))

/** The edit form's starting values of a stored representative. */
export const valuesOf = (r: Representative): FormValues => ({
  legal_person_id: r.legal_person_id,
  last_name: r.last_name,
  first_name: r.first_name,
  middle_name: r.middle_name ?? "",
  position: r.position,
  email: r.email,
  phone: r.phone,
  snils: r.snils ?? "",
})
