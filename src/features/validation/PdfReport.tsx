import { validationMessages } from "../../../schemas/messages/validation.ts"
import { CertificateName } from "./CertificateName.tsx"
import { Fact, SignerFacts, Status, Verdict } from "./Report.tsx"
import type { PdfSignatureView, PdfView } from "./report-types.ts"
import * as css from "./validation.css.ts"

const t = validationMessages.page
const p = validationMessages.pdf.page

const changesTone = (s: PdfSignatureView) => (s.changes === "none" ? true : s.changes === "signatures" ? null : false)

/** One signature of the PDF: the verdict, who signed and when, what came after it, then the signer's details. */
function PdfSignatureBlock({ signature, n }: { signature: PdfSignatureView; n: number }) {
  const subject = signature.signer?.certificate?.subject.readable
  return (
    <section className={css.block} aria-labelledby={`pdf-signature-${n}`}>
      <h3 className={css.blockTitle} id={`pdf-signature-${n}`}>
        {p.signature(n)}
      </h3>
      <dl className={css.facts}>
        <Fact term={t.fields.verdict}>
          <Status ok={signature.valid} text={signature.verdict} />
        </Fact>
        <Fact term={p.signer}>{subject ? <CertificateName name={subject} /> : p.noSigner}</Fact>
        {signature.time && <Fact term={p.pdfTime}>{signature.time.text}</Fact>}
        {signature.changesText && (
          <Fact term={p.changes}>
            <Status ok={changesTone(signature)} text={signature.changesText} />
          </Fact>
        )}
        <Fact term={p.format}>{signature.format ?? t.none}</Fact>
      </dl>
      {signature.signer && (
        <div className={css.spaced}>
          <SignerFacts signer={signature.signer} verdict={false} />
        </div>
      )}
    </section>
  )
}

/** A PDF's signatures: the verdict of all, then each «Подпись N». */
export function PdfReportView({ report }: { report: PdfView }) {
  return (
    <>
      <Verdict ok={report.valid} text={report.verdict} />
      <dl className={`${css.facts} ${css.kind}`}>
        <Fact term={t.fields.detached}>{p.kind}</Fact>
        <Fact term={p.revisions}>{report.revisions}</Fact>
      </dl>
      {report.signatures.map((s, i) => (
        <PdfSignatureBlock key={i} signature={s} n={i + 1} />
      ))}
    </>
  )
}
