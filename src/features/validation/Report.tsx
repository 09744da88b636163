import { validationMessages } from "../../../schemas/messages/validation.ts"
import { CertificateName } from "./CertificateName.tsx"
import type { CertificateView, SignatureView, SignerView } from "./report-types.ts"
import * as css from "./validation.css.ts"

const t = validationMessages.page
const f = t.fields

type Tone = keyof typeof css.tone
const toneOf = (ok: boolean | null): Tone => (ok === null ? "neutral" : ok ? "good" : "bad")

/** A status in words on its colour (never colour alone). */
export function Status({ ok, text }: { ok: boolean | null; text: string }) {
  return <span className={`${css.badge} ${css.tone[toneOf(ok)]}`}>{text}</span>
}

export function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className={css.term}>{term}</dt>
      <dd className={css.value}>{children}</dd>
    </>
  )
}

function Names({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <>{t.none}</>
  return (
    <ul className={css.list}>
      {items.map((x) => (
        <li key={x}>{x}</li>
      ))}
    </ul>
  )
}

/** A certificate's facts: owner, issuer, serial, validity, key, usage, chain and revocation. */
export function CertificateFacts({ report }: { report: CertificateView }) {
  const revocationOk = report.revocation.status === "good" ? true : report.revocation.status === "not_checked" ? null : false
  return (
    <dl className={css.facts}>
      <Fact term={f.verdict}>
        <Status ok={report.valid} text={report.verdict} />
      </Fact>
      <Fact term={f.subject}>
        <CertificateName name={report.subject.readable} />
      </Fact>
      <Fact term={f.issuer}>
        <CertificateName name={report.issuer.readable} />
      </Fact>
      <Fact term={f.serial}>{report.serial}</Fact>
      <Fact term={f.thumbprint}>{report.thumbprint}</Fact>
      <Fact term={f.validity}>
        <Status ok={report.withinValidity} text={report.validity} />
      </Fact>
      <Fact term={f.publicKey}>{report.publicKey}</Fact>
      <Fact term={f.signatureAlgorithm}>{report.signatureAlgorithm}</Fact>
      <Fact term={f.keyUsage}>
        <Names items={report.keyUsage} />
      </Fact>
      <Fact term={f.extendedKeyUsage}>
        <Names items={report.extendedKeyUsage} />
      </Fact>
      <Fact term={f.policies}>
        <Names items={report.policies} />
      </Fact>
      <Fact term={f.chain}>
        <Status ok={report.chain.status === "trusted"} text={report.chain.text} />
        <Names items={report.chain.certificates.map((c) => c.name)} />
      </Fact>
      <Fact term={f.revocation}>
        <Status ok={revocationOk} text={report.revocation.reasonText ? `${report.revocation.text} (${report.revocation.reasonText})` : report.revocation.text} />
      </Fact>
    </dl>
  )
}

/** A signer's facts: the verdict (unless the caller shows one), times, digest, signature value, then the certificate's. */
export function SignerFacts({ signer, verdict = true }: { signer: SignerView; verdict?: boolean }) {
  return (
    <>
      <dl className={css.facts}>
        {verdict && (
          <Fact term={f.verdict}>
            <Status ok={signer.valid} text={signer.verdict} />
          </Fact>
        )}
        <Fact term={f.signingTime}>{signer.signingTime?.text ?? t.none}</Fact>
        {signer.timestampCheck && (
          <Fact term={f.timestamp}>
            {signer.timestampCheck.time && <span className={css.nameLine}>{signer.timestampCheck.time.text}</span>}
            <Status ok={signer.timestampCheck.valid} text={signer.timestampCheck.verdict} />
          </Fact>
        )}
        {signer.timestampCheck?.tsa && (
          <Fact term={f.tsa}>
            <CertificateName name={signer.timestampCheck.tsa.readable} />
          </Fact>
        )}
        <Fact term={f.digestAlgorithm}>{signer.digestAlgorithm}</Fact>
        <Fact term={f.digest}>
          <Status ok={signer.digestMatches} text={signer.digestText} />
        </Fact>
        <Fact term={f.signatureValue}>
          <Status ok={signer.signatureValid} text={signer.signatureText} />
        </Fact>
      </dl>
      {signer.certificate && (
        <div className={css.spaced}>
          <CertificateFacts report={signer.certificate} />
        </div>
      )}
    </>
  )
}

function SignerBlock({ signer, n }: { signer: SignerView; n: number }) {
  return (
    <section className={css.block} aria-labelledby={`signer-${n}`}>
      <h3 className={css.blockTitle} id={`signer-${n}`}>
        {t.signer(n)}
      </h3>
      <SignerFacts signer={signer} />
    </section>
  )
}

/** The verdict of the whole check, then the details. */
export function Verdict({ ok, text }: { ok: boolean | null; text: string }) {
  return (
    <p className={`${css.verdict} ${css.tone[toneOf(ok)]}`} role="status">
      {text}
    </p>
  )
}

export function SignatureReportView({ report }: { report: SignatureView }) {
  const needsDocument = report.detached && report.signers.every((s) => s.digestMatches === null)
  return (
    <>
      <Verdict ok={needsDocument ? null : report.valid} text={report.verdict} />
      <dl className={`${css.facts} ${css.kind}`}>
        <Fact term={f.detached}>{report.kind}</Fact>
      </dl>
      {report.signers.map((s, i) => (
        <SignerBlock key={i} signer={s} n={i + 1} />
      ))}
    </>
  )
}

export function CertificateReportView({ report }: { report: CertificateView }) {
  return (
    <>
      <Verdict ok={report.valid} text={report.verdict} />
      <section className={css.block}>
        <CertificateFacts report={report} />
      </section>
    </>
  )
}
