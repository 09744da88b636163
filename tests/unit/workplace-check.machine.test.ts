import { describe, expect, test } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import type { ListedCertificate } from "../../machines/certificate-list.machine.ts"
import { type CertificateCheck, type Detection, workplaceCheckMachine, workplaceProblems } from "../../machines/workplace-check.machine.ts"
import { DAY, listedCertificate as cert } from "../support/listed-certificate.ts"

describe("workplace check machine", () => {
  const start = (detection: Detection, list: readonly ListedCertificate[], checks: Record<string, CertificateCheck | null>) =>
    createActor(
      workplaceCheckMachine.provide({
        actors: {
          detect: fromPromise(async () => detection),
          listCertificates: fromPromise(async () => list),
          checkCertificates: fromPromise(async () => checks),
        },
      }),
    ).start()

  test("no plug-in: straight to the report, one fix: install it", async () => {
    const actor = start({ plugin: "absent", pluginVersion: null, cspVersion: null, error: null }, [cert("a")], {})
    await waitFor(actor, (s) => s.matches("report"))
    expect(actor.getSnapshot().context.certificates).toEqual([])
    expect(workplaceProblems(actor.getSnapshot().context)).toEqual([{ kind: "plugin" }])
  })

  test("a plug-in that does not load: enable the extension", async () => {
    const actor = start({ plugin: "failed", pluginVersion: null, cspVersion: null, error: "Плагин недоступен" }, [], {})
    await waitFor(actor, (s) => s.matches("report"))
    expect(workplaceProblems(actor.getSnapshot().context)).toEqual([{ kind: "extension", error: "Плагин недоступен" }])
  })

  test("listed and checked: untrusted, expired and revoked certificates each get their fix; RECHECK starts over", async () => {
    const list = [cert("good"), cert("foreign"), cert("old", { validTo: new Date(Date.now() - DAY) }), cert("gone")]
    const ok: CertificateCheck = { trusted: true, withinValidity: true, revoked: false, verdict: "Сертификат действителен" }
    const checks = { GOOD: ok, FOREIGN: { ...ok, trusted: false }, OLD: { ...ok, withinValidity: false }, GONE: { ...ok, revoked: true } }
    const actor = start({ plugin: "ready", pluginVersion: "2.0", cspVersion: null, error: null }, list, checks)
    await waitFor(actor, (s) => s.matches("report"))
    expect(actor.getSnapshot().context.checks).toEqual(checks)
    expect(workplaceProblems(actor.getSnapshot().context)).toEqual([
      { kind: "csp" },
      { kind: "root", name: "foreign" },
      { kind: "expired", name: "old" },
      { kind: "revoked", name: "gone" },
    ])
    actor.send({ type: "RECHECK" })
    expect(actor.getSnapshot().value).toBe("detecting")
    expect(actor.getSnapshot().context.certificates).toEqual([])
    await waitFor(actor, (s) => s.matches("report"))
  })

  test("no certificate with a key: connect the token", async () => {
    const actor = start({ plugin: "ready", pluginVersion: "2.0", cspVersion: "5.0", error: null }, [], {})
    await waitFor(actor, (s) => s.matches("report"))
    expect(workplaceProblems(actor.getSnapshot().context)).toEqual([{ kind: "token" }])
  })
})
