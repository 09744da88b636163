import { useId } from "react"
import { clockTime } from "../../../schemas/dates.ts"
import type { CertChallenge, ChallengePurpose } from "../../../schemas/entities/signer.ts"
import { signerMessages as t } from "../../../schemas/messages/signer.ts"
import { saveBlob } from "../../api/download.ts"
import { Button } from "../../ui/Button.tsx"
import { useAction } from "../../ui/flows/use-action.ts"
import { createChallenge } from "./signer-api.ts"
import * as css from "./signer.css.ts"
import { signatureFileBase64 } from "./uploaded.ts"

export interface UploadedSignature {
  readonly challenge: CertChallenge
  readonly file: { readonly name: string; readonly base64: string }
}

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
  const inputId = useId()
  // The challenge's text saved as a file; a later failed request keeps the one asked before.
  const asking = useAction<void, CertChallenge>(
    async () => {
      const c = await newChallenge()
      saveBlob(new Blob([c.nonce], { type: "text/plain" }), `challenge-${c.id}.txt`)
      return c
    },
    { onDone: () => onUploaded(null) },
  )
  const challenge = asking.output ?? null
  const error = asking.failed || asking.refused ? (asking.error?.message ?? null) : null
  return (
    <section className={css.section} aria-labelledby="bind-by-file">
      <h2 id="bind-by-file" className={css.sectionTitle}>
        {t.byFile}
      </h2>
      <p className={css.note}>{t.fileIntro}</p>
      <div className={css.row}>
        <Button variant="secondary" onClick={() => asking.run()} {...asking.trigger}>
          {t.downloadChallenge}
        </Button>
        {challenge && (
          <span className={css.note} role="status">
            {t.challengeReady(clockTime(challenge.expires_at))}
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
