import { assign, fromPromise, setup } from "xstate"
import type { ListedCertificate } from "./certificate-list.machine.ts"

/**
 * 'Проверка рабочего места' (docs/signer.md): detects the CryptoPro plug-in and CSP with their
 * versions (`detect`), lists the personal store's certificates (`listCertificates`), checks each
 * one's chain with the validation API (`checkCertificates`), then shows the report and the fixes
 * (`workplaceProblems`, pure). RECHECK runs it all again (a token plugged in, the plug-in installed).
 */
export type PluginStatus = "absent" | "failed" | "ready"

export interface Detection {
  readonly plugin: PluginStatus
  readonly pluginVersion: string | null
  readonly cspVersion: string | null
  readonly error: string | null
}

/** The validation's word on one certificate (null: it could not be checked). */
export interface CertificateCheck {
  readonly trusted: boolean
  readonly withinValidity: boolean
  readonly revoked: boolean
  readonly verdict: string
}

export interface WorkplaceContext {
  readonly detection: Detection | null
  readonly certificates: readonly ListedCertificate[]
  readonly checks: Readonly<Record<string, CertificateCheck | null>>
  readonly listError: string | null
}

export type WorkplaceEvent = { type: "RECHECK" }

export type Problem =
  | { readonly kind: "plugin" }
  | { readonly kind: "extension"; readonly error: string | null }
  | { readonly kind: "csp" }
  | { readonly kind: "token" }
  | { readonly kind: "root"; readonly name: string }
  | { readonly kind: "expired"; readonly name: string }
  | { readonly kind: "revoked"; readonly name: string }

const messageOf = (e: unknown) => (typeof e === "object" && e !== null && typeof (e as { message?: unknown }).message === "string" ? (e as { message: string }).message : String(e))

export const workplaceCheckMachine = setup({
  types: { context: {} as WorkplaceContext, events: {} as WorkplaceEvent },
  actors: {
    detect: fromPromise<Detection>(async () => ({ plugin: "absent", pluginVersion: null, cspVersion: null, error: null })),
    listCertificates: fromPromise<readonly ListedCertificate[]>(async () => []),
    checkCertificates: fromPromise<Readonly<Record<string, CertificateCheck | null>>, readonly ListedCertificate[]>(async () => ({})),
  },
  guards: {
    pluginReady: (_, d: Detection) => d.plugin === "ready",
    anyCertificate: (_, list: readonly ListedCertificate[]) => list.length > 0,
  },
}).createMachine({
  id: "workplaceCheck",
  context: { detection: null, certificates: [], checks: {}, listError: null },
  initial: "detecting",
  states: {
    detecting: {
      entry: assign({ detection: null, certificates: [], checks: {}, listError: null }),
      invoke: {
        id: "detect",
        src: "detect",
        onDone: [
          { guard: { type: "pluginReady", params: ({ event }) => event.output }, target: "listing", actions: assign(({ event }) => ({ detection: event.output })) },
          { target: "report", actions: assign(({ event }) => ({ detection: event.output })) },
        ],
        onError: { target: "report", actions: assign(({ event }) => ({ detection: { plugin: "failed" as const, pluginVersion: null, cspVersion: null, error: messageOf(event.error) } })) },
      },
    },
    listing: {
      invoke: {
        id: "listCertificates",
        src: "listCertificates",
        onDone: [
          { guard: { type: "anyCertificate", params: ({ event }) => event.output }, target: "checking", actions: assign(({ event }) => ({ certificates: event.output })) },
          { target: "report" },
        ],
        onError: { target: "report", actions: assign(({ event }) => ({ listError: messageOf(event.error) })) },
      },
    },
    checking: {
      invoke: {
        id: "checkCertificates",
        src: "checkCertificates",
        input: ({ context }) => context.certificates,
        onDone: { target: "report", actions: assign(({ event }) => ({ checks: event.output })) },
        onError: { target: "report" },
      },
    },
    report: { on: { RECHECK: "detecting" } },
  },
})

/** The common name of a subject line, for the fixes' texts. */
const nameOf = (dn: string) => /(?:^|,\s*)CN=([^,]*)/.exec(dn)?.[1]?.trim() || dn

/** What is wrong with this workplace, in the order to fix it. */
export function workplaceProblems(c: WorkplaceContext, at: Date = new Date()): Problem[] {
  const d = c.detection
  if (!d) return []
  if (d.plugin === "absent") return [{ kind: "plugin" }]
  if (d.plugin === "failed") return [{ kind: "extension", error: d.error }]
  const problems: Problem[] = []
  if (!d.cspVersion) problems.push({ kind: "csp" })
  const withKey = c.certificates.filter((x) => x.hasPrivateKey)
  if (withKey.length === 0) problems.push({ kind: "token" })
  for (const cert of withKey) {
    const name = nameOf(cert.subjectName)
    const check = c.checks[cert.thumbprint]
    if (cert.validTo.getTime() < at.getTime() || (check && !check.withinValidity)) problems.push({ kind: "expired", name })
    else if (check?.revoked) problems.push({ kind: "revoked", name })
    else if (check && !check.trusted) problems.push({ kind: "root", name })
  }
  return problems
}
