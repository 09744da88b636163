import { assign, fromPromise, setup } from "xstate"

/**
 * The certificates a Signer offers (docs/signer.md): loaded on start (`listCertificates`, provided:
 * the CryptoPro plug-in's personal store), again on REFRESH (the form's 'Обновить список
 * сертификатов', handler `loadCertificates`). `unavailable` keeps the reason (no plug-in, the token's
 * store refused); REFRESH retries from there too.
 */
export interface ListedCertificate {
  /** SHA-1 of the DER, upper-case hex as CryptoPro shows it. */
  readonly thumbprint: string
  readonly subjectName: string
  readonly issuerName: string
  readonly validFrom: Date
  readonly validTo: Date
  readonly hasPrivateKey: boolean
  /** The certificate, Base64 DER. */
  readonly certificate: string
}

export interface CertificateListContext {
  readonly certificates: readonly ListedCertificate[]
  readonly error: string | null
}

export type CertificateListEvent = { type: "REFRESH" }

const messageOf = (e: unknown) => (typeof e === "object" && e !== null && typeof (e as { message?: unknown }).message === "string" ? (e as { message: string }).message : String(e))

export const certificateListMachine = setup({
  types: { context: {} as CertificateListContext, events: {} as CertificateListEvent },
  actors: {
    listCertificates: fromPromise<readonly ListedCertificate[]>(async () => []),
  },
}).createMachine({
  id: "certificateList",
  context: { certificates: [], error: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "listCertificates",
        src: "listCertificates",
        onDone: { target: "ready", actions: assign(({ event }) => ({ certificates: event.output, error: null })) },
        onError: { target: "unavailable", actions: assign(({ event }) => ({ certificates: [], error: messageOf(event.error) })) },
      },
    },
    ready: { on: { REFRESH: "loading" } },
    unavailable: { on: { REFRESH: "loading" } },
  },
})

/** Certificates one can sign with now: with a private key, within validity. */
export const usableCertificates = (list: readonly ListedCertificate[], at: Date = new Date()) =>
  list.filter((c) => c.hasPrivateKey && c.validFrom.getTime() <= at.getTime() && c.validTo.getTime() >= at.getTime())
