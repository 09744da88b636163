import { Link, useLocation } from "wouter"
import { certificateMessages as m } from "../../../schemas/messages/certificates.ts"
import { Button, buttonClass } from "../../ui/Button.tsx"
import { useAction } from "../../ui/flows/use-action.ts"
import { useSiteData } from "../shell/index.ts"
import { ownDssProfileUrl } from "./certificates-api.ts"

/**
 * The account's links to the certificates: 'Сертификаты' (/account/certificates) and 'Облачная подпись
 * myDSS', which asks for the customer's own profile (created on the first visit) and opens its opaque
 * address. List items, for the account's list of links. Without a DSS server configured (DSS_URL, a
 * development start) there is no myDSS to offer: only 'Сертификаты'.
 */
export function AccountCertificateLinks() {
  const [, navigate] = useLocation()
  const { mydss } = useSiteData()
  // The profile's opaque address opens; the button stays off until it does.
  const opening = useAction(ownDssProfileUrl, { onDone: (url) => navigate(url) })
  const busy = opening.busy || opening.done
  const error = opening.failed || opening.refused ? (opening.error?.message ?? null) : null
  return (
    <>
      <li>
        <Link href="/account/certificates" className={buttonClass("secondary")}>
          {m.title}
        </Link>
      </li>
      {mydss && (
        <li>
          <Button variant="secondary" disabled={busy} aria-busy={busy} onClick={() => opening.run(undefined)}>
            {m.dssLink}
          </Button>
          {error && <span role="alert">{error}</span>}
        </li>
      )}
    </>
  )
}
