import { messages } from "../messages/common.ts"
import { signInChallenge } from "./parts/challenge.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `auth_frm`: the site sign-in ('Вход в личный кабинет' modal, /users/sign_in and
 * /users/director/sign_in): `POST /api/v1/users/sign_in/` with email, password and remember.
 * Only `required` on the password: a sign-in must not tell which password rule an old password breaks.
 * The challenge shows only when the server asks for it (after repeated failures of the account).
 */
export const auth_frm = definePreset({
  id: "auth_frm",
  fields: [
    {
      name: "email",
      type: "input",
      label: messages.access.email,
      placeholder: "name@example.ru",
      mask: "email",
      validations: ["required", "email"],
      attributes: { type: "email", inputMode: "email", autoComplete: "username" },
    },
    {
      name: "password",
      type: "input",
      label: "Пароль",
      validations: ["required"],
      attributes: { type: "password", autoComplete: "current-password" },
    },
    signInChallenge,
    { name: "remember", type: "checkbox", label: "Запомнить меня" },
    {
      name: "forgot",
      type: "button",
      label: "Забыли пароль?",
      attributes: { variant: "link" },
      handlers: { click: "openPasswordReset" },
    },
    { name: "submit", type: "submit", label: "Войти", attributes: { variant: "primary" } },
  ],
})
