import { maskPersonName, type PublicCertificate, publicStatusOf, PUBLIC_STATUS_LABELS, reasonLabel } from "../../../schemas/entities/certificate.ts"
import type { CertificateRow } from "./register.ts"

/** A person's INN: the first two and last two digits only. */
const maskInn = (inn: string | null): string | null => (inn === null ? null : inn.length === 10 ? inn : `${inn.slice(0, 2)}********${inn.slice(-2)}`)

/** The issuer's name as people call it: its CN, else its O, else the whole DN. */
export function issuerName(dn: string): string {
  const pick = (key: string) => new RegExp(`(?:^|,\\s*)${key}=([^,]+)`).exec(dn)?.[1]?.trim()
  return pick("CN") ?? pick("O") ?? dn
}

export function publicCertificate(row: CertificateRow, at: Date = new Date()): PublicCertificate {
  const status = publicStatusOf(row.status, row.not_after, at)
  const revoked = row.status === "revoked"
  const expired = new Date(row.not_after).getTime() < at.getTime()
  return {
    id: row.public_id,
    type: "certificate",
    attributes: {
      serial: row.serial.toUpperCase(),
      status,
      status_label: PUBLIC_STATUS_LABELS[status],
      terminated: revoked
        ? { kind: "revoked", at: row.revoked_at ?? row.updated_at, reason: reasonLabel(row.revocation_reason) }
        : expired
          ? { kind: "expired", at: row.not_after, reason: null }
          : null,
      suspended_at: status === "suspended" ? row.revoked_at : null,
      not_before: row.not_before,
      not_after: row.not_after,
      owner_kind: row.owner_kind,
      owner_name: maskPersonName(row.owner_person),
      organization: row.owner_org,
      inn: maskInn(row.owner_inn),
      ogrn: row.owner_ogrn,
      issuer: issuerName(row.issuer_dn),
      download_url: `/api/v2/certificates/${row.public_id}/download/`,
    },
  }
}
