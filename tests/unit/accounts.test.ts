import { describe, expect, it } from "vitest"
import { normalizePhone } from "../../schemas/entities/user.ts"
import { user_sign_up_frm } from "../../schemas/forms/user_sign_up_frm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { validatePresetInput } from "../../schemas/rules/index.ts"
import { isStrongPassword } from "../../schemas/rules/password.ts"
import { maskPhone, newLinkToken, newPhoneCode, phoneCodeDigest, sha256 } from "../../server/lib/secrets.ts"
import { decodeHeader, decodeQuotedPrintable, linkParam, parseMail } from "../support/smtp.ts"
import { DEMO_PASSWORD } from "../support/users.ts"

describe("accounts: pure rules", () => {
  it("the tests' demo password and the test passwords meet every password rule", () => {
    for (const p of [DEMO_PASSWORD, "Zx-Test-2026!q", "Nw-Secret-2026!z", "Nw-Staff-2026!q", "Nw-Matrix-2026!q"]) expect(isStrongPassword(p), p).toBe(true)
  })

  it("normalizes Russian mobile numbers to +7XXXXXXXXXX", () => {
    expect(normalizePhone("+7 (900) 123-45-67")).toBe("+79001234567")
    expect(normalizePhone("8 900 123 45 67")).toBe("+79001234567")
    expect(normalizePhone("79001234567")).toBe("+79001234567")
    expect(normalizePhone("900 123 45 67")).toBeNull()
    expect(normalizePhone("+7 900 123 45 6")).toBeNull()
    expect(normalizePhone("+1 900 123 45 67")).toBeNull()
  })

  it("masks a phone as the contract shows", () => {
    expect(maskPhone("+79001234567")).toBe("+7 (9**) ***-**-67")
  })

  it("link tokens are 32 random bytes in base64url; codes are 6 digits; digests differ per user and purpose", () => {
    const t = newLinkToken()
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(t, "base64url")).toHaveLength(32)
    expect(sha256(t)).toMatch(/^[0-9a-f]{64}$/)
    for (let i = 0; i < 50; i++) expect(newPhoneCode()).toMatch(/^\d{6}$/)
    const key = new TextEncoder().encode("k")
    expect(phoneCodeDigest(key, 1, "confirmation", "123456")).not.toBe(phoneCodeDigest(key, 2, "confirmation", "123456"))
    expect(phoneCodeDigest(key, 1, "confirmation", "123456")).not.toBe(phoneCodeDigest(key, 1, "improve_session", "123456"))
  })

  it("registration input (the sign-up preset, as the server reads it): Russian messages for each field", () => {
    const r = validatePresetInput(user_sign_up_frm, { fullname: " ", email: "x", mobile_phone: "1", password: "abc", password_confirmation: "abc", agreement: false, captcha: null })
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.errors).toEqual({
        fullname: [messages.validation.required],
        email: [messages.validation.email],
        mobile_phone: [messages.accounts.phone],
        password: [messages.validation.password],
        captcha: [messages.validation.required],
        agreement: [messages.validation.required],
      })
    }
  })
})

describe("the test SMTP sink's MIME reader", () => {
  it("decodes quoted-printable with soft breaks and UTF-8 bytes", () => {
    expect(decodeQuotedPrintable("=D0=9F=D1=80=D0=B8=\r\n=D0=B2=D0=B5=D1=82 a=3Db").toString("utf8")).toBe("Привет a=b")
  })

  it("decodes encoded-word headers", () => {
    expect(decodeHeader("=?UTF-8?B?0KHQvNC10L3QsA==?= =?UTF-8?Q?_=D0=BF=D0=B0=D1=80=D0=BE=D0=BB=D1=8F?=")).toBe("Смена пароля")
  })

  it("reads a quoted-printable text/plain message and a multipart one", () => {
    const qp = [
      "To: User <user@test.local>",
      "Subject: =?UTF-8?Q?=D0=A1=D0=BC=D0=B5=D0=BD=D0=B0?=",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "=D0=A1=D1=81=D1=8B=D0=BB=D0=BA=D0=B0: http://x/users/password/edit?reset_password_token=3DabcDEF-_1=",
      "23",
      "",
    ].join("\r\n")
    const mail = parseMail(qp)
    expect(mail).toEqual({ to: "user@test.local", subject: "Смена", text: "Ссылка: http://x/users/password/edit?reset_password_token=abcDEF-_123\n" })
    expect(linkParam(mail.text, "reset_password_token")).toBe("abcDEF-_123")
    const multi = [
      "To: a@b.c",
      "Subject: Hi",
      'Content-Type: multipart/alternative; boundary="XX"',
      "",
      "--XX",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("Текст").toString("base64"),
      "--XX",
      "Content-Type: text/html",
      "",
      "<p>x</p>",
      "--XX--",
    ].join("\r\n")
    expect(parseMail(multi).text.trim()).toBe("Текст")
  })
})
