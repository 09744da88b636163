import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { levelUpMachine, type CodeSent } from "../../machines/level-up.machine.ts"

function start(requestCode: () => Promise<CodeSent>, improveSession: (p: { password: string; code: string }) => Promise<unknown>) {
  const actor = createActor(
    levelUpMachine.provide({
      actors: {
        requestCode: fromPromise<CodeSent, void>(() => requestCode()),
        improveSession: fromPromise<unknown, { password: string; code: string }>(({ input }) => improveSession(input)),
      },
    }),
  )
  const raised = vi.fn()
  actor.on("levelRaised", raised)
  return { actor: actor.start(), raised }
}

const sent = { phone: "+7 (9**) ***-**-02", expires_in: 300 }

describe("level-up machine", () => {
  test("requests a code, verifies it with the password, emits the new JWT", async () => {
    const improve = vi.fn(async () => ({ jwt: "lvl2" }))
    const { actor, raised } = start(async () => sent, improve)
    expect(actor.getSnapshot().value).toBe("requestingCode")
    await waitFor(actor, (s) => s.matches("codeSent"))
    expect(actor.getSnapshot().context.phone).toBe(sent.phone)
    actor.send({ type: "VERIFY", password: "pw", code: "123456" })
    expect(actor.getSnapshot().value).toBe("verifying")
    await waitFor(actor, (s) => s.status === "done")
    expect(improve).toHaveBeenCalledWith({ password: "pw", code: "123456" })
    expect(raised).toHaveBeenCalledWith({ type: "levelRaised", answer: { jwt: "lvl2" } })
  })

  test("a wrong code fails with the message; a new try or a new code", async () => {
    const improve = vi.fn<(p: { password: string; code: string }) => Promise<unknown>>().mockRejectedValueOnce({ message: "Неверный код из SMS" })
    improve.mockResolvedValueOnce({ jwt: "lvl2" })
    const request = vi.fn(async () => sent)
    const { actor } = start(request, improve)
    await waitFor(actor, (s) => s.matches("codeSent"))
    actor.send({ type: "VERIFY", password: "pw", code: "000000" })
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.error).toBe("Неверный код из SMS")
    actor.send({ type: "RESEND" })
    await waitFor(actor, (s) => s.matches("codeSent"))
    expect(request).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.send({ type: "VERIFY", password: "pw", code: "111111" })
    await waitFor(actor, (s) => s.matches("done"))
  })

  test("a refused code request fails; verifying is still possible", async () => {
    const { actor } = start(async () => Promise.reject({ message: "Слишком много попыток. Повторите через 15 минут." }), async () => ({ jwt: "x" }))
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.error).toContain("Слишком много")
    actor.send({ type: "VERIFY", password: "pw", code: "123456" })
    await waitFor(actor, (s) => s.matches("done"))
  })

  test("a refused code keeps the failure's status and field errors for the form", async () => {
    const refused = { message: "phone_code Неверный код из SMS", status: 422, details: { phone_code: ["Неверный код из SMS"] } }
    const { actor } = start(async () => sent, () => Promise.reject(refused))
    await waitFor(actor, (s) => s.matches("codeSent"))
    actor.send({ type: "VERIFY", password: "pw", code: "000000" })
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.failure).toEqual(refused)
    actor.send({ type: "RESEND" })
    expect(actor.getSnapshot().context.failure).toBeNull()
  })
})
