import { definePreset } from "./types.ts"

/**
 * Preset `auth_vector_frm`: the code word (authentication vector) the holder chose when the
 * certificate was issued; asked as the second step of a sign-in by certificate and when suspending a
 * certificate by phone. Capital Latin letters and digits (SPEC.md section 5, "code word").
 */
export const auth_vector_frm = definePreset({
  id: "auth_vector_frm",
  fields: [
    {
      name: "vector",
      type: "input",
      label: "Кодовое слово",
      placeholder: "Например, KOD2024",
      validations: ["required", "authenticationVector", { name: "minLength", args: [4] }, { name: "maxLength", args: [32] }],
      attributes: { autoComplete: "off", hint: "Заглавные латинские буквы и цифры, как в заявлении на выпуск сертификата" },
    },
    { name: "submit", type: "submit", label: "Подтвердить", attributes: { variant: "primary" } },
  ],
})
