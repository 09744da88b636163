import { createHash, randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"
import { parseCertificate } from "../../server/services/pki/certificate.ts"
import { testDb } from "./users.ts"

export type RegisterStatus = "valid" | "revoked" | "suspended"

/** The time a fixture certificate is revoked or suspended at in the register. */
export const REGISTER_REVOKED_AT = "2026-06-01T09:00:00.000Z"

/** Puts a certificate file into our register (the certificates table) with a status; the seed may have it already. */
export async function registerCertificate(dataDir: string, path: string, status: RegisterStatus): Promise<void> {
  const der = readFileSync(path)
  const thumbprint = createHash("sha1").update(der).digest("hex")
  const db = testDb(dataDir)
  try {
    const k = db.kysely
    const at = new Date().toISOString()
    const revoked = status === "valid" ? { revoked_at: null, revocation_reason: null } : { revoked_at: REGISTER_REVOKED_AT, revocation_reason: status === "revoked" ? 1 : 6 }
    const existing = await k.selectFrom("certificates").select("id").where("thumbprint", "=", thumbprint).executeTakeFirst()
    if (existing) {
      await k.updateTable("certificates").set({ status, ...revoked, updated_at: at }).where("id", "=", existing.id).execute()
      return
    }
    const info = parseCertificate(new Uint8Array(der))
    await k
      .insertInto("certificates")
      .values({
        public_id: randomBytes(16).toString("hex"),
        serial: info.serial,
        thumbprint,
        issuer_dn: info.issuer.text,
        subject_dn: info.subject.text,
        owner_kind: info.ownerKind,
        owner_person: null,
        owner_org: info.subject.organization,
        owner_inn: info.subject.innle ?? info.subject.inn,
        owner_ogrn: info.subject.ogrn,
        owner_snils: info.subject.snils,
        not_before: info.notBefore.toISOString(),
        not_after: info.notAfter.toISOString(),
        status,
        ...revoked,
        der: der.toString("base64"),
        source: "imported",
        created_at: at,
        updated_at: at,
      })
      .execute()
  } finally {
    await db.kysely.destroy()
  }
}
