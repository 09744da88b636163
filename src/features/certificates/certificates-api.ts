import type { FormValues } from "../../../schemas/forms/types.ts"
import { api, call } from "../../api/client.ts"
import { downloadFile } from "../../api/download.ts"

/** The account's certificates API (docs/account-certificates.md), for the pages of this feature. */

export interface Certificate {
  readonly id: string
  readonly type: "certificate"
  readonly attributes: {
    readonly serial: string
    readonly thumbprint: string
    readonly owner: string
    readonly owner_person: string | null
    readonly owner_org: string | null
    readonly issuer: string
    readonly not_before: string
    readonly not_after: string
    readonly status: string
    readonly status_label: string
    readonly confirmed: boolean
    readonly confirmed_at: string | null
    readonly key_storage: string
    readonly key_storage_label: string
    readonly days_left: number
    readonly expiring: boolean
  }
}

export interface NameAttribute {
  readonly oid: string
  readonly short: string
  readonly label: string
  readonly value: string
}

export interface CertificateFields {
  readonly subject: readonly NameAttribute[]
  readonly issuer: readonly NameAttribute[]
  readonly public_key: string
  readonly signature_algorithm: string
  readonly key_usage: readonly string[]
  readonly extended_key_usage: readonly string[]
  readonly policies: readonly string[]
  readonly qualified: boolean
}

export interface CertificateView {
  readonly data: Certificate
  readonly fields: CertificateFields | null
  readonly meta: { readonly remote_renewal: boolean; readonly has_order: boolean }
}

export interface Approval {
  readonly id: string
  readonly attributes: { readonly action: string; readonly action_label: string; readonly note: string | null; readonly created_at: string }
}

export interface DssProfile {
  readonly id: string
  readonly deeplink: string
  readonly qr_svg: string
  readonly certificates: readonly Certificate[]
}

const at = (id: string) => `/api/v1/lk/certificates/${encodeURIComponent(id)}/`

export const listCertificates = (page: number) => api<{ data: Certificate[]; meta: { total: number; page: number; total_pages: number } }>(`/api/v1/lk/certificates/?page=${page}`)
export const listExpiring = async () => (await api<{ data: (Certificate & { meta: { remote_renewal: boolean } })[] }>("/api/v1/lk/certificates/expiring/")).data
export const readCertificate = (id: string) => api<CertificateView>(at(id))
export const readApprovals = async (id: string) => (await api<{ data: Approval[] }>(`${at(id)}approvals/`)).data
export const downloadCertificate = (c: Certificate) => downloadFile({ url: `${at(c.id)}file/`, name: `${c.attributes.serial}.cer` })
/** The masked phone the code went to, and when another may be asked for. */
export const sendApprovalCode = async (id: string) => (await call(() => api<{ data: { phone: string; resend_in?: number } }>(`${at(id)}approval_code/`, { method: "POST", body: {} }))).data
export const approveCertificate = (id: string) => async (values: FormValues) =>
  (await call(() => api<{ data: Certificate }>(`${at(id)}approve/`, { method: "POST", body: { data_correct: values.data_correct, rules_accepted: values.rules_accepted, phone_code: values.phone_code } }))).data
/** 'Продлить': the new order draft's wizard address. */
export const renewCertificate = async (id: string) => (await call(() => api<{ data: { edit_url: string; remote: boolean } }>(`${at(id)}renewal/`, { method: "POST", body: {} }))).data

/** The customer's own myDSS profile (created on the first call): its page's address. */
export const ownDssProfileUrl = async () => (await call(() => api<{ data: { url: string } }>("/api/v1/lk/dss_profile/", { method: "POST", body: {} }))).data.url
export const readDssProfile = async (id: string) => (await api<{ data: DssProfile }>(`/api/v1/lk/dss_profiles/${encodeURIComponent(id)}/`)).data
export const sendDssLink = (id: string) => async (values: FormValues) =>
  (await api<{ data: { phone: string; resend_in?: number } }>(`/api/v1/lk/dss_profiles/${encodeURIComponent(id)}/sms/`, { method: "POST", body: { phone: values.phone } })).data
