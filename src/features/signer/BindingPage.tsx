import { useState } from "react"
import { Link } from "wouter"
import { cert_bind_frm } from "../../../schemas/forms/cert_bind_frm.ts"
import type { CertChallenge } from "../../../schemas/entities/signer.ts"
import { signerMessages as t } from "../../../schemas/messages/signer.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import * as pages from "../../ui/page.css.ts"
import { Form } from "../forms/index.ts"
import { BoundCertificates } from "./BoundCertificates.tsx"
import { requirePluginSigner } from "./cadesplugin.ts"
import { CertificateListStatus } from "./CertificateListStatus.tsx"
import { asCertificateFailure } from "./failures.ts"
import { OrgSigning } from "./OrgSigning.tsx"
import { bindCertificate, createChallenge, listBindings } from "./signer-api.ts"
import { SignatureUpload, type UploadedSignature } from "./SignatureUpload.tsx"
import * as css from "./signer.css.ts"
import { UPLOADED_THUMBPRINT, uploadedSigner } from "./uploaded.ts"
import { usePluginCertificates } from "./use-certificates.ts"

/**
 * /certificate/binding (cert_bind_frm): the signed-in customer binds a certificate by signing a
 * one-time challenge, with the CryptoPro plug-in (a fresh challenge at each submit) or with a detached
 * signature of a downloaded challenge made in any tool (the file's entry joins the certificate list),
 * and confirms with the account password. Below: the bound certificates and signing for an organisation.
 */
export function BindingPage() {
  const certs = usePluginCertificates()
  const [uploaded, setUploaded] = useState<UploadedSignature | null>(null)
  const [bound, setBound] = useState<string | null>(null)
  const bindings = useLoad("all", listBindings)
  const options = uploaded ? [...certs.options, { value: UPLOADED_THUMBPRINT, label: t.uploadedLabel(uploaded.file.name) }] : certs.options

  const signed = async (thumbprint: string): Promise<{ challenge: CertChallenge; signature: string }> => {
    if (thumbprint === UPLOADED_THUMBPRINT && uploaded) {
      return { challenge: uploaded.challenge, signature: await uploadedSigner(uploaded.file).signDetached(thumbprint, uploaded.challenge.nonce) }
    }
    const signer = await requirePluginSigner()
    const challenge = await createChallenge("bind")
    return { challenge, signature: await signer.signDetached(thumbprint, challenge.nonce) }
  }

  return (
    <div className={css.page}>
      <h1 className={pages.title}>{t.bindingTitle}</h1>
      <p className={css.note}>
        {t.bindingIntro}{" "}
        <Link href="/workplace_check" className={css.link}>
          {t.checkWorkplace}
        </Link>
      </p>
      <section className={css.section} aria-labelledby="bind-by-plugin">
        <h2 id="bind-by-plugin" className={css.sectionTitle}>
          {t.byPlugin}
        </h2>
        <CertificateListStatus loading={certs.loading} error={certs.error} empty={options.length === 0} />
        {bound && (
          <p className={css.ok} role="status">
            {bound}
          </p>
        )}
        <Form
          id="cert-bind"
          preset={cert_bind_frm}
          aria-labelledby="bind-by-plugin"
          options={{ certificates: options }}
          handlers={{ loadCertificates: certs.refresh }}
          submit={async (values) => {
            setBound(null)
            try {
              const { challenge, signature } = await signed(String(values.certificate ?? ""))
              await bindCertificate(challenge.id, signature, String(values.password ?? ""))
            } catch (e) {
              throw asCertificateFailure(e)
            }
            if (String(values.certificate) === UPLOADED_THUMBPRINT) setUploaded(null)
            setBound(t.bound)
            bindings.reload()
          }}
        />
      </section>
      <SignatureUpload purpose="bind" onUploaded={setUploaded} />
      <BoundCertificates bindings={bindings} />
      <OrgSigning bindings={bindings} />
    </div>
  )
}
