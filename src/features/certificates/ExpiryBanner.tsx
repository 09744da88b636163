import { shortDay } from "../../../schemas/dates.ts"
import { useLocation } from "wouter"
import { certificateMessages as m } from "../../../schemas/messages/certificates.ts"
import { Button } from "../../ui/Button.tsx"
import { useAction } from "../../ui/flows/use-action.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { listExpiring, renewCertificate } from "./certificates-api.ts"
import * as css from "./certificates.css.ts"

/**
 * The account's expiry banner: each of the customer's certificates that expires within 30 days or
 * expired within the last 30 ('Срок действия сертификата … истекает dd.MM.yyyy') with 'Продлить', which
 * creates the pre-filled order draft and opens it in the wizard. Nothing when there is none.
 */
export function ExpiryBanner() {
  const [, navigate] = useLocation()
  const loaded = useLoad("expiring", listExpiring)
  // Renewal makes a draft order of the same product; the wizard opens on it.
  const renewal = useAction(renewCertificate, { onDone: (draft) => navigate(draft.edit_url) })
  if (loaded.state !== "ready" || loaded.value.length === 0) return null
  // Every button stays off until the wizard opens; the pressed one says so.
  const busy = renewal.busy || renewal.done ? (renewal.input ?? null) : null
  const error = renewal.failed || renewal.refused ? (renewal.error?.message ?? null) : null
  return (
    <section className={css.banner} aria-label={m.expiryTitle}>
      {loaded.value.map((c) => {
        const expired = c.attributes.days_left <= 0
        const text = (expired ? m.expired : m.expiring)(c.attributes.owner, shortDay(c.attributes.not_after))
        return (
          <div key={c.id} className={css.bannerRow}>
            <p className={css.bannerRow} role="status">
              <strong>{text}</strong>
            </p>
            <Button variant="primary" disabled={busy !== null} aria-busy={busy === c.id} onClick={() => renewal.run(c.id)} aria-label={`${m.renew}: ${c.attributes.owner}, ${c.attributes.serial}`}>
              {busy === c.id ? m.renewing : m.renew}
            </Button>
          </div>
        )
      })}
      {error && <p role="alert">{error}</p>}
    </section>
  )
}
