import { shortDay } from "../../../schemas/dates.ts"
import { useState } from "react"
import type { CertChallenge } from "../../../schemas/entities/signer.ts"
import { choose_certificate_frm } from "../../../schemas/forms/choose_certificate_frm.ts"
import { qesMessages } from "../../../schemas/messages/qes.ts"
import { signerMessages } from "../../../schemas/messages/signer.ts"
import { Facts } from "../../ui/Facts.tsx"
import * as panel from "../../ui/panel.css.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { Form } from "../forms/index.ts"
import {
  asCertificateFailure,
  CertificateListStatus,
  requirePluginSigner,
  SignatureUpload,
  UPLOADED_THUMBPRINT,
  type UploadedSignature,
  uploadedSigner,
  usePluginCertificates,
} from "../signer/index.ts"
import type { OrderBlockProps } from "./order-blocks.ts"
import { qesChallenge, type QesState, readQes, signQes } from "./qes-api.ts"

const t = qesMessages.block

/**
 * The order page's block 'Подпишите заявление квалифицированной электронной подписью' (order-blocks.ts):
 * for an order identified remotely by the applicant's qualified signature, while it is due. The
 * Signer's two ways in (the plug-in's certificates in choose_certificate_frm, or a detached signature
 * of the downloaded text) sign a one-time text naming the order; the server checks it. Once verified:
 * 'Подпись заявителя проверена' with the certificate.
 */
export function QesSignBlock({ orderId, status, reload }: OrderBlockProps) {
  const loaded = useLoad(orderId, readQes, { refreshOn: status })
  if (loaded.state !== "ready" || !loaded.value.required) return null
  const state = loaded.value
  if (state.verified) return <Verified verified={state.verified} />
  if (!state.signable) return null
  return (
    <Signing
      orderId={orderId}
      onVerified={() => {
        loaded.reload()
        reload()
      }}
    />
  )
}

function Verified({ verified }: { verified: NonNullable<QesState["verified"]> }) {
  return (
    <section className={panel.panel} aria-labelledby="order-qes">
      <h2 id="order-qes" className={panel.panelTitle}>
        {t.title}
      </h2>
      <p role="status" className={panel.muted}>
        <strong>{t.verified}</strong>
      </p>
      <Facts
        items={[
          [t.owner, verified.owner],
          [t.serial, verified.serial],
          [t.issuer, verified.issuer],
          [t.validTo, shortDay(verified.not_after)],
        ]}
      />
    </section>
  )
}

function Signing({ orderId, onVerified }: { orderId: number; onVerified: () => void }) {
  const certs = usePluginCertificates()
  const [uploaded, setUploaded] = useState<UploadedSignature | null>(null)
  const options = uploaded ? [...certs.options, { value: UPLOADED_THUMBPRINT, label: signerMessages.uploadedLabel(uploaded.file.name) }] : certs.options
  const signed = async (thumbprint: string): Promise<{ challenge: CertChallenge; signature: string }> => {
    if (thumbprint === UPLOADED_THUMBPRINT && uploaded) {
      return { challenge: uploaded.challenge, signature: await uploadedSigner(uploaded.file).signDetached(thumbprint, uploaded.challenge.nonce) }
    }
    const signer = await requirePluginSigner()
    const challenge = await qesChallenge(orderId)
    return { challenge, signature: await signer.signDetached(thumbprint, challenge.nonce) }
  }
  return (
    <section className={panel.panel} aria-labelledby="order-qes">
      <h2 id="order-qes" className={panel.panelTitle}>
        {t.title}
      </h2>
      <p className={panel.muted}>{t.intro}</p>
      <CertificateListStatus loading={certs.loading} error={certs.error} empty={options.length === 0} />
      <Form
        id="order-qes-sign"
        preset={choose_certificate_frm}
        aria-labelledby="order-qes"
        options={{ certificates: options }}
        handlers={{ loadCertificates: certs.refresh }}
        submit={async (values) => {
          try {
            const { challenge, signature } = await signed(String(values.certificate ?? ""))
            await signQes(orderId, challenge.id, signature)
          } catch (e) {
            throw asCertificateFailure(e)
          }
          onVerified()
        }}
      />
      <SignatureUpload purpose="qes" newChallenge={() => qesChallenge(orderId)} onUploaded={setUploaded} />
    </section>
  )
}
