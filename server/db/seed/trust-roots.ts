import { readFileSync } from "node:fs"
import { sql } from "kysely"
import { parseCertificate } from "../../services/pki/certificate.ts"
import { bundledRoots } from "../../services/pki/roots/index.ts"
import type { CertificateInfo } from "../../services/pki/types.ts"
import { type Db, now } from "../index.ts"

const MARKER = "trust_roots_at"

/** The demo CA's certificate, committed once (server/db/seed/pki/ca.cer). */

/** This server's own CA certificate (CA_CERT_FILE, the demo CA's by default; none in production without it). */
const ownCaCertificate = (file: string | null): Uint8Array | null => (file === null ? null : new Uint8Array(readFileSync(file)))

/** A trust_roots row of a certificate. */
export function trustRootRow(info: CertificateInfo, source: "demo" | "bundled" | "uploaded", at: string) {
  return {
    thumbprint: info.thumbprint,
    name: info.subject.commonName ?? info.subject.organization ?? info.subject.text,
    subject_dn: info.subject.text.slice(0, 2000),
    key_id: info.subjectKeyId,
    not_after: info.notAfter.toISOString(),
    source,
    der: Buffer.from(info.der).toString("base64"),
    created_at: at,
  }
}

/**
 * The trust list's first rows, once per database: the demo CA (source 'demo') and the bundled
 * accredited CAs' roots (server/services/pki/roots/, source 'bundled'). Staff replace the accredited
 * part in the CRM later; the marker keeps a restart from bringing the bundled list back.
 */
export async function seedTrustRoots(db: Db, caCertFile: string | null, lockKey: number): Promise<void> {
  const k = db.kysely
  if (await k.selectFrom("app_meta").select("value").where("key", "=", MARKER).executeTakeFirst()) return
  const rows = [
    ...[ownCaCertificate(caCertFile)].flatMap((der) => (der ? [{ info: parseCertificate(der), source: "demo" as const }] : [])),
    ...bundledRoots().map((der) => ({ info: parseCertificate(der), source: "bundled" as const })),
  ]
  await k.transaction().execute(async (trx) => {
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${lockKey})`.execute(trx)
    if (await trx.selectFrom("app_meta").select("value").where("key", "=", MARKER).executeTakeFirst()) return
    const at = now()
    for (const { info, source } of rows) {
      await trx.insertInto("trust_roots").values(trustRootRow(info, source, at)).onConflict((oc) => oc.column("thumbprint").doNothing()).execute()
    }
    await trx.insertInto("app_meta").values({ key: MARKER, value: at }).execute()
  })
}
