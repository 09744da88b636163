import { crmMessages } from "../messages/crm.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `admin_otp_frm`: the staff's one-time code (docs/auth.md, "Staff second factor") — the CRM
 * sign-in's code step and the first code of an enrolment, at the sign-in and in the CRM's section
 * 'Вход с одноразовым кодом'. Six digits from the authenticator app, or a recovery code (XXXXX-XXXXX)
 * where the server takes one; the server tells which it refused.
 */
export const admin_otp_frm = definePreset({
  id: "admin_otp_frm",
  fields: [
    {
      name: "otp",
      type: "input",
      label: crmMessages.totp.codeLabel,
      validations: ["required", { name: "maxLength", args: [16] }],
      attributes: { inputMode: "numeric", autoComplete: "one-time-code", maxLength: 16, hint: crmMessages.totp.codeHint },
    },
    { name: "submit", type: "submit", label: crmMessages.totp.submit, attributes: { variant: "primary" } },
  ],
})
