import { Link } from "wouter"
import { signerMessages as t } from "../../../schemas/messages/signer.ts"
import * as css from "./signer.css.ts"

/** Above a certificate chooser: the search in progress, or why the plug-in's list is empty, with the way to the workplace check. */
export function CertificateListStatus({ loading, error, empty }: { loading: boolean; error: string | null; empty: boolean }) {
  if (loading) return <p className={css.note} role="status">{t.loadingCertificates}</p>
  if (!error && !empty) return null
  return (
    <p className={css.note} role="status">
      {error ?? t.noCertificates}.{" "}
      <Link href="/workplace_check" className={css.link}>
        {t.checkWorkplace}
      </Link>
    </p>
  )
}
