import { useId, useState } from "react"
import type { CertChallenge, ChallengePurpose } from "../../../schemas/entities/signer.ts"
import { signerMessages as t } from "../../../schemas/signer-messages.ts"
import { Button } from "../../ui/Button.tsx"
import { createChallenge } from "./signer-api.ts"
import * as css from "./signer.css.ts"
import { signatureFileBase64 } from "./uploaded.ts"

export interface UploadedSignature {
  readonly challenge: CertChallenge
  readonly file: { readonly name: string; readonly base64: string }
}

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString("ru-RU", { hour: "2-digit", minute: "2-digit" })

/**
 * The Signer's second way in: 'Скачать запрос для подписи' gets a challenge and saves its text as a
 * file; the customer signs it (detached) in any CryptoPro or OpenSSL tool and picks the signature
 * file here; the file then stands in the certificate list as 'Подпись из файла «…»'.
 */
export function SignatureUpload({
  purpose,
  onUploaded,
  newChallenge = () => createChallenge(purpose),
}: {
  purpose: ChallengePurpose
  onUploaded: (u: UploadedSignature | null) => void
  /** Where the challenge comes from (an order's application has its own: `qes`). */
  newChallenge?: () => Promise<CertChallenge>
}) {
  const [challenge, setChallenge] = useState<CertChallenge | null>(null)
  const [error, setError] = useState<string | null>(null)
  const inputId = useId()
  const download = async () => {
    setError(null)
    try {
      const c = await newChallenge()
      setChallenge(c)
      onUploaded(null)
      const url = URL.createObjectURL(new Blob([c.nonce], { type: "text/plain" }))
      const a = document.createElement("a")
      a.href = url
      a.download = `challenge-${c.id}.txt`
      document.body.append(a)
      a.click()
      a.remove()
      setTimeout(() => URL.revokeObjectURL(url), 1000)
    } catch (e) {
      setError((e as { message: string }).message)
    }
  }
  return (
    <section className={css.section} aria-labelledby="bind-by-file">
      <h2 id="bind-by-file" className={css.sectionTitle}>
        {t.byFile}
      </h2>
      <p className={css.note}>{t.fileIntro}</p>
      <div className={css.row}>
        <Button variant="secondary" onClick={() => void download()}>
          {t.downloadChallenge}
        </Button>
        {challenge && (
          <span className={css.note} role="status">
            {t.challengeReady(timeOf(challenge.expires_at))}
          </span>
        )}
      </div>
      {error && (
        <p className={css.error} role="alert">
          {error}
        </p>
      )}
      {challenge && (
        <div className={css.row}>
          <label htmlFor={inputId}>{t.signatureFile}</label>
          <input
            id={inputId}
            type="file"
            accept=".sig,.p7s,.sgn,.pem,.txt"
            onChange={async (e) => {
              const file = e.currentTarget.files?.[0]
              if (!file) return onUploaded(null)
              onUploaded({ challenge, file: { name: file.name, base64: await signatureFileBase64(file) } })
            }}
          />
        </div>
      )}
    </section>
  )
}
