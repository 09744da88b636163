import type { PublicCertificate } from "../../../schemas/entities/certificate.ts"
import type { CaptchaValue, FormValues } from "../../../schemas/forms/types.ts"
import { api } from "../../api/client.ts"

export interface RegisterAnswer {
  readonly data: readonly PublicCertificate[]
  readonly more: boolean
}

const digits = (v: unknown) => String(v ?? "").replace(/\D/g, "")

/**
 * reestr_search_frm's values → the register's API (docs/register.md): a serial → `GET
 * /api/v2/certificates/{serial}/` (404: nothing found); an owner's number → `GET /api/v2/certificates/?search_by=…`.
 * The captcha travels as `captcha_id` and `captcha_answer`.
 */
export async function searchRegister(values: FormValues): Promise<RegisterAnswer> {
  const captcha = (values.captcha ?? { id: "", answer: "" }) as CaptchaValue
  const query = { captcha_id: captcha.id, captcha_answer: captcha.answer }
  const by = String(values.search_by ?? "")
  if (by === "serial") {
    const serial = String(values.serial_number ?? "").replace(/[\s:]/g, "")
    try {
      const r = await api<{ data: PublicCertificate }>(`/api/v2/certificates/${encodeURIComponent(serial || "-")}/`, { query })
      return { data: [r.data], more: false }
    } catch (err) {
      if ((err as { status?: unknown }).status === 404) return { data: [], more: false }
      throw err
    }
  }
  const r = await api<{ data: PublicCertificate[]; meta: { more: boolean } }>("/api/v2/certificates/", {
    query: { ...query, search_by: by, [by]: digits(values[by]) },
  })
  return { data: r.data, more: r.meta.more }
}
