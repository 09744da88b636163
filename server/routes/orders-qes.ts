import type { Hono } from "hono"
import { type OrderStatus, rankOf } from "../../schemas/entities/order.ts"
import { qesMessages } from "../../schemas/messages/qes.ts"
import { now } from "../db/index.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { idParam, notFound, readJson, unprocessable } from "../lib/http.ts"
import { requireUser } from "../lib/user-auth.ts"
import { createChallenge, spendChallenge } from "../services/cert-auth.ts"
import { identifiedByQes, type QesRecord, type QesVerifier } from "../services/qes.ts"

const t = qesMessages

type OrderData = { values?: Record<string, unknown>; qes?: QesRecord } & Record<string, unknown>

/** While the applicant may sign: from 'new' to 'ready_for_identification'. */
const signable = (status: string) => {
  const rank = rankOf(status as OrderStatus)
  return rank >= rankOf("new") && rank <= rankOf("ready_for_identification")
}

const str = (v: unknown) => (typeof v === "string" ? v : "")

/**
 * The applicant's qualified signature of a remote order (docs/orders.md, "Remote identification"):
 * `GET /api/v1/uc/leads/{id}/qes/` what the order page's block shows; `POST …/qes/challenge/` the
 * one-time text to sign (purpose `qes`, 5 minutes); `POST …/qes/` `{challenge_id, signature}` checks
 * it with the verifier. Owner only (another's order is a 404); a refusal is a 422 under `signature`
 * (or `challenge_id`) and changes nothing.
 */
export function orderQesRoutes(app: Hono<AppEnv>, deps: Deps, verifier: QesVerifier): void {
  const k = deps.db.kysely
  const guard = requireUser(deps)
  const own = async (userId: number, id: number) => {
    const row = await k.selectFrom("orders").select(["id", "status", "identification", "preset", "data"]).where("id", "=", id).where("user_id", "=", userId).executeTakeFirst()
    if (!row) throw notFound()
    const data = JSON.parse(row.data) as OrderData
    return { ...row, raw: row.data, data, required: identifiedByQes(row.identification, row.preset, data.values ?? {}) }
  }
  /** The order must wait for the signature now; else 422 under `signature`. */
  const mustWait = (row: Awaited<ReturnType<typeof own>>) => {
    if (!row.required) throw unprocessable({ signature: [t.api.notRequired] })
    if (row.data.qes) throw unprocessable({ signature: [t.api.alreadyVerified] })
    if (!signable(row.status)) throw unprocessable({ signature: [t.api.notNow] })
  }

  app.get("/api/v1/uc/leads/:id/qes", guard, async (c) => {
    const row = await own(c.get("user").id, idParam(c))
    return c.json({ data: { required: row.required, signable: row.required && !row.data.qes && signable(row.status), verified: row.data.qes ?? null } })
  })

  app.post("/api/v1/uc/leads/:id/qes/challenge", guard, async (c) => {
    const user = c.get("user")
    const row = await own(user.id, idParam(c))
    mustWait(row)
    return c.json({ data: await createChallenge(deps.db, "qes", user.id, (code) => t.challengeText(String(row.id), code)) }, 201)
  })

  app.post("/api/v1/uc/leads/:id/qes", guard, async (c) => {
    const user = c.get("user")
    const row = await own(user.id, idParam(c))
    const body = await readJson(c)
    mustWait(row)
    const rawId = str(body.challenge_id)
    const challenge = await spendChallenge(deps.db, /^[1-9]\d{0,9}$/.test(rawId) ? Number(rawId) : null, "qes", user.id)
    // The challenge must name this order: one made for another order of the same customer is refused.
    if (!challenge.nonce.startsWith(t.challengeText(String(row.id), ""))) throw unprocessable({ challenge_id: [t.api.wrongOrder] })
    const v = row.data.values ?? {}
    const s = (name: string) => (typeof v[name] === "string" && v[name] !== "" ? (v[name] as string) : null)
    const verdict = await verifier.verifyApplicant(
      { orderId: row.id, snils: s("snils"), inn: s("holder_inn") ?? s("inn"), surname: s("last_name") ?? "", fullName: [s("last_name"), s("first_name"), s("middle_name")].filter(Boolean).join(" ") },
      { text: challenge.nonce, signature: str(body.signature) },
    )
    if (verdict.status === "rejected") throw unprocessable({ signature: [verdict.note] })
    const cert = verdict.certificate
    const at = now()
    const record: QesRecord = { verified_at: at, owner: cert.owner, serial: cert.serial, thumbprint: cert.thumbprint, issuer: cert.issuer, not_after: cert.notAfter.toISOString() }
    const note = t.verifiedNote(cert.owner, cert.serial, cert.issuer, cert.notAfter)
    await k.transaction().execute(async (trx) => {
      // Conditional on the data read: an edit in between (which drops the record) wins, and the signature is asked again.
      const res = await trx.updateTable("orders").set({ data: JSON.stringify({ ...row.data, qes: record }), updated_at: at }).where("id", "=", row.id).where("data", "=", row.raw).executeTakeFirst()
      if (Number(res.numUpdatedRows) !== 1) throw unprocessable({ signature: [t.api.notNow] })
      await trx.insertInto("order_events").values({ order_id: row.id, from_status: row.status, to_status: row.status, actor: "customer", admin_user_id: null, note, created_at: at }).execute()
    })
    return c.json({ data: { required: true, signable: false, verified: record }, message: t.block.verified })
  })
}
