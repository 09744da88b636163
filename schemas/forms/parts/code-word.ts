import type { FormField } from "../types.ts"
import { heading } from "./order.ts"

/**
 * The code word (authentication vector) of a certificate order (docs/register.md): asked
 * when the holder suspends the certificate by phone and as the second step of a sign-in by
 * certificate (auth_vector_frm has the same rules). Only its argon2id hash is kept, on the issued
 * certificate; the word leaves the order when the certificate is issued and is never shown back.
 */
export const codeWordFields: readonly FormField[] = [
  heading("section_code_word", "Кодовое слово"),
  {
    name: "code_word",
    type: "input",
    label: "Кодовое слово",
    placeholder: "Например, KOD2024",
    validations: ["required", "authenticationVector", { name: "minLength", args: [4] }, { name: "maxLength", args: [32] }],
    attributes: {
      autoComplete: "off",
      hint: "Заглавные латинские буквы и цифры, от 4 до 32 знаков. Его спросят, если вы попросите приостановить сертификат по телефону, и при входе по сертификату",
    },
  },
]
