import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { signInMachine, type Credentials } from "../../machines/sign-in.machine.ts"
import { messages } from "../../schemas/messages/common.ts"

const creds: Credentials = { email: "user@demo.local", password: "Demo-2026!x", remember: true }

function start(signIn: (c: Credentials) => Promise<unknown>) {
  const actor = createActor(signInMachine.provide({ actors: { signIn: fromPromise<unknown, Credentials>(({ input }) => signIn(input)) } }), { input: {} })
  const signedIn = vi.fn()
  actor.on("signedIn", signedIn)
  return { actor: actor.start(), signedIn }
}

describe("sign-in machine", () => {
  test("submitting, then success emits the answer and the credentials", async () => {
    let resolve!: (v: unknown) => void
    const { actor, signedIn } = start(() => new Promise((r) => (resolve = r)))
    expect(actor.getSnapshot().value).toBe("idle")
    actor.send({ type: "SUBMIT", credentials: creds })
    expect(actor.getSnapshot().value).toBe("submitting")
    // A second submit while sending is ignored (the button is disabled, the machine agrees).
    actor.send({ type: "SUBMIT", credentials: creds })
    resolve({ jwt: "t" })
    await waitFor(actor, (s) => s.status === "done")
    expect(actor.getSnapshot().value).toBe("success")
    expect(signedIn).toHaveBeenCalledWith({ type: "signedIn", answer: { jwt: "t" }, credentials: creds })
  })

  test("failure keeps the server's message, else the default; a new submit retries", async () => {
    const signIn = vi.fn<(c: Credentials) => Promise<unknown>>().mockRejectedValueOnce({ message: "Подтвердите учетную запись по ссылке из письма", status: 403 })
    signIn.mockRejectedValueOnce({ status: 401 }).mockResolvedValueOnce({ jwt: "t" })
    const { actor, signedIn } = start(signIn)
    actor.send({ type: "SUBMIT", credentials: creds })
    await waitFor(actor, (s) => s.matches("failure"))
    expect(actor.getSnapshot().context.error).toBe("Подтвердите учетную запись по ссылке из письма")
    actor.send({ type: "SUBMIT", credentials: creds })
    await waitFor(actor, (s) => s.matches("failure") && s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe(messages.http.signInFailed)
    actor.send({ type: "SUBMIT", credentials: creds })
    await waitFor(actor, (s) => s.matches("success"))
    expect(signedIn).toHaveBeenCalledTimes(1)
  })

  test("a custom default message and field details", async () => {
    const actor = createActor(
      signInMachine.provide({ actors: { signIn: fromPromise<unknown, Credentials>(async () => Promise.reject({ message: "", details: { email: ["x"] } })) } }),
      { input: { defaultError: "Ошибка" } },
    ).start()
    actor.send({ type: "SUBMIT", credentials: creds })
    await waitFor(actor, (s) => s.matches("failure"))
    expect(actor.getSnapshot().context).toMatchObject({ error: "Ошибка", details: { email: ["x"] } })
  })
})
