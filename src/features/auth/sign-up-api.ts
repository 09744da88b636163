import { fromPromise } from "xstate"
import { type SignUpRequest, signUpMachine } from "../../../machines/sign-up.machine.ts"
import { signUpMessages } from "../../../schemas/messages/sign-up.ts"
import { api, call } from "../../api/client.ts"
import { pushAlert } from "../alerts/index.ts"

/** The preset's values the registration reads (the hint, the policy button and the submit are no values). */
const USER_FIELDS = ["fullname", "email", "mobile_phone", "password", "password_confirmation", "agreement", "captcha"] as const

/** POST /api/v1/users/: the same answer for a new and a taken e-mail. */
export const register = ({ values, returnTo, order }: SignUpRequest) =>
  call(() =>
    api<{ message: string }>("/api/v1/users/", {
      method: "POST",
      body: {
        user: Object.fromEntries(USER_FIELDS.map((k) => [k, values[k]])),
        ...(returnTo ? { return_to: returnTo } : {}),
        ...(order ? { order } : {}),
      },
    }),
  )

/** The sign-up machine with its API call and its alert. */
export const boundSignUpMachine = signUpMachine.provide({
  actors: { register: fromPromise<unknown, SignUpRequest>(({ input }) => register(input)) },
  actions: { reportError: (_, { error }) => pushAlert({ text: `${signUpMessages.failed} ${error.message}`, apiError: true }) },
})
