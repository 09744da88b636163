import { useMemo, useState } from "react"
import { shortDay } from "../../../schemas/dates.ts"
import type { CertificateBinding, EpoaChoice } from "../../../schemas/entities/signer.ts"
import { choose_certificate_epoa_frm } from "../../../schemas/forms/choose_certificate_epoa_frm.ts"
import type { FieldOption } from "../../../schemas/forms/types.ts"
import { signerMessages as t } from "../../../schemas/messages/signer.ts"
import { type LoadApi, useLoad } from "../../ui/flows/use-load.ts"
import { Form } from "../forms/index.ts"
import { requirePluginSigner } from "./cadesplugin.ts"
import { CertificateListStatus } from "./CertificateListStatus.tsx"
import { asCertificateFailure } from "./failures.ts"
import { createChallenge, epoasOf, listBindings, signForOrganisation } from "./signer-api.ts"
import { sameThumbprint, type SignerCertificate } from "./signer.ts"
import * as css from "./signer.css.ts"
import { usePluginCertificates } from "./use-certificates.ts"

/** Which certificate's МЧД to list, and whether the account has it bound (null: not known yet). */
interface EpoaQuery {
  readonly thumbprint: string
  readonly bound: boolean | null
}

/**
 * The МЧД of the chosen certificate's holder. The server lists them only to the certificate's owner:
 * one bound to the account is asked for directly; any other first proves its key, the plug-in
 * signing a one-time `epoas` challenge (the view says so while the plug-in may ask for the PIN).
 */
async function provenEpoas(cert: SignerCertificate, known: boolean | null): Promise<readonly EpoaChoice[]> {
  const bound = known ?? (await listBindings()).some((b) => sameThumbprint(b.thumbprint, cert.thumbprint))
  if (bound) return epoasOf({ certificate: cert.certificate })
  const signer = await requirePluginSigner()
  const challenge = await createChallenge("epoas")
  const signature = await signer.signDetached(cert.thumbprint, challenge.nonce)
  return epoasOf({ certificate: cert.certificate, challenge_id: challenge.id, signature })
}

const NO_EPOAS: readonly EpoaChoice[] = []

/**
 * 'Подписать от имени организации' (choose_certificate_epoa_frm): the employee chooses their own
 * certificate; its holder's МЧД in force load under the source `epoas` (a load keyed by the choice and
 * whether it is bound, `bindings` being the page's); the submit signs a one-time challenge and the
 * server checks the signature and that the МЧД is the signer's and in force. The answer names the
 * organisation and the МЧД signed under.
 */
export function OrgSigning({ bindings }: { bindings: LoadApi<readonly CertificateBinding[]> }) {
  const certs = usePluginCertificates()
  const [chosen, setChosen] = useState("")
  const [signed, setSigned] = useState<string | null>(null)
  const bound = bindings.state === "ready" ? bindings.value.some((b) => sameThumbprint(b.thumbprint, chosen)) : null
  const query: EpoaQuery = { thumbprint: chosen, bound }
  const epoaLoad = useLoad(query, ({ thumbprint, bound: known }) => {
    const cert = certs.certificates.find((c) => c.thumbprint === thumbprint)
    return cert ? provenEpoas(cert, known) : Promise.resolve(NO_EPOAS)
  })
  const list = epoaLoad.state === "ready" ? epoaLoad.value : NO_EPOAS
  const epoas = useMemo(() => list.map((e): FieldOption => ({ value: e.id, label: t.epoaLabel(e.principal_org, e.number, shortDay(e.valid_until)) })), [list])
  const note =
    epoaLoad.state === "loading"
      ? chosen && bound === false
        ? t.provingCertificate
        : null
      : epoaLoad.state === "failed"
        ? epoaLoad.error.message
        : chosen && list.length === 0
          ? t.noEpoas
          : null
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
          chooseCertificate: ({ payload }) => setChosen(String(payload ?? "")),
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
