import { api, call } from "../../api/client.ts"
import { pushAlert } from "../alerts/index.ts"
import { apiFailureText } from "../auth/index.ts"

/** POST /api/v1/users/password/ { user: { email } }: the reset e-mail goes out. */
export const requestReset = (email: string) =>
  call(() => api<{ message?: string }>("/api/v1/users/password/", { method: "POST", body: { user: { email } } }))

/** PUT /api/v1/users/password/: the new password, by the token of the e-mail's link. */
export const changePassword = (input: { token: string; password: string; password_confirmation: string }) =>
  call(() =>
    api<{ message?: string }>("/api/v1/users/password/", {
      method: "PUT",
      body: { user: { reset_password_token: input.token, password: input.password, password_confirmation: input.password_confirmation } },
    }),
  )

/** A failure's section 8 text in the 10 s alert. */
export function alertFailure(error: { message: string; status?: number | undefined; details?: Readonly<Record<string, unknown>> | undefined }): void {
  pushAlert({ text: apiFailureText({ message: error.message, status: error.status, details: error.details as Record<string, unknown> | undefined }), tone: "error", apiError: true })
}
