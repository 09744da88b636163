import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { Link } from "wouter"
import { fromPromise, type SnapshotFrom } from "xstate"
import { type CertificateStep, type Credentials, type PendingVector, signInMachine } from "../../../machines/sign-in.machine.ts"
import { auth_cert_frm } from "../../../schemas/forms/auth_cert_frm.ts"
import { auth_vector_frm } from "../../../schemas/forms/auth_vector_frm.ts"
import { signerMessages as t } from "../../../schemas/messages/signer.ts"
import { Form, submitThrough } from "../forms/index.ts"
import { requirePluginSigner } from "./cadesplugin.ts"
import { CertificateListStatus } from "./CertificateListStatus.tsx"
import { asCertificateFailure } from "./failures.ts"
import { createChallenge, signInByCertificate, signInVector } from "./signer-api.ts"
import * as css from "./signer.css.ts"
import { usePluginCertificates } from "./use-certificates.ts"

/** Step 1: a sign_in challenge signed by the chosen certificate, then the server's answer (the session, or the code word asked). */
async function certificateStep(thumbprint: string): Promise<CertificateStep> {
  try {
    const signer = await requirePluginSigner()
    const challenge = await createChallenge("sign_in")
    const signature = await signer.signDetached(thumbprint, challenge.nonce)
    const answer = await signInByCertificate(challenge.id, signature)
    const asked = (answer as { vector_required?: boolean; challenge_id?: string }).vector_required === true
    return asked ? { vector: { challengeId: String((answer as { challenge_id: string }).challenge_id), nonce: challenge.nonce } } : { answer }
  } catch (e) {
    throw asCertificateFailure(e)
  }
}

const vectorStep = (p: PendingVector & { vector: string }) => signInVector(p.challengeId, p.nonce, p.vector)

type Snap = SnapshotFrom<typeof signInMachine>
const failedOf = (s: Snap) => ({ failed: { message: s.context.error ?? "", status: s.context.status ?? undefined, details: s.context.details ?? undefined } })

/** Step 1 settles at the code word (done here: the form changes), at success, or at its failure. */
const certificateSettled = (s: Snap) => (s.matches("success") || s.matches("vector") ? { done: null } : s.matches("failure") ? failedOf(s) : null)
/** Step 2 settles at success, at a wrong code word (back in `vector` with its error) or a spent challenge. */
const vectorSettled = (s: Snap) => (s.matches("success") ? { done: null } : s.matches("vector") || s.matches("failure") ? failedOf(s) : null)

const certificateFields = new Set(auth_cert_frm.fields.map((f) => f.name))

/**
 * What a failure says that no field of the certificate's form shows: the message of one without field
 * errors, or the errors of fields it has not (a challenge spent by wrong code words, whose form is gone).
 */
function outsideTheForm({ error, details }: Snap["context"]): string | null {
  if (details === null) return error
  const told = Object.entries(details).flatMap(([name, v]) => (certificateFields.has(name) || !Array.isArray(v) ? [] : v.map(String)))
  return told.length > 0 ? told.join(" ") : null
}

/**
 * 'Войти по сертификату' (auth_cert_frm, then auth_vector_frm): the second way of the sign-in
 * machine. The host passes what a password sign-in does after success (keep the session, navigate).
 */
export function CertSignInForm({ onSignedIn }: { onSignedIn: (answer: unknown, c: Credentials) => void }) {
  const certs = usePluginCertificates()
  const actor = useActorRef(
    signInMachine.provide({
      actors: {
        certificateSignIn: fromPromise<CertificateStep, { thumbprint: string }>(({ input }) => certificateStep(input.thumbprint)),
        verifyVector: fromPromise<unknown, PendingVector & { vector: string }>(({ input }) => vectorStep(input)),
      },
    }),
    { input: {} },
  )
  useEffect(() => {
    const sub = actor.on("signedIn", (e) => onSignedIn(e.answer, e.credentials))
    return () => sub.unsubscribe()
  }, [actor, onSignedIn])
  const askingVector = useSelector(actor, (s) => s.matches("vector") || s.matches("verifyingVector"))
  const failure = useSelector(actor, (s) => (s.matches("failure") ? outsideTheForm(s.context) : null))
  if (askingVector) {
    return (
      <div className={css.section}>
        <p className={css.note}>{t.vectorIntro}</p>
        <Form
          id="cert-sign-in-vector"
          preset={auth_vector_frm}
          aria-label={t.signInByCertificate}
          submit={(values) => submitThrough(actor, { type: "SUBMIT_VECTOR", vector: String(values.vector ?? "") }, vectorSettled)}
        />
      </div>
    )
  }
  return (
    <div className={css.section}>
      <CertificateListStatus loading={certs.loading} error={certs.error} empty={certs.options.length === 0} />
      {failure && (
        <p className={css.error} role="alert">
          {failure}
        </p>
      )}
      <Form
        id="cert-sign-in"
        preset={auth_cert_frm}
        aria-label={t.signInByCertificate}
        options={{ certificates: certs.options }}
        handlers={{ loadCertificates: certs.refresh }}
        submit={(values) => submitThrough(actor, { type: "SUBMIT_CERTIFICATE", thumbprint: String(values.certificate ?? "") }, certificateSettled)}
      />
      <Link href="/workplace_check" className={css.link}>
        {t.checkWorkplace}
      </Link>
    </div>
  )
}
