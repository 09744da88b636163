import type { Hono } from "hono"
import { Schema } from "effect"
import { CA_FILE_PATTERN } from "../../schemas/entities/ca-repository.ts"
import { messages } from "../../schemas/messages/common.ts"
import { validate } from "../../schemas/validate.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { toPem } from "../services/pki/certificate.ts"
import { caConfigured, caKeyId, caOf } from "../services/register/ca.ts"
import { caRepository } from "../services/register/repository.ts"

/** A day: the CA's certificate changes only when the CA is re-keyed, and then its key id (the file name) changes too. */
const CA_FILE_CACHE = "public, max-age=86400"

/** `{key_id}.cer` or `{key_id}.pem`, the key id lower-case hex (the CRL's file name uses the same). */
const CaFileName = Schema.String.check(Schema.isPattern(CA_FILE_PATTERN))

/**
 * The CA's public repository (docs/register.md, «Репозиторий УЦ»):
 * - `GET /api/v2/ca_repository/`: the CA's certificates (thumbprints, validity, files), its CRLs
 *   (thisUpdate, nextUpdate, entries) and the accreditation when set, for /uc_repository;
 * - `GET /ca/{key_id}.cer` (DER, application/pkix-cert) and `.pem` (application/x-pem-file): the
 *   CA's certificate for the trust store; another key id is a 404.
 */
export function caRepositoryRoutes(app: Hono<AppEnv>, deps: Deps): void {
  app.get("/api/v2/ca_repository", async (c) => {
    c.header("cache-control", "no-cache")
    return c.json(await caRepository(deps.db, deps.config))
  })

  app.get("/ca/:file", async (c) => {
    const file = validate(CaFileName, c.req.param("file").toLowerCase())
    if (!file.ok || !caConfigured(deps.config)) return c.json({ message: messages.http.notFound }, 404)
    const [, keyId, ext] = CA_FILE_PATTERN.exec(file.value)!
    const ca = await caOf(deps.config)
    if (keyId !== caKeyId(ca)) return c.json({ message: messages.http.notFound }, 404)
    const pem = ext === "pem"
    const body = pem ? toPem(ca.certificate.der) : Buffer.from(ca.certificate.der)
    return new Response(body, {
      headers: {
        "content-type": pem ? "application/x-pem-file" : "application/pkix-cert",
        "content-disposition": `attachment; filename="${keyId}.${ext}"`,
        "cache-control": CA_FILE_CACHE,
        "last-modified": ca.certificate.notBefore.toUTCString(),
      },
    })
  })
}
