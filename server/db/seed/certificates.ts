import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { sql } from "kysely"
import type { Deps } from "../../lib/env.ts"
import { hashPassword } from "../../lib/passwords.ts"
import { parseCertificate } from "../../services/pki/certificate.ts"
import { caOf } from "../../services/register/ca.ts"
import { rebuildCrl } from "../../services/register/crl.ts"
import { registerCertificate } from "../../services/register/register.ts"
import { now } from "../index.ts"

/** Its own marker: data directories seeded before the register existed get it on their next start. */
export const CERTIFICATES = "certificates_at"

/** The code word of the demo customers' seeded certificates (sign-in by certificate, suspension by phone). */
export const DEMO_CODE_WORD = "KOD2026"

/** The demo register's revocations: the last two certificates of nobody in the manifest, one revoked, one suspended. */
const DEMO_REVOKED = { reason: 4 /* 'Замена сертификата' */ }

interface ManifestEntry {
  readonly file: string
  readonly owner: string | null
  readonly key_storage: "token" | "dss" | "file"
}

const here = (path: string) => fileURLToPath(new URL(`./pki/${path}`, import.meta.url))

/**
 * The demo register (docs/register.md; never with NODE_ENV=production): the certificates
 * of server/db/seed/pki/certificates.json (issued once by the demo CA and committed), owners by
 * e-mail → the demo users (their code word DEMO_CODE_WORD), one of nobody's revoked and one
 * suspended, then the CA's CRL. Once per database under its marker, inside the seeding lock.
 */
export async function seedCertificates(deps: Pick<Deps, "db" | "config">, lock: number): Promise<void> {
  const { db } = deps
  const k = db.kysely
  if (await k.selectFrom("app_meta").select("value").where("key", "=", CERTIFICATES).executeTakeFirst()) return
  const manifest = JSON.parse(readFileSync(here("certificates.json"), "utf8")) as ManifestEntry[]
  const ca = await caOf(deps.config)
  const codeWordHash = await hashPassword(DEMO_CODE_WORD)
  await k.transaction().execute(async (trx) => {
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${lock})`.execute(trx)
    if (await trx.selectFrom("app_meta").select("value").where("key", "=", CERTIFICATES).executeTakeFirst()) return
    const emails = [...new Set(manifest.flatMap((e) => (e.owner ? [e.owner] : [])))]
    const users = emails.length === 0 ? [] : await trx.selectFrom("users").select(["id", "email"]).where("email", "in", emails).execute()
    const userId = new Map(users.map((u) => [u.email, u.id]))
    const nobodys: number[] = []
    for (const entry of manifest) {
      const info = parseCertificate(new Uint8Array(readFileSync(here(entry.file))))
      if (await trx.selectFrom("certificates").select("id").where("thumbprint", "=", info.thumbprint.toLowerCase()).executeTakeFirst()) continue
      const owner = entry.owner ? (userId.get(entry.owner) ?? null) : null
      const row = await registerCertificate(trx, info, { source: "seed", userId: owner, keyStorage: entry.key_storage, codeWordHash: owner !== null ? codeWordHash : null })
      if (entry.owner === null && info.notAfter.getTime() > Date.now()) nobodys.push(row.id)
    }
    const at = now()
    const [suspended, revoked] = nobodys.slice(-2)
    if (revoked !== undefined) await trx.updateTable("certificates").set({ status: "revoked", revocation_reason: DEMO_REVOKED.reason, revoked_at: at, updated_at: at }).where("id", "=", revoked).execute()
    if (suspended !== undefined) await trx.updateTable("certificates").set({ status: "suspended", revocation_reason: 6, revoked_at: at, updated_at: at }).where("id", "=", suspended).execute()
    await rebuildCrl(trx, db.dialect, ca)
    await trx.insertInto("app_meta").values({ key: CERTIFICATES, value: at }).execute()
  })
}
