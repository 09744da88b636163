import { describe, expect, test } from "vitest"
import { shortDay } from "../../schemas/dates.ts"
import { offers_frm } from "../../schemas/forms/offers_frm.ts"
import { feedback } from "../../schemas/forms/feedback.ts"
import { messages } from "../../schemas/messages/common.ts"
import { type FieldValue, type FormValues, RULE_NAMES, type RuleName, type RuleRef, definePreset } from "../../schemas/forms/types.ts"
import { FILE_MAX_BYTES, UPLOAD_EXTENSIONS, acceptAttribute, validateField, validateForm, validatePresetInput, validateValue } from "../../schemas/rules/index.ts"

// The spec's texts are written out here, not read from messages.ts, so a changed message fails.
const REQUIRED = "Обязательно для заполнения"
const GENERIC = "Некорректно заполнено поле"
const DIGITS = "Укажите только цифры"
const exactly = (n: number) => `Введите ровно ${n} символов.`

const file = (name: string, extra: Partial<{ size: number; isDeleted: boolean }> = {}) => ({ name, url: `/uploads/${name}`, ...extra })

/** dd.MM.yyyy of a day `offset` days from today in Moscow (as the rules read "today"). */
const day = (offset: number): string => shortDay(Date.now() + offset * 86_400_000)

interface Case {
  readonly rule: RuleRef
  readonly form?: FormValues
  readonly valid: readonly FieldValue[]
  readonly invalid: readonly (readonly [FieldValue, string])[]
}

// One entry per rule name: the Record type makes a rule without cases a type error.
const CASES: Record<RuleName, readonly Case[]> = {
  required: [
    {
      rule: "required",
      valid: ["a", " x ", true, 0, 7, ["a"], [file("a.pdf")], [file("a.pdf", { isDeleted: true }), file("b.pdf")], { id: "c1", answer: "x7" }],
      invalid: [
        [null, REQUIRED],
        ["", REQUIRED],
        ["   ", REQUIRED],
        [false, REQUIRED],
        [[], REQUIRED],
        [[file("a.pdf", { isDeleted: true })], REQUIRED],
        // A challenge still being solved: there is nothing to fill, only to wait for.
        [{ id: "c1", answer: " " }, messages.validation.challengePending],
      ],
    },
  ],
  checkboxRequired: [{ rule: "checkboxRequired", valid: [true], invalid: [[false, REQUIRED], [null, REQUIRED], ["true", REQUIRED]] }],
  fileRequired: [
    {
      rule: "fileRequired",
      valid: [[file("a.pdf")], [file("old.pdf", { isDeleted: true }), file("new.pdf")]],
      invalid: [[[], REQUIRED], [null, REQUIRED], [[file("a.pdf", { isDeleted: true })], REQUIRED]],
    },
  ],
  depends: [
    { rule: { name: "depends", args: ["kind"] }, form: { kind: "" }, valid: ["", null, "x"], invalid: [] },
    { rule: { name: "depends", args: ["kind"] }, form: { kind: "ip" }, valid: ["x"], invalid: [["", REQUIRED], [null, REQUIRED]] },
    { rule: { name: "depends", args: ["kind", "ip"] }, form: { kind: "ul" }, valid: [""], invalid: [] },
    { rule: { name: "depends", args: ["kind", "ip"] }, form: { kind: "ip" }, valid: ["x"], invalid: [[" ", REQUIRED]] },
    { rule: { name: "depends", args: ["roles", "courier"] }, form: { roles: ["chief", "courier"] }, valid: ["x"], invalid: [["", REQUIRED]] },
    { rule: { name: "depends", args: ["delivery", "true"] }, form: { delivery: true }, valid: ["x"], invalid: [["", REQUIRED]] },
    { rule: { name: "depends", args: ["delivery"] }, form: { delivery: false }, valid: [""], invalid: [] },
  ],
  sameAs: [
    {
      rule: { name: "sameAs", args: ["password"] },
      form: { password: "Nw-Pass7x!" },
      valid: ["Nw-Pass7x!", ""],
      invalid: [["Nw-Pass7x", "Пароли не совпадают"], ["nw-pass7x!", "Пароли не совпадают"]],
    },
    { rule: { name: "sameAs", args: ["email"] }, form: { email: "a@b.ru" }, valid: ["a@b.ru"], invalid: [["a@c.ru", GENERIC]] },
  ],
  email: [
    {
      rule: "email",
      valid: ["ivan@example.ru", "ivan.petrov+uc@mail.example.com", "a_b-c@sub.domain.org", "info@почта.рф", "x@xn--p1ai.xn--p1ai", ""],
      invalid: [
        ["ivan", "Укажите верный email"],
        ["ivan@", "Укажите верный email"],
        ["@example.ru", "Укажите верный email"],
        ["ivan@example", "Укажите верный email"],
        ["ivan@@example.ru", "Укажите верный email"],
        ["iv an@example.ru", "Укажите верный email"],
        ["ivan..p@example.ru", "Укажите верный email"],
        [".ivan@example.ru", "Укажите верный email"],
        ["ivan@-example.ru", "Укажите верный email"],
        ["ivan@example.r", "Укажите верный email"],
        ["иван@example.ru", "Укажите верный email"],
      ],
    },
  ],
  numeric: [{ rule: "numeric", valid: ["0", "0123456789", " 42 ", "", null], invalid: [["12a", DIGITS], ["1 2", DIGITS], ["-1", DIGITS], ["1.5", DIGITS]] }],
  latchars: [
    {
      rule: "latchars",
      valid: ["Ivan", "Ivan Petrov", ""],
      invalid: [["Иван", "Укажите только латинские буквы"], ["Ivan1", "Укажите только латинские буквы"], ["Ivan-Petrov", "Укажите только латинские буквы"]],
    },
  ],
  ruschars: [
    {
      rule: "ruschars",
      valid: ["Иван", "Салтыков-Щедрин", "Анна Мария", "Ёлкин", ""],
      invalid: [["Ivan", "Укажите только русские буквы"], ["Иван1", "Укажите только русские буквы"], ["Иван!", "Укажите только русские буквы"]],
    },
  ],
  nolatin: [
    {
      rule: "nolatin",
      valid: ["Иван Иванович", "Иванов И.И., 2 этаж", "12345", ""],
      invalid: [["Ivan", "Заполните, пожалуйста, поле на русском."], ["Иван Ivanovich", "Заполните, пожалуйста, поле на русском."]],
    },
  ],
  phone: [
    {
      rule: "phone",
      valid: ["+7 (916) 123-45-67", "89161234567", "7 916 123 45 67", "+79161234567", ""],
      invalid: [
        ["9161234567", "Укажите корректный номер телефона"],
        ["+7 (916) 123-45-6", "Укажите корректный номер телефона"],
        ["+7 (916) 123-45-678", "Укажите корректный номер телефона"],
        ["+1 (916) 123-45-67", "Укажите корректный номер телефона"],
        ["+7 916 123.45.67", "Укажите корректный номер телефона"],
      ],
    },
  ],
  inn: [
    {
      rule: "inn",
      // Сбербанк, Яндекс, Альфа-Банк; a person's 12-digit ИНН.
      valid: ["7707083893", "7736207543", "7728168971", "500100732259", ""],
      invalid: [
        ["7707083894", "Укажите корректный номер ИНН"],
        ["500100732258", "Укажите корректный номер ИНН"],
        ["500100732249", "Укажите корректный номер ИНН"],
        ["770708389", "Укажите корректный номер ИНН"],
        ["77070838931", "Укажите корректный номер ИНН"],
        ["77070838a3", "Укажите корректный номер ИНН"],
      ],
    },
  ],
  kpp: [
    { rule: "kpp", valid: ["773601001", "7701AB001", ""], invalid: [["77360100", exactly(9)], ["7736010011", exactly(9)], ["77360100a", GENERIC], ["77A601001", GENERIC]] },
  ],
  ogrn: [
    {
      rule: { name: "ogrn", args: [13] },
      valid: ["1027700132195", "1027700229193", ""],
      invalid: [["1027700132196", GENERIC], ["102770013219", exactly(13)], ["304500116000157", exactly(13)], ["10277001321a5", GENERIC]],
    },
    {
      rule: { name: "ogrn", args: [15] },
      valid: ["304500116000157"],
      invalid: [["304500116000158", GENERIC], ["1027700132195", exactly(15)]],
    },
    { rule: "ogrn", valid: ["1027700132195", "304500116000157"], invalid: [["1027700132196", GENERIC], ["12345", GENERIC]] },
  ],
  passport: [
    { rule: "passport", valid: ["4509 123456", "4509123456", ""], invalid: [["4509 12345", exactly(10)], ["4509 1234567", exactly(10)], ["45AB 123456", DIGITS]] },
  ],
  snils: [
    {
      rule: "snils",
      valid: ["112-233-445 95", "11223344595", "001-326-679 00", "017-996-174 00", "001-437-545 01", "001-001-998 57", ""],
      invalid: [["112-233-445 96", GENERIC], ["001-326-679 01", GENERIC], ["112-233-445 9", exactly(11)], ["112-233-44a 95", DIGITS]],
    },
  ],
  length: [{ rule: { name: "length", args: [6] }, valid: ["абвгде", "123456", ""], invalid: [["12345", "Введите ровно 6 символов."], ["1234567", "Введите ровно 6 символов."]] }],
  maxLength: [{ rule: { name: "maxLength", args: [5] }, valid: ["12345", " 12345 ", ""], invalid: [["123456", "Введите не более 5 символов."]] }],
  minLength: [{ rule: { name: "minLength", args: [3] }, valid: ["абв", ""], invalid: [["аб", "Введите не менее 3 символов."]] }],
  phoneCode: [{ rule: { name: "phoneCode", args: [6] }, valid: ["012345", ""], invalid: [["12345", "Введите ровно 6 символов."], ["1234567", exactly(6)], ["12a456", DIGITS]] }],
  dateCorrect: [
    {
      rule: "dateCorrect",
      valid: ["29.02.2024", "31.12.2099", "01-02-2020", ""],
      invalid: [["29.02.2023", GENERIC], ["31.04.2020", GENERIC], ["00.01.2020", GENERIC], ["01.13.2020", GENERIC], ["1.2.2020", GENERIC], ["01.02-2020", GENERIC], ["01.01.0199", GENERIC], ["завтра", GENERIC]],
    },
  ],
  datePastCorrect: [
    { rule: "datePastCorrect", valid: ["01.01.1990", day(-1), day(0), ""], invalid: [[day(1), GENERIC], ["01.01.2099", GENERIC], ["30.02.2000", GENERIC]] },
  ],
  birthDateFromPassport: [
    {
      rule: { name: "birthDateFromPassport", args: ["passport_date"] },
      form: { passport_date: "15.05.2014" },
      valid: ["15.05.2000", "14.05.2000", "01.01.1960", ""],
      invalid: [["16.05.2000", "Некорректная дата рождения"], ["01.01.2010", "Некорректная дата рождения"], ["31.02.2000", "Некорректная дата рождения"]],
    },
    // Born on 29 February: 14 years later is 28 February of a common year.
    { rule: { name: "birthDateFromPassport", args: ["passport_date"] }, form: { passport_date: "28.02.2010" }, valid: ["29.02.1996"], invalid: [] },
    { rule: { name: "birthDateFromPassport", args: ["passport_date"] }, form: { passport_date: "27.02.2010" }, valid: [], invalid: [["29.02.1996", "Некорректная дата рождения"]] },
    // No issue date yet: only the birth date itself is judged.
    { rule: { name: "birthDateFromPassport", args: ["passport_date"] }, form: { passport_date: "" }, valid: ["01.01.2020"], invalid: [["1.1.2000", "Некорректная дата рождения"]] },
  ],
  // Edges around the replacement birthdays and 29 February: the "passportAge" describe below, at fixed days.
  passportAge: [
    {
      rule: { name: "passportAge", args: ["birth_date"] },
      form: { birth_date: "01.01.1990" },
      valid: ["01.01.2010", "15.06.2035", ""],
      invalid: [["01.01.2005", "Паспорт недействителен: его нужно было заменить по достижении 20 лет"], ["31.02.2010", GENERIC]],
    },
    { rule: { name: "passportAge", args: ["birth_date"] }, form: { birth_date: "" }, valid: ["01.01.2005"], invalid: [] },
  ],
  password: [
    {
      rule: "password",
      valid: ["Nw-Pass7x!", ""],
      invalid: [["Sh1!xy", "Пароль не соответствует требованиям"], ["Qw-abc7x!", "Пароль не соответствует требованиям"], ["NoSpecial7x", "Пароль не соответствует требованиям"], ["Xroot-91!", "Пароль не соответствует требованиям"], ["Пароль1!Ab", "Пароль не соответствует требованиям"]],
    },
  ],
  authenticationVector: [
    {
      rule: "authenticationVector",
      valid: ["SECRET2024", "A1", ""],
      invalid: [["secret", "Некорректный формат кодового слова"], ["СЕКРЕТ", "Некорректный формат кодового слова"], ["SECRET WORD", "Некорректный формат кодового слова"]],
    },
  ],
  specialSymbolsPass: [
    {
      rule: "specialSymbolsPass",
      valid: ["Nw-Pass7x!", "a@$%,~_*!?&", ""],
      invalid: [
        ["pass<word>", "Пароль может содержать только латинские буквы, цифры и символы - @ $ % , ~ _ * ! ? &"],
        ["pass word", "Пароль может содержать только латинские буквы, цифры и символы - @ $ % , ~ _ * ! ? &"],
        ["pa'ss", "Пароль может содержать только латинские буквы, цифры и символы - @ $ % , ~ _ * ! ? &"],
        ["пароль", "Пароль может содержать только латинские буквы, цифры и символы - @ $ % , ~ _ * ! ? &"],
      ],
    },
  ],
  specialSymbolsComment: [
    {
      rule: "specialSymbolsComment",
      valid: [
        "Какая подпись нужна для торгов по 44-ФЗ? «Срочно» — №5, 100% (до 1.12)!",
        'Ответьте на "почту": ivan@example.ru; спасибо.\nС уважением, Иван',
        "",
      ],
      invalid: [
        ["<script>alert(1)</script>", "Уберите из текста символы < > { } [ ] \\ ^ ` |"],
        ["{{ constructor }}", "Уберите из текста символы < > { } [ ] \\ ^ ` |"],
        ["a [b]", "Уберите из текста символы < > { } [ ] \\ ^ ` |"],
        ["C:\\путь", "Уберите из текста символы < > { } [ ] \\ ^ ` |"],
        ["a ^ b", "Уберите из текста символы < > { } [ ] \\ ^ ` |"],
        ["`код`", "Уберите из текста символы < > { } [ ] \\ ^ ` |"],
        ["a | b", "Уберите из текста символы < > { } [ ] \\ ^ ` |"],
        ["текст\u0000", GENERIC],
      ],
    },
  ],
  fileCorrectExtension: [
    {
      rule: "fileCorrectExtension",
      valid: [[file("скан.PDF"), file("a.docx"), file("b.rar")], [file("a.exe", { isDeleted: true }), file("b.zip")], [], null],
      invalid: [[[file("a.exe")], "Недопустимый формат файла"], [[file("a.pdf"), file("README")], "Недопустимый формат файла"], [[file("pdf")], "Недопустимый формат файла"]],
    },
    { rule: { name: "fileCorrectExtension", args: ["images"] }, valid: [[file("a.jpeg"), file("b.GIF")]], invalid: [[[file("a.pdf")], "Недопустимый формат файла"]] },
    { rule: { name: "fileCorrectExtension", args: ["editorImages"] }, valid: [[file("a.jpg"), file("b.png")]], invalid: [[[file("a.gif")], "Недопустимый формат файла"], [[file("a.jpeg")], "Недопустимый формат файла"]] },
  ],
  fileCorrectSize: [
    {
      rule: "fileCorrectSize",
      valid: [[file("a.pdf", { size: 30_000_000 }), file("old.pdf")], [file("big.pdf", { size: 30_000_001, isDeleted: true })], []],
      invalid: [[[file("a.pdf", { size: 1 }), file("big.pdf", { size: 30_000_001 })], "Размер файла не должен превышать 30 Мб"]],
    },
  ],
}

describe("every rule of the form engine", () => {
  test("the table covers every rule name", () => {
    expect(Object.keys(CASES).sort()).toEqual([...RULE_NAMES].sort())
  })

  for (const name of RULE_NAMES) {
    test(name, () => {
      for (const { rule, form, valid, invalid } of CASES[name]) {
        for (const value of valid) expect(validateValue(rule, value, form), JSON.stringify(value)).toBeNull()
        for (const [value, message] of invalid) expect(validateValue(rule, value, form), JSON.stringify(value)).toBe(message)
      }
    })
  }

  test("an empty value passes every rule but required, checkboxRequired, fileRequired and an active depends", () => {
    const ARGS: Partial<Record<RuleName, readonly (string | number)[]>> = {
      depends: ["other"],
      sameAs: ["other"],
      birthDateFromPassport: ["other"],
      passportAge: ["other"],
      length: [9],
      maxLength: [9],
      minLength: [9],
      phoneCode: [6],
      ogrn: [13],
    }
    const form = { other: "" }
    for (const name of RULE_NAMES.filter((n) => !["required", "checkboxRequired", "fileRequired"].includes(n))) {
      const rule: RuleRef = ARGS[name] ? { name, args: ARGS[name] } : name
      const empties: FieldValue[] = name.startsWith("file") ? [null, []] : [null, "", "   "]
      for (const value of empties) expect(validateValue(rule, value, form), `${name} ${JSON.stringify(value)}`).toBeNull()
    }
  })

  test("a text rule given a value of another type answers the generic message", () => {
    expect(validateValue("email", 5)).toBe(GENERIC)
    expect(validateValue("numeric", true)).toBe(GENERIC)
    expect(validateValue("fileCorrectSize", "a.pdf")).toBe(GENERIC)
  })

  test("an unknown rule throws 'Unknown validation'; a rule missing its argument throws too", () => {
    expect(() => validateValue("nosuchrule" as RuleName, "x")).toThrow(new Error("Unknown validation"))
    expect(() => validateValue("toString" as RuleName, "x")).toThrow(new Error("Unknown validation"))
    expect(() => validateValue("maxLength", "x")).toThrow(/maxLength/)
    expect(() => validateValue({ name: "ogrn", args: [14] }, "x")).toThrow(/ogrn/)
    expect(() => validateValue({ name: "sameAs", args: [] }, "x")).toThrow(/sameAs/)
    expect(() => validateValue({ name: "fileCorrectExtension", args: ["exe"] }, [])).toThrow(/fileCorrectExtension/)
  })

  test("the upload lists and limit the widget and server share", () => {
    expect(FILE_MAX_BYTES).toBe(30_000_000)
    expect(UPLOAD_EXTENSIONS.files).toEqual(["jpg", "jpeg", "gif", "png", "pdf", "txt", "doc", "docx", "xls", "xlsx", "zip", "rar"])
    expect(UPLOAD_EXTENSIONS.images).toEqual(["jpg", "jpeg", "gif", "png"])
    expect(UPLOAD_EXTENSIONS.editorImages).toEqual(["jpg", "png"])
    expect(acceptAttribute("editorImages")).toBe(".jpg,.png")
  })
})

describe("fields and forms", () => {
  test("a field reports its first failing rule only", () => {
    const name = offers_frm.fields.find((f) => f.name === "name")
    if (!name) throw new Error("offers_frm has no name field")
    expect(validateField(name, { name: "" })).toEqual([REQUIRED])
    expect(validateField(name, {})).toEqual([REQUIRED])
    expect(validateField(name, { name: "Ivan" })).toEqual(["Заполните, пожалуйста, поле на русском."])
    expect(validateField(name, { name: "Ivan".repeat(30) })).toEqual(["Заполните, пожалуйста, поле на русском."])
    expect(validateField(name, { name: "Иван".repeat(30) })).toEqual(["Введите не более 100 символов."])
    expect(validateField(name, { name: "Иван" })).toEqual([])
  })

  test("a form's errors name only the failing fields", () => {
    expect(validateForm(offers_frm, { name: "", phone: "123", email: "", comment: "", agreement: false })).toEqual({
      name: [REQUIRED],
      phone: ["Укажите корректный номер телефона"],
      agreement: [REQUIRED],
    })
    expect(validateForm(offers_frm, { name: "Иван", phone: "+7 (916) 123-45-67", email: "", comment: "", agreement: true })).toEqual({})
  })

  test("cross-field rules read the other field from the form", () => {
    const preset = definePreset({
      id: "pswd",
      fields: [
        { name: "password", type: "input", validations: ["required", "password"], attributes: { type: "password" } },
        { name: "password_confirmation", type: "input", validations: ["required", { name: "sameAs", args: ["password"] }], attributes: { type: "password" } },
      ],
    })
    expect(validateForm(preset, { password: "Nw-Pass7x!", password_confirmation: "Nw-Pass7x?" })).toEqual({ password_confirmation: ["Пароли не совпадают"] })
    expect(validateForm(preset, { password: "Nw-Pass7x!", password_confirmation: "" })).toEqual({ password_confirmation: [REQUIRED] })
    expect(validateForm(preset, { password: "Nw-Pass7x!", password_confirmation: "Nw-Pass7x!" })).toEqual({})
  })
})

describe("validatePresetInput: a request body read as the preset's values", () => {
  const options = [
    { value: "ul", label: "Организация" },
    { value: "ip", label: "ИП" },
    { value: "old", label: "Снят с продажи", disabled: true },
  ]
  const preset = definePreset({
    id: "every_type",
    fields: [
      { name: "title", type: "input" },
      { name: "secret", type: "input", attributes: { type: "password" } },
      { name: "about", type: "textarea" },
      { name: "body", type: "editor" },
      { name: "company", type: "dadata" },
      { name: "city", type: "autocomplete" },
      { name: "kind", type: "select", attributes: { options } },
      { name: "kind2", type: "radiogroup", attributes: { options } },
      { name: "tariff", type: "select", attributes: { source: "tariffs" } },
      { name: "many", type: "multiselect", attributes: { options } },
      { name: "group", type: "checkboxgroup", attributes: { options } },
      { name: "agree", type: "checkbox" },
      { name: "stars", type: "rating", attributes: { max: 5 } },
      { name: "date", type: "calendar" },
      { name: "docs", type: "upload" },
      { name: "captcha", type: "rucaptcha" },
      { name: "send", type: "submit" },
      { name: "policy", type: "button" },
      { name: "note", type: "text", attributes: { text: "Текст" } },
    ],
  })
  const EMPTY = {
    title: "",
    secret: "",
    about: "",
    body: "",
    company: "",
    city: "",
    kind: "",
    kind2: "",
    tariff: "",
    many: [],
    group: [],
    agree: false,
    stars: null,
    date: "",
    docs: [],
    captcha: null,
  }

  test("missing keys read as empty values; non-value fields and unknown keys are dropped", () => {
    expect(validatePresetInput(preset, {})).toEqual({ ok: true, value: EMPTY })
    expect(validatePresetInput(preset, { send: "1", policy: true, note: "x", admin: true, __proto__: { title: 1 } })).toEqual({ ok: true, value: EMPTY })
    const nulls = Object.fromEntries(Object.keys(EMPTY).map((k) => [k, null]))
    expect(validatePresetInput(preset, nulls)).toEqual({ ok: true, value: EMPTY })
  })

  test("well-shaped values pass, text trimmed except a password", () => {
    const body = {
      title: "  Заявка ",
      secret: " pass ",
      about: " текст\n",
      body: " <p>Текст</p> ",
      company: " ООО Ромашка ",
      city: " Москва ",
      kind: "ip",
      kind2: "ul",
      tariff: "anything-the-host-offers",
      many: ["ul", "ip"],
      group: ["ip"],
      agree: true,
      stars: 5,
      date: "01.02.2020",
      docs: [{ name: "a.pdf", url: "/u/a.pdf", size: 10, type: "application/pdf", isDeleted: false, extra: "dropped" }],
      captcha: { id: "c1", answer: " x7k " },
    }
    expect(validatePresetInput(preset, body)).toEqual({
      ok: true,
      value: {
        ...body,
        title: "Заявка",
        secret: " pass ",
        about: "текст",
        body: "<p>Текст</p>",
        company: "ООО Ромашка",
        city: "Москва",
        docs: [{ name: "a.pdf", url: "/u/a.pdf", size: 10, type: "application/pdf", isDeleted: false }],
        captcha: { id: "c1", answer: "x7k" },
      },
    })
  })

  test("a value of the wrong shape is the generic message for that field", () => {
    const wrong: Record<string, unknown> = {
      title: 5,
      about: ["a"],
      company: { value: "x" },
      many: "ul",
      group: [1],
      agree: "true",
      stars: 6,
      date: "2020-02-01",
      docs: [{ name: "a.pdf" }],
      captcha: "x7k",
    }
    const r = validatePresetInput(preset, wrong)
    expect(r).toEqual({ ok: false, errors: Object.fromEntries(Object.keys(wrong).map((k) => [k, [GENERIC]])) })
    for (const [name, value] of [["stars", 0], ["stars", 2.5], ["date", "31.02.2020"], ["docs", [{ name: "a", url: "u", size: -1 }]], ["captcha", { id: "c" }]] as const) {
      expect(validatePresetInput(preset, { [name]: value }), `${name} ${JSON.stringify(value)}`).toEqual({ ok: false, errors: { [name]: [GENERIC] } })
    }
  })

  test("a choice outside a static option list, or a disabled one, is the select message", () => {
    const SELECT = "Необходимо выбрать вариант из предложенного списка"
    expect(validatePresetInput(preset, { kind: "zz", kind2: "old", many: ["ul", "zz"], group: ["old"] })).toEqual({
      ok: false,
      errors: { kind: [SELECT], kind2: [SELECT], many: [SELECT], group: [SELECT] },
    })
  })

  test("a body that is not an object is refused", () => {
    for (const body of [null, "x", 5, [], undefined]) expect(validatePresetInput(preset, body)).toEqual({ ok: false, errors: { base: [GENERIC] } })
  })

  test("then the preset's rules run: the offer and feedback forms", () => {
    expect(validatePresetInput(offers_frm, { name: " Иван ", phone: "8 916 123 45 67", agreement: true, submit: "x", utm: {} })).toEqual({
      ok: true,
      value: { name: "Иван", phone: "8 916 123 45 67", email: "", comment: "", agreement: true },
    })
    expect(validatePresetInput(offers_frm, { name: 5, phone: "1", comment: "<b>жирный</b>" })).toEqual({
      ok: false,
      errors: {
        name: [GENERIC],
        phone: ["Укажите корректный номер телефона"],
        comment: ["Уберите из текста символы < > { } [ ] \\ ^ ` |"],
        agreement: [REQUIRED],
      },
    })
    const review = { name: "Иван", email: "ivan@example.ru", rating: 10, message: "Всё сделали быстро", captcha: { id: "c", answer: "ab" }, agreement: true }
    expect(validatePresetInput(feedback, review).ok).toBe(true)
    expect(validatePresetInput(feedback, { ...review, rating: null, captcha: { id: "c", answer: " " } })).toEqual({
      ok: false,
      errors: { rating: [REQUIRED], captcha: [messages.validation.challengePending] },
    })
    expect(validatePresetInput(feedback, { ...review, rating: 11 })).toEqual({ ok: false, errors: { rating: [GENERIC] } })
  })
})
