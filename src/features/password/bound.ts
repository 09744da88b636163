import { fromPromise } from "xstate"
import { passwordResetMachine } from "../../../machines/password-reset.machine.ts"
import { alertFailure, changePassword, requestReset } from "./password-api.ts"

/** The password-reset machine with the API calls and the section 8 alert; the view adds notifyChanged. */
export const boundPasswordResetMachine = passwordResetMachine.provide({
  actors: {
    requestReset: fromPromise(({ input }: { input: { email: string } }) => requestReset(input.email)),
    changePassword: fromPromise(({ input }: { input: { token: string; password: string; password_confirmation: string } }) => changePassword(input)),
  },
  actions: {
    reportError: (_, { error }) => alertFailure(error),
  },
})
