import { Link } from "wouter"
import { identityCheckMessages } from "../../../../schemas/messages/identity-check.ts"
import { formatDay } from "../../../../schemas/forms/shown.ts"
import * as css from "./order-desk.css.ts"

const t = identityCheckMessages.certificate

/** The certificate issued for the order, linked to its page in the CRM's register. */
export function IssuedCertificate({ certificate }: { readonly certificate: { readonly id: number; readonly serial: string; readonly not_before: string; readonly not_after: string } }) {
  return (
    <section aria-labelledby="order-certificate-title" className={css.block}>
      <h2 id="order-certificate-title">{t.title}</h2>
      <p className={css.lead}>{t.line(certificate.serial.toUpperCase(), formatDay(certificate.not_before), formatDay(certificate.not_after))}</p>
      <Link className={css.link} href={`/crm/certificates/${certificate.id}`}>
        {t.open}
      </Link>
    </section>
  )
}
