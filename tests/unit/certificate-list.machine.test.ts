import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { certificateListMachine, type ListedCertificate, usableCertificates } from "../../machines/certificate-list.machine.ts"
import { DAY, listedCertificate as cert } from "../support/listed-certificate.ts"

describe("certificate list machine", () => {
  test("loads on start, keeps the reason when the plug-in is missing, REFRESH retries", async () => {
    const list = vi.fn<() => Promise<readonly ListedCertificate[]>>().mockRejectedValueOnce(new Error("КриптоПро ЭЦП Browser plug-in не найден")).mockResolvedValueOnce([cert("a")])
    const actor = createActor(certificateListMachine.provide({ actors: { listCertificates: fromPromise(() => list()) } })).start()
    await waitFor(actor, (s) => s.matches("unavailable"))
    expect(actor.getSnapshot().context.error).toBe("КриптоПро ЭЦП Browser plug-in не найден")
    actor.send({ type: "REFRESH" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context).toMatchObject({ error: null, certificates: [{ thumbprint: "A" }] })
  })

  test("only certificates with a key and within validity can sign", () => {
    const list = [cert("ok"), cert("nokey", { hasPrivateKey: false }), cert("old", { validTo: new Date(Date.now() - DAY) }), cert("future", { validFrom: new Date(Date.now() + DAY) })]
    expect(usableCertificates(list).map((c) => c.thumbprint)).toEqual(["OK"])
  })
})
