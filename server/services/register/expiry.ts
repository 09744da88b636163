import { EXPIRY_NOTICE_DAYS, EXPIRY_SWEEP_MS } from "../../../schemas/constants.ts"
import { longDay } from "../../../schemas/dates.ts"
import { registerMessages as m } from "../../../schemas/messages/register.ts"
import type { Deps } from "../../lib/env.ts"

const DAY_MS = 86_400_000

const listOf = (json: string): number[] => {
  try {
    const v: unknown = JSON.parse(json)
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === "number") : []
  } catch {
    return []
  }
}

/**
 * The expiry letters (docs/register.md): a valid certificate of a customer (users.email)
 * whose not_after is within 30, 14 or 3 days gets one letter per threshold, the nearest one it has
 * reached and not yet had (a certificate first seen 10 days before its end gets the 14-day letter
 * only, never the 30-day one late). Each letter is claimed first by a conditional update of
 * `expiry_notices` (compared with the value read), so several servers sweeping at once send it once.
 * Answers how many letters went out.
 */
export async function sweepExpiry(deps: Pick<Deps, "db" | "mailer" | "config" | "log">, at: Date = new Date()): Promise<number> {
  const k = deps.db.kysely
  const horizon = new Date(at.getTime() + Math.max(...EXPIRY_NOTICE_DAYS) * DAY_MS).toISOString()
  const rows = await k
    .selectFrom("certificates")
    .innerJoin("users", "users.id", "certificates.user_id")
    .select(["certificates.id", "certificates.serial", "certificates.not_after", "certificates.expiry_notices", "certificates.owner_org", "certificates.owner_person", "users.email"])
    .where("certificates.status", "=", "valid")
    .where("certificates.not_after", ">", at.toISOString())
    .where("certificates.not_after", "<=", horizon)
    .execute()
  let sent = 0
  for (const row of rows) {
    const left = (new Date(row.not_after).getTime() - at.getTime()) / DAY_MS
    const sentBefore = listOf(row.expiry_notices)
    // The smallest threshold reached: 3 before 14 before 30.
    const due = [...EXPIRY_NOTICE_DAYS].sort((a, b) => a - b).find((d) => left <= d)
    if (due === undefined || sentBefore.includes(due)) continue
    const next = JSON.stringify([...sentBefore, due])
    const claimed = await k.updateTable("certificates").set({ expiry_notices: next }).where("id", "=", row.id).where("expiry_notices", "=", row.expiry_notices).executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) continue
    const days = Math.max(1, Math.ceil(left))
    const until = longDay(row.not_after)
    try {
      await deps.mailer.send({
        to: row.email,
        subject: m.expiry.subject(days),
        text: m.expiry.text({ owner: row.owner_org ?? row.owner_person ?? "", serial: row.serial.toUpperCase(), until, days, url: `${deps.config.siteUrl}/account/certificates` }),
      })
      sent++
    } catch (err) {
      // The claim is given back, so the next sweep tries again.
      await k.updateTable("certificates").set({ expiry_notices: row.expiry_notices }).where("id", "=", row.id).where("expiry_notices", "=", next).execute()
      deps.log.error({ err, certificateId: row.id }, "certificate: the expiry letter failed")
    }
  }
  return sent
}

/** Runs the sweep now and every EXPIRY_SWEEP_MS; answers the stop. A failed sweep is logged and retried next time. */
export function startExpirySweeps(deps: Pick<Deps, "db" | "mailer" | "config" | "log">): () => void {
  const run = () => void sweepExpiry(deps).catch((err: unknown) => deps.log.error({ err }, "the expiry sweep failed"))
  run()
  const timer = setInterval(run, EXPIRY_SWEEP_MS)
  timer.unref()
  return () => clearInterval(timer)
}
