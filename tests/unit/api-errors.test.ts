import { describe, expect, it } from "vitest"
import { apiErrorText, toClientError } from "../../src/api/errors.ts"
import { messages } from "../../schemas/messages/common.ts"

const UNKNOWN = "Неизвестная ошибка. Перезагрузите страницу и попробуйте снова."
const EMAIL_NOT_FOUND = "Учетная запись с данным адресом электронной почты не найдена в системе."
const RESET_INVALID =
  "Уважаемый клиент, Ваша ссылка на смену пароля не действительна, повторите запрос и получите новое письмо с ссылкой на обновление учетных данных."

describe("SPEC section 8 texts", () => {
  it("are kept verbatim in the messages module", () => {
    expect(messages.http.unknown).toBe(UNKNOWN)
    expect(messages.api.emailNotFound).toBe(EMAIL_NOT_FOUND)
    expect(messages.api.resetTokenInvalid).toBe(RESET_INVALID)
    expect(messages.http.signInFailed).toBe("Неверное имя пользователя или пароль")
  })
})

describe("toClientError: the client mapping", () => {
  it("a string body is the message", () => {
    expect(toClientError("Сервис недоступен", 503)).toEqual({ message: "Сервис недоступен", status: 503, details: undefined })
  })

  it("else the message field", () => {
    expect(toClientError({ message: "Запись не найдена", error: "другое" }, 404)).toEqual({ message: "Запись не найдена", status: 404, details: undefined })
  })

  it("else the error field", () => {
    expect(toClientError({ error: "Требуется авторизация" }, 401)).toEqual({ message: "Требуется авторизация", status: 401, details: undefined })
  })

  it("message wins over error, and errors still travel as details", () => {
    const errors = { name: ["Обязательно для заполнения"] }
    expect(toClientError({ message: "М", error: "Е", errors }, 422)).toEqual({ message: "М", status: 422, details: errors })
  })

  it("else the generic text with details from errors", () => {
    const errors = { name: ["Обязательно для заполнения"], position: ["Укажите только цифры"] }
    expect(toClientError({ errors }, 422)).toEqual({ message: UNKNOWN, status: 422, details: errors })
  })

  it.each([undefined, null, {}, 42, [], "", "   ", { message: 5 }, { error: { text: "x" } }, { errors: "строка" }])(
    "a body without usable text (%j) gives the generic text",
    (body) => {
      const e = toClientError(body, 500)
      expect(e.message).toBe(UNKNOWN)
      expect(e.status).toBe(500)
    },
  )

  it("carries the status along, even when there is none (network failure)", () => {
    expect(toClientError({ message: "x" }, 418).status).toBe(418)
    expect(toClientError(undefined, undefined)).toEqual({ message: UNKNOWN, status: undefined, details: undefined })
  })
})

describe("apiErrorText: the API error text builder", () => {
  it("an 'unauthorized' key gives its message alone", () => {
    expect(apiErrorText({ unauthorized: ["Войдите в систему"], email: ["не найдена"], message: "x" })).toBe("Войдите в систему")
    expect(apiErrorText({ unauthorized: "Войдите в систему" })).toBe("Войдите в систему")
  })

  it("an email error containing 'не найдена' gives the long text", () => {
    expect(apiErrorText({ email: ["не найдена"] })).toBe(EMAIL_NOT_FOUND)
    expect(apiErrorText({ email: ["Учётная запись не найдена"] })).toBe(EMAIL_NOT_FOUND)
  })

  it("another email error is 'key value'", () => {
    expect(apiErrorText({ email: ["уже занят"] })).toBe("email уже занят")
  })

  it("a password error gives its first message plus a full stop", () => {
    expect(apiErrorText({ password: ["слишком короткий", "слишком простой"] })).toBe("слишком короткий.")
    expect(apiErrorText({ password: "неверный" })).toBe("неверный.")
  })

  it("a reset_password_token error gives the long text", () => {
    expect(apiErrorText({ reset_password_token: ["is invalid"] })).toBe(RESET_INVALID)
  })

  it("a message key gives its text as is", () => {
    expect(apiErrorText({ message: "Заявка уже оплачена" })).toBe("Заявка уже оплачена")
    expect(apiErrorText({ message: ["Заявка уже оплачена"] })).toBe("Заявка уже оплачена")
  })

  it("other keys give the key and its value", () => {
    expect(apiErrorText({ name: ["Обязательно для заполнения"] })).toBe("name Обязательно для заполнения")
    expect(apiErrorText({ inn: "неверный" })).toBe("inn неверный")
  })

  it("joins the parts with '. ' in the order of the keys", () => {
    expect(apiErrorText({ name: ["Обязательно для заполнения"], password: ["слишком короткий"], message: "Ошибка" })).toBe(
      "name Обязательно для заполнения. слишком короткий.. Ошибка",
    )
    expect(apiErrorText({ email: ["не найдена"], reset_password_token: ["x"] })).toBe(`${EMAIL_NOT_FOUND}. ${RESET_INVALID}`)
  })

  it("no keys give an empty text", () => {
    expect(apiErrorText({})).toBe("")
  })
})
