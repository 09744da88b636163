import { useMachine } from "@xstate/react"
import { useState } from "react"
import { fromCallback } from "xstate"
import { type CheckEvent, type CheckFiles, type CheckMode, signatureCheckMachine } from "../../../machines/signature-check.machine.ts"
import { validationMessages } from "../../../schemas/messages/validation.ts"
import { Button } from "../../ui/Button.tsx"
import { FilePicker, RadioGroupField } from "../forms/index.ts"
import * as page from "../../ui/page.css.ts"
import { sendCheck } from "./check-api.ts"
import { PdfReportView } from "./PdfReport.tsx"
import { CertificateReportView, SignatureReportView } from "./Report.tsx"
import { isCertificateView, isPdfView, isSignatureView } from "./report-types.ts"
import * as css from "./validation.css.ts"

const t = validationMessages.page

/** The inputs of each mode: the API's field name, its label, whether it is required, what it accepts. */
const INPUTS: Readonly<Record<CheckMode, readonly { name: string; label: string; required: boolean; accept: string }[]>> = {
  certificate: [{ name: "file", label: t.certificateFile, required: true, accept: ".cer,.crt,.pem,.der,.txt" }],
  signature: [
    { name: "signature", label: t.signatureFile, required: true, accept: ".sig,.sgn,.p7s,.p7m,.pem,.der,.txt,.pdf" },
    { name: "document", label: t.documentFile, required: false, accept: "" },
  ],
}

/** A PDF chosen as the signature carries its signatures and what they sign: no document is asked for. */
const isPdfFile = (file: File | undefined) => file !== undefined && (file.type === "application/pdf" || /\.pdf$/i.test(file.name))

const MODES: readonly CheckMode[] = ["signature", "certificate"]
const MODE_FIELD = { name: "mode", type: "radiogroup", label: t.modeLabel } as const
const MODE_OPTIONS = MODES.map((m) => ({ value: m, label: m === "signature" ? t.modeSignature : t.modeCertificate }))
const noop = () => {}

/** The machine with its sender: the API over XMLHttpRequest, aborted when the flow leaves `sending`. */
const checker = signatureCheckMachine.provide({
  actors: { send: fromCallback<CheckEvent, { mode: CheckMode; files: CheckFiles }>(({ input, sendBack }) => sendCheck(input.mode, input.files, sendBack)) },
})

/**
 * 'Проверка электронной подписи': a certificate, or a signature with its document, sent to
 * the validation API with the upload's progress; the result in words and colours, printable (the
 * form, the header and the footer do not print).
 */
export function ValidationPage({ title }: { title: string }) {
  const [state, send] = useMachine(checker)
  const { mode, progress, report, message, errors } = state.context
  const sending = state.matches("sending")

  // The chosen files by the API's field name; a new mode or a new check starts with none.
  const [picked, setPicked] = useState<Readonly<Record<string, File>>>({})
  const pick = (name: string, file: File | null) =>
    setPicked((now) => {
      const { [name]: _, ...rest } = now
      return file ? { ...rest, [name]: file } : rest
    })

  const pdfChosen = mode === "signature" && isPdfFile(picked.signature)
  const inputs = INPUTS[mode].filter((input) => !(pdfChosen && input.name === "document"))

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const files: Record<string, File> = {}
    for (const input of inputs) if (picked[input.name]) files[input.name] = picked[input.name]!
    const missing: Record<string, string[]> = {}
    for (const input of inputs) if (input.required && !files[input.name]) missing[input.name] = [t.chooseFile]
    send({ type: "SUBMIT", files, errors: missing })
  }

  return (
    <>
      <h1 className={page.title}>{title}</h1>
      <p className={`${page.lead} ${css.noPrint}`}>{t.lead}</p>
      {!state.matches("result") && (
        <form className={css.form} onSubmit={submit} noValidate aria-busy={sending}>
          <RadioGroupField
            field={MODE_FIELD}
            id="svs-mode"
            value={mode}
            errors={[]}
            disabled={sending}
            options={MODE_OPTIONS}
            form={{}}
            onChange={(m) => {
              setPicked({})
              send({ type: "MODE", mode: String(m) as CheckMode })
            }}
            onBlur={noop}
            onHandler={noop}
          />
          {inputs.map((input) => (
            <FilePicker
              key={`${mode}-${input.name}`}
              id={`svs-${input.name}`}
              name={input.name}
              label={input.label}
              accept={input.accept}
              file={picked[input.name] ?? null}
              errors={errors[input.name] ?? []}
              disabled={sending}
              onChange={(file) => pick(input.name, file)}
            />
          ))}
          {pdfChosen && <p className={css.hint}>{validationMessages.pdf.page.noDocument}</p>}
          {sending && (
            <>
              <progress className={css.progress} max={100} value={progress} aria-label={t.uploading(progress)} />
              <p role="status">{progress < 100 ? t.uploading(progress) : t.checking}</p>
            </>
          )}
          {state.matches("failed") && message && (
            <p role="alert" className={css.error}>
              {message}
            </p>
          )}
          <div className={css.actions}>
            {state.matches("failed") ? (
              <>
                <Button variant="accent" onClick={() => send({ type: "RETRY" })}>
                  {t.retry}
                </Button>
                <Button onClick={() => send({ type: "EDIT" })}>{t.again}</Button>
              </>
            ) : (
              <Button type="submit" variant="accent" disabled={sending}>
                {t.submit}
              </Button>
            )}
            {sending && <Button onClick={() => send({ type: "CANCEL" })}>{t.cancel}</Button>}
          </div>
        </form>
      )}
      {state.matches("result") && (
        <section className={css.result} aria-labelledby="svs-result">
          <h2 className={page.sectionTitle} id="svs-result">
            {t.result}
          </h2>
          {isPdfView(report) ? <PdfReportView report={report} /> : isSignatureView(report) ? <SignatureReportView report={report} /> : isCertificateView(report) ? <CertificateReportView report={report} /> : null}
          <div className={css.actions}>
            <Button variant="accent" onClick={() => window.print()}>
              {t.print}
            </Button>
            <Button
              onClick={() => {
                setPicked({})
                send({ type: "EDIT" })
              }}
            >
              {t.again}
            </Button>
          </div>
        </section>
      )}
    </>
  )
}
