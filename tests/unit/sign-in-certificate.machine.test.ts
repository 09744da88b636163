import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { type CertificateStep, CERTIFICATE_CREDENTIALS, type PendingVector, signInMachine } from "../../machines/sign-in.machine.ts"

describe("sign-in machine: the certificate way", () => {
  const pending: PendingVector = { challengeId: "7", nonce: "n" }
  function start(step: () => Promise<CertificateStep>, vector: (p: PendingVector & { vector: string }) => Promise<unknown>) {
    const actor = createActor(
      signInMachine.provide({
        actors: {
          certificateSignIn: fromPromise<CertificateStep, { thumbprint: string }>(() => step()),
          verifyVector: fromPromise<unknown, PendingVector & { vector: string }>(({ input }) => vector(input)),
        },
      }),
      { input: {} },
    )
    const signedIn = vi.fn()
    actor.on("signedIn", signedIn)
    return { actor: actor.start(), signedIn }
  }

  test("without a code word: the session at once, emitted with a session cookie's credentials", async () => {
    const { actor, signedIn } = start(async () => ({ answer: { jwt: "t" } }), async () => null)
    actor.send({ type: "SUBMIT_CERTIFICATE", thumbprint: "AB" })
    expect(actor.getSnapshot().value).toBe("signingCertificate")
    await waitFor(actor, (s) => s.matches("success"))
    expect(signedIn).toHaveBeenCalledWith({ type: "signedIn", answer: { jwt: "t" }, credentials: CERTIFICATE_CREDENTIALS })
  })

  test("the code word: a wrong one stays with its message, the right one signs in", async () => {
    const vector = vi.fn<(p: PendingVector & { vector: string }) => Promise<unknown>>().mockRejectedValueOnce({ message: "Неверное кодовое слово", status: 422, details: { vector: ["Неверное кодовое слово"] } }).mockResolvedValueOnce({ jwt: "t" })
    const { actor, signedIn } = start(async () => ({ vector: pending }), vector)
    actor.send({ type: "SUBMIT_CERTIFICATE", thumbprint: "AB" })
    await waitFor(actor, (s) => s.matches("vector"))
    expect(actor.getSnapshot().context.pending).toEqual(pending)
    actor.send({ type: "SUBMIT_VECTOR", vector: "WRONG1" })
    await waitFor(actor, (s) => s.matches("vector") && s.context.error !== null)
    expect(actor.getSnapshot().context.details).toEqual({ vector: ["Неверное кодовое слово"] })
    actor.send({ type: "SUBMIT_VECTOR", vector: "KOD2026" })
    await waitFor(actor, (s) => s.matches("success"))
    expect(vector).toHaveBeenLastCalledWith({ ...pending, vector: "KOD2026" })
    expect(signedIn).toHaveBeenCalledTimes(1)
  })

  test("a spent challenge ends in failure; a new certificate submit starts over", async () => {
    const step = vi.fn<() => Promise<CertificateStep>>().mockResolvedValueOnce({ vector: pending }).mockRejectedValueOnce({ message: "Сертификат не привязан к личному кабинету", status: 422, details: { certificate: ["x"] } })
    const { actor } = start(step, async () => Promise.reject({ message: "Слишком много", status: 422, details: { challenge_id: ["Слишком много"] } }))
    actor.send({ type: "SUBMIT_CERTIFICATE", thumbprint: "AB" })
    await waitFor(actor, (s) => s.matches("vector"))
    actor.send({ type: "SUBMIT_VECTOR", vector: "X" })
    await waitFor(actor, (s) => s.matches("failure"))
    expect(actor.getSnapshot().context).toMatchObject({ error: "Слишком много", pending: null })
    actor.send({ type: "SUBMIT_CERTIFICATE", thumbprint: "CD" })
    await waitFor(actor, (s) => s.matches("failure") && s.context.error === "Сертификат не привязан к личному кабинету")
  })
})
