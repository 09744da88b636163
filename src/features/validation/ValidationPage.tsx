import { useMachine } from "@xstate/react"
import { fromCallback } from "xstate"
import { type CheckEvent, type CheckFiles, type CheckMode, signatureCheckMachine } from "../../../machines/signature-check.machine.ts"
import { validationMessages } from "../../../schemas/validation-messages.ts"
import { Button } from "../../ui/Button.tsx"
import * as page from "../../ui/page.css.ts"
import { sendCheck } from "./check-api.ts"
import { CertificateReportView, SignatureReportView } from "./Report.tsx"
import { isCertificateView, isSignatureView } from "./report-types.ts"
import * as css from "./validation.css.ts"

const t = validationMessages.page

/** The inputs of each mode: the API's field name, its label, whether it is required, what it accepts. */
const INPUTS: Readonly<Record<CheckMode, readonly { name: string; label: string; required: boolean; accept: string }[]>> = {
  certificate: [{ name: "file", label: t.certificateFile, required: true, accept: ".cer,.crt,.pem,.der,.txt" }],
  signature: [
    { name: "signature", label: t.signatureFile, required: true, accept: ".sig,.sgn,.p7s,.p7m,.pem,.der,.txt" },
    { name: "document", label: t.documentFile, required: false, accept: "" },
  ],
}

/** The machine with its sender: the API over XMLHttpRequest, aborted when the flow leaves `sending`. */
const checker = signatureCheckMachine.provide({
  actors: { send: fromCallback<CheckEvent, { mode: CheckMode; files: CheckFiles }>(({ input, sendBack }) => sendCheck(input.mode, input.files, sendBack)) },
})

/**
 * 'Проверка электронной подписи' (issue 11): a certificate, or a signature with its document, sent to
 * the validation API with the upload's progress; the result in words and colours, printable (the
 * form, the header and the footer do not print).
 */
export function ValidationPage({ title }: { title: string }) {
  const [state, send] = useMachine(checker)
  const { mode, progress, report, message, errors } = state.context
  const sending = state.matches("sending")

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const files: Record<string, File> = {}
    for (const input of e.currentTarget.querySelectorAll<HTMLInputElement>('input[type="file"]')) {
      const picked = input.files?.[0]
      if (picked) files[input.name] = picked
    }
    const missing: Record<string, string[]> = {}
    for (const input of INPUTS[mode]) if (input.required && !files[input.name]) missing[input.name] = [t.chooseFile]
    send({ type: "SUBMIT", files, errors: missing })
  }

  return (
    <>
      <h1 className={page.title}>{title}</h1>
      <p className={`${page.lead} ${css.noPrint}`}>{t.lead}</p>
      {!state.matches("result") && (
        <form className={css.form} onSubmit={submit} noValidate aria-busy={sending}>
          <fieldset className={css.modes} disabled={sending}>
            <legend className={css.legend}>{t.modeLabel}</legend>
            {(["signature", "certificate"] as const).map((m) => (
              <label key={m} className={css.radio}>
                <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => send({ type: "MODE", mode: m })} />
                {m === "signature" ? t.modeSignature : t.modeCertificate}
              </label>
            ))}
          </fieldset>
          {INPUTS[mode].map((input) => {
            const id = `svs-${input.name}`
            const error = errors[input.name]?.[0]
            return (
              <div key={`${mode}-${input.name}`} className={css.file}>
                <label htmlFor={id} className={css.fileLabel}>
                  {input.label}
                </label>
                <input
                  id={id}
                  name={input.name}
                  type="file"
                  className={css.input}
                  disabled={sending}
                  {...(input.accept ? { accept: input.accept } : {})}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  aria-required={input.required}
                />
                {error && (
                  <p id={`${id}-error`} className={css.error}>
                    {error}
                  </p>
                )}
              </div>
            )
          })}
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
          {isSignatureView(report) ? <SignatureReportView report={report} /> : isCertificateView(report) ? <CertificateReportView report={report} /> : null}
          <div className={css.actions}>
            <Button variant="accent" onClick={() => window.print()}>
              {t.print}
            </Button>
            <Button onClick={() => send({ type: "EDIT" })}>{t.again}</Button>
          </div>
        </section>
      )}
    </>
  )
}
