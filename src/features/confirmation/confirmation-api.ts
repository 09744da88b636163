import { fromPromise, type SnapshotFrom } from "xstate"
import { type ConfirmationAccount, type Confirmed, signUpMachine } from "../../../machines/sign-up.machine.ts"
import { api, call } from "../../api/client.ts"
import type { Settled } from "../forms/index.ts"
import { alertFailure } from "../password/index.ts"

/** GET /api/v1/users/info/?confirmation_token=…: the account to confirm. */
export const loadAccount = (token: string) =>
  call(async () => (await api<{ data: ConfirmationAccount }>("/api/v1/users/info/", { query: { confirmation_token: token } })).data)

/** POST /api/v1/phone_codes/ { confirmation_token }: the SMS code goes to the account's phone. */
export const sendCode = (token: string) =>
  call(async () => (await api<{ data: { phone: string } }>("/api/v1/phone_codes/", { method: "POST", body: { confirmation_token: token } })).data)

/** POST /api/v1/users/confirmation/ { confirmation_token, phone_code }: confirmed and signed in. */
export const confirm = (token: string, code: string) =>
  call(() => api<Confirmed>("/api/v1/users/confirmation/", { method: "POST", body: { confirmation_token: token, phone_code: code } }))

/** The confirmation machine with its API calls and alerts; the view adds signIn. */
export const boundConfirmationMachine = signUpMachine.provide({
  actors: {
    loadAccount: fromPromise(({ input }: { input: { token: string } }) => loadAccount(input.token)),
    sendCode: fromPromise(({ input }: { input: { token: string } }) => sendCode(input.token)),
    confirm: fromPromise(({ input }: { input: { token: string; code: string } }) => confirm(input.token, input.code)),
  },
  actions: {
    reportError: (_, { error }) => alertFailure(error),
  },
})

/** The confirmation's outcome for the code form: confirmed, or back at the code with the failure. */
export function confirmationSettled(s: SnapshotFrom<typeof signUpMachine>): Settled | null {
  if (s.matches("confirmed")) return { done: null }
  if (s.matches({ ready: "codeSent" }) && s.context.error) return { failed: s.context.error }
  return null
}
