import { useRef, useState } from "react"
import { shortDay } from "../../../schemas/dates.ts"
import type { EpoaChoice } from "../../../schemas/entities/signer.ts"
import { choose_certificate_epoa_frm } from "../../../schemas/forms/choose_certificate_epoa_frm.ts"
import type { FieldOption } from "../../../schemas/forms/types.ts"
import { signerMessages as t } from "../../../schemas/signer-messages.ts"
import { Form } from "../forms/index.ts"
import { requirePluginSigner } from "./cadesplugin.ts"
import { CertificateListStatus } from "./CertificateListStatus.tsx"
import { asCertificateFailure } from "./failures.ts"
import { createChallenge, epoasOf, listBindings, signForOrganisation } from "./signer-api.ts"
import { sameThumbprint, type SignerCertificate } from "./signer.ts"
import * as css from "./signer.css.ts"
import { usePluginCertificates } from "./use-certificates.ts"

/**
 * The МЧД of the chosen certificate's holder. The server lists them only to the certificate's owner:
 * one bound to the account is asked for directly; any other first proves its key, the plug-in
 * signing a one-time `epoas` challenge (`proving` says so while the plug-in may ask for the PIN).
 */
async function provenEpoas(cert: SignerCertificate, proving: () => void): Promise<readonly EpoaChoice[]> {
  const bound = await listBindings()
  if (bound.some((b) => sameThumbprint(b.thumbprint, cert.thumbprint))) return epoasOf({ certificate: cert.certificate })
  proving()
  const signer = await requirePluginSigner()
  const challenge = await createChallenge("epoas")
  const signature = await signer.signDetached(cert.thumbprint, challenge.nonce)
  return epoasOf({ certificate: cert.certificate, challenge_id: challenge.id, signature })
}

/**
 * 'Подписать от имени организации' (choose_certificate_epoa_frm): the employee chooses their own
 * certificate; its holder's МЧД in force load under the source `epoas` (chooseCertificate, after
 * the proof above); the submit signs a one-time challenge and the server checks the signature and
 * that the МЧД is the signer's and in force. The answer names the organisation and the МЧД signed under.
 */
export function OrgSigning() {
  const certs = usePluginCertificates()
  const [epoas, setEpoas] = useState<readonly FieldOption[]>([])
  const [note, setNote] = useState<string | null>(null)
  const [signed, setSigned] = useState<string | null>(null)
  const asked = useRef("")
  const loadEpoas = async (thumbprint: string) => {
    asked.current = thumbprint
    setEpoas([])
    setNote(null)
    const cert = certs.certificates.find((c) => c.thumbprint === thumbprint)
    if (!cert) return
    try {
      const list = await provenEpoas(cert, () => {
        if (asked.current === thumbprint) setNote(t.provingCertificate)
      })
      if (asked.current !== thumbprint) return
      setNote(null)
      setEpoas(list.map((e) => ({ value: e.id, label: t.epoaLabel(e.principal_org, e.number, shortDay(e.valid_until)) })))
      if (list.length === 0) setNote(t.noEpoas)
    } catch (e) {
      if (asked.current === thumbprint) setNote((e as { message: string }).message)
    }
  }
  return (
    <section className={css.section} aria-labelledby="org-signing">
      <h2 id="org-signing" className={css.sectionTitle}>
        {t.orgTitle}
      </h2>
      <p className={css.note}>{t.orgIntro}</p>
      <CertificateListStatus loading={certs.loading} error={certs.error} empty={certs.options.length === 0} />
      {note && (
        <p className={css.note} role="status">
          {note}
        </p>
      )}
      {signed && (
        <p className={css.ok} role="status">
          {signed}
        </p>
      )}
      <Form
        id="org-signing-form"
        preset={choose_certificate_epoa_frm}
        aria-labelledby="org-signing"
        options={{ certificates: certs.options, epoas }}
        handlers={{
          loadCertificates: certs.refresh,
          chooseCertificate: ({ payload }) => void loadEpoas(String(payload ?? "")),
        }}
        submit={async (values) => {
          setSigned(null)
          try {
            const signer = await requirePluginSigner()
            const challenge = await createChallenge("org_sign")
            const signature = await signer.signDetached(String(values.certificate ?? ""), challenge.nonce)
            const answer = await signForOrganisation(challenge.id, signature, String(values.epoa ?? ""))
            setSigned(answer.message)
          } catch (e) {
            throw asCertificateFailure(e)
          }
        }}
      />
    </section>
  )
}
