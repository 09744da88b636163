import { createHash } from "node:crypto"
import { readableName } from "../../../schemas/certificate-names.ts"
import type { CaAccreditation, CaRepository, CaRepositoryCertificate, CaRepositoryCrl } from "../../../schemas/entities/ca-repository.ts"
import type { Config } from "../../config.ts"
import type { Db } from "../../db/index.ts"
import { parseCrl } from "../pki/crl.ts"
import { caConfigured, caKeyId, caOf, type Ca } from "./ca.ts"
import { crlOf } from "./crl.ts"

/** The CA's certificate files: `/ca/{key_id}.cer` (DER) and `.pem`. */
export const caCertificatePath = (keyId: string, ext: "cer" | "pem") => `/ca/${keyId}.${ext}`

function certificateOf(ca: Ca): CaRepositoryCertificate {
  const c = ca.certificate
  const keyId = caKeyId(ca)
  return {
    role: c.subject.text === c.issuer.text ? "root" : "issuing",
    subject: c.subject.text,
    subject_readable: readableName(c.subject.attributes).line,
    common_name: c.subject.commonName,
    issuer: c.issuer.text,
    serial: c.serial.toUpperCase(),
    sha1: c.thumbprint.toUpperCase(),
    sha256: createHash("sha256").update(c.der).digest("hex").toUpperCase(),
    not_before: c.notBefore.toISOString(),
    not_after: c.notAfter.toISOString(),
    key_id: keyId,
    cer_url: caCertificatePath(keyId, "cer"),
    pem_url: caCertificatePath(keyId, "pem"),
  }
}

/** The CA's CRL as the page shows it: never a stale one (crl.ts `crlOf` with `fresh`). */
async function crlShown(db: Db, ca: Ca): Promise<CaRepositoryCrl | null> {
  const keyId = caKeyId(ca)
  const stored = await crlOf(db, ca, { fresh: true })
  if (!stored) return null
  const crl = parseCrl(stored.der)
  return {
    url: `/cdp/${keyId}.crl`,
    distribution_point: ca.crlUrl,
    issuer: crl.issuer.text,
    issuer_readable: readableName(crl.issuer.attributes).line,
    number: crl.number,
    this_update: crl.thisUpdate.toISOString(),
    next_update: (crl.nextUpdate ?? new Date(stored.nextUpdate)).toISOString(),
    entries: crl.entries.length,
  }
}

/** The accreditation of the requisites record, or null while its number is blank (the demo's). */
async function accreditationOf(db: Db): Promise<{ operator: string | null; accreditation: CaAccreditation | null }> {
  const row = await db.kysely.selectFrom("requisites").select(["name", "accreditation_number", "accreditation_date", "accreditation_order"]).orderBy("id", "asc").executeTakeFirst()
  const number = row?.accreditation_number.trim() ?? ""
  const order = row?.accreditation_order.trim() ?? ""
  return {
    operator: row?.name.trim() || null,
    accreditation: number ? { number, date: row?.accreditation_date || null, order: order || null } : null,
  }
}

/**
 * What /uc_repository shows (docs/register.md, «Репозиторий УЦ»): the CA's certificate, its CRL and
 * the accreditation. A server without the CA's key (production without CA_KEY_FILE) publishes no
 * certificate and no CRL: the lists are empty, the page says so.
 */
export async function caRepository(db: Db, config: Config): Promise<CaRepository> {
  const details = await accreditationOf(db)
  if (!caConfigured(config)) return { data: { certificates: [], crls: [], ...details } }
  const ca = await caOf(config)
  const crl = await crlShown(db, ca)
  return { data: { certificates: [certificateOf(ca)], crls: crl ? [crl] : [], ...details } }
}
