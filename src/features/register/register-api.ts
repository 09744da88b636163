import type { CaptchaValue, FormValues } from "../../../schemas/forms/types.ts"
import { api } from "../../api/client.ts"

/** One certificate of the public register (server/services/register/public-view.ts). */
export interface PublicCertificate {
  readonly id: string
  readonly type: "certificate"
  readonly attributes: {
    readonly serial: string
    readonly status: "active" | "terminated" | "suspended"
    readonly status_label: string
    readonly terminated: { readonly kind: "revoked" | "expired"; readonly at: string; readonly reason: string | null } | null
    readonly suspended_at: string | null
    readonly not_before: string
    readonly not_after: string
    readonly owner_kind: string
    readonly owner_name: string | null
    readonly organization: string | null
    readonly inn: string | null
    readonly ogrn: string | null
    readonly issuer: string
    readonly download_url: string
  }
}

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
