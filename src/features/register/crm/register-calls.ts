import { api, call } from "../../../api/client.ts"
import { multipart } from "../../../api/multipart.ts"

/** The register's CRM calls beyond the declaration (server/routes/crm-certificates.ts; docs/register.md). */
export const importCertificates = (apiPath: string, files: readonly File[]) =>
  call(() => api<{ meta: { imported_count: number } }>(`${apiPath}/import/`, { method: "POST", body: multipart({ files }) }))

export const suspendByPhone = (apiPath: string, id: string, vector: string) =>
  call(() => api(`${apiPath}/${encodeURIComponent(id)}/phone_suspend/`, { method: "POST", body: { vector } }))

export const issueCertificate = (ordersApiPath: string, orderId: string, csr: File) =>
  call(() => api<{ data: { attributes: { serial: string } } }>(`${ordersApiPath}/${encodeURIComponent(orderId)}/issue/`, { method: "POST", body: multipart({ csr }) }))
