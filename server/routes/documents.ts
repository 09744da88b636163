import type { Hono } from "hono"
import { DOCUMENTS_PER_PAGE_DEFAULT, DOCUMENTS_PER_PAGE_MAX } from "../../schemas/constants.ts"
import { DOCUMENT_TYPE_REVOKED } from "../../schemas/entities/content.ts"
import { DOCUMENT_TYPE_REVOKED_EPOA, maskPersonName, reasonLabel } from "../../schemas/entities/certificate.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { pageAnswer, readPaging } from "../lib/paging.ts"
import { issuerName } from "../services/register/public-view.ts"

/**
 * The revoked documents of `GET /api/v2/documents/{type}/` (docs/register.md), mounted
 * before the content's route, which keeps every EP document type (and passes these two here):
 * - `revoked_certificate` (the spec's default): our register's revoked and suspended certificates,
 *   newest first: serial, owner (a person masked), issuer, when and why;
 * - `revoked_epoa`: revoked powers of attorney (the МЧД registry's `epoas`): number, principal,
 *   representative (masked), when and why.
 * Paged with `page` and `per`; `meta: { total_pages, total_count, page, per }`.
 */
export function documentRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  app.get("/api/v2/documents/:id", async (c, next) => {
    const type = c.req.param("id")
    if (type !== DOCUMENT_TYPE_REVOKED && type !== DOCUMENT_TYPE_REVOKED_EPOA) return next()
    const paging = readPaging(c, { per: DOCUMENTS_PER_PAGE_DEFAULT, max: DOCUMENTS_PER_PAGE_MAX })
    if (type === DOCUMENT_TYPE_REVOKED) {
      const base = k.selectFrom("certificates").where("status", "in", ["revoked", "suspended"])
      const rows = (limit: number, offset: number) =>
        base.select(["public_id", "serial", "status", "owner_person", "owner_org", "issuer_dn", "revoked_at", "revocation_reason"]).orderBy("revoked_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute()
      return c.json(
        await pageAnswer(paging, base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(), rows, (r) => ({
          id: r.public_id,
          type: "revoked_certificate",
          attributes: {
            serial: r.serial.toUpperCase(),
            status: r.status,
            owner: r.owner_org ?? maskPersonName(r.owner_person),
            issuer: issuerName(r.issuer_dn),
            revoked_at: r.revoked_at,
            reason: reasonLabel(r.revocation_reason),
          },
        })),
      )
    }
    const base = k.selectFrom("epoas").where("status", "=", "revoked")
    const rows = (limit: number, offset: number) =>
      base.select(["public_id", "number", "principal_org", "principal_inn", "representative_name", "valid_until", "revoked_at", "revoke_reason"]).orderBy("revoked_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute()
    return c.json(
      await pageAnswer(paging, base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(), rows, (r) => ({
        id: r.public_id,
        type: "revoked_epoa",
        attributes: {
          number: r.number,
          principal: r.principal_org,
          principal_inn: r.principal_inn,
          representative: maskPersonName(r.representative_name),
          valid_until: r.valid_until,
          revoked_at: r.revoked_at,
          reason: r.revoke_reason,
        },
      })),
    )
  })
}
