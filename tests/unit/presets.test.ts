import { describe, expect, test } from "vitest"
import { PRESET_IDS, presets } from "../../schemas/forms/index.ts"
import { FIELD_TYPES, MASK_NAMES, RULE_NAMES, type FieldType, type FormField, type FormPreset, type FormValues, type RuleRef } from "../../schemas/forms/types.ts"
import { holdsValue, valuesOf } from "../../schemas/forms/values.ts"
import { validateForm, validatePresetInput, validateValue } from "../../schemas/rules/index.ts"
import { individualApplicant } from "../support/order-applicant.ts"

// SPEC.md section 2, "Form presets", copied literally.
const SPEC_LIST =
  "admin_auth_frm, auth_frm, auth_cert_frm, auth_vector_frm, cert_bind_frm, choose_certificate_frm, choose_certificate_epoa_frm, confirm_certificate_frm, corporate_frm, crm_cities_frm, crm_cities_filter_frm, crm_faq_article_frm, crm_faq_question_frm, crm_faq_questions_filter_frm, crm_faq_rubric_frm, crm_ep_docs_frm, crm_ep_docs_filter_frm, crm_menu_items_frm, crm_menu_items_filter_frm, crm_page_bnrs_frm, crm_page_bnrs_filter_frm, crm_pages_frm, crm_pages_filter_frm, crm_page_settings_frm, crm_page_settings_filter_frm, crm_post_frm, crm_post_sources_frm, crm_robots_frm, dss_user_deeplink_frm, epoa_model_frm, epoa_revoked_frm, epoa_search_principal_frm, epoa_search_representative_frm, forgot_password_frm, order_check, order_cert_entrepreneur, order_cert_individual_person, order_cert_legal_entity, order_cert_remotely_entrepreneur, order_cert_remotely_individual_person, order_cert_remotely_legal_entity, order_option_entrepreneur, order_option_individual_person, order_option_legal_entity, offers_frm, office_search_frm, partners_frm, question_search_frm, reestr_search_frm, tariff_extra_options, tariff_period_frm, user_confirm_cert_frm, user_confirm_phone_frm, user_pswd_edit_frm, services_ib_frm, feedback"
const SPEC_IDS = SPEC_LIST.split(", ")
/** Presets the code has beyond the spec's list: the CRM's administrators form and the account's representative form. */
const EXTRA_IDS = [
  "crm_admin_users_frm",
  "representative_frm",
  // The catalogue's CRM forms (docs/catalogue.md).
  "crm_tariffs_frm",
  "crm_tariff_options_frm",
  "crm_option_groups_frm",
  "crm_platforms_frm",
  "crm_offices_frm",
  "crm_partners_frm",
  // The staff's one-time code at the CRM sign-in and in its section 'Вход с одноразовым кодом' (docs/auth.md).
  "admin_otp_frm",
  // A visitor's own account (docs/auth.md, "Registration"; docs/decisions.md, «Регистрация»).
  "user_sign_up_frm",
  // The operator's requisites, one record (docs/crm-resources.md, «Реквизиты»).
  "crm_requisites_frm",
]

const all: readonly FormPreset[] = Object.values(presets)
const fieldsOf = (type: FieldType) => all.flatMap((p) => p.fields.filter((f) => f.type === type).map((f) => ({ preset: p, field: f })))
const ruleName = (r: RuleRef) => (typeof r === "string" ? r : r.name)
const ruleArgs = (r: RuleRef) => (typeof r === "string" ? [] : (r.args ?? []))
const CHOICE_TYPES: readonly FieldType[] = ["select", "multiselect", "radiogroup", "checkboxgroup", "autocomplete"]
/** Rules whose first argument names another field of the same preset. */
const CROSS_FIELD = new Set(["sameAs", "birthDateFromPassport", "passportAge", "depends"])

describe("the preset catalogue", () => {
  test("the spec lists 56 presets; each is in `presets` under its own id", () => {
    expect(SPEC_IDS).toHaveLength(56)
    expect(new Set(SPEC_IDS).size).toBe(56)
    for (const id of SPEC_IDS) expect(presets[id]?.id, id).toBe(id)
  })

  test("PRESET_IDS are the spec's presets and the CRM's extra ones, nothing else", () => {
    expect([...PRESET_IDS].sort()).toEqual([...SPEC_IDS, ...EXTRA_IDS].sort())
    for (const [key, preset] of Object.entries(presets)) expect(preset.id).toBe(key)
  })
})

describe.each(all.map((p) => [p.id, p] as const))("%s", (_id, preset) => {
  test("field types, masks and rule names are the engine's; names are unique", () => {
    const names = preset.fields.map((f) => f.name)
    expect(new Set(names).size, `duplicates in ${names.join(", ")}`).toBe(names.length)
    for (const f of preset.fields) {
      expect(FIELD_TYPES, f.name).toContain(f.type)
      if (f.mask !== undefined) expect(MASK_NAMES, f.name).toContain(f.mask)
      for (const rule of f.validations ?? []) {
        expect(RULE_NAMES, f.name).toContain(ruleName(rule))
        // The rules module throws on an unknown rule and on wrong arguments (e.g. ogrn other than 13 or 15).
        expect(() => validateValue(rule, null, valuesOf(preset)), `${f.name}: ${JSON.stringify(rule)}`).not.toThrow()
      }
    }
  })

  test("cross-field rules name another field of the same preset; a depends value is one of its choices", () => {
    const byName = new Map(preset.fields.map((f) => [f.name, f]))
    for (const f of preset.fields) {
      for (const rule of f.validations ?? []) {
        if (!CROSS_FIELD.has(ruleName(rule))) continue
        const [other, expected] = ruleArgs(rule)
        const target = byName.get(String(other))
        expect(target, `${f.name}: ${JSON.stringify(rule)}`).toBeDefined()
        expect(other).not.toBe(f.name)
        const options = target?.attributes?.options
        if (expected !== undefined && options) expect(options.map((o) => o.value), `${f.name}: ${JSON.stringify(rule)}`).toContain(String(expected))
      }
    }
  })

  test("every field that collects input has a label, unique in the form; choices come from options or a source", () => {
    const labels = preset.fields.flatMap((f) => (f.label ? [f.label] : []))
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([])
    for (const f of preset.fields.filter(holdsValue)) {
      expect(f.label?.trim(), f.name).toBeTruthy()
      if (CHOICE_TYPES.includes(f.type)) expect(Boolean(f.attributes?.options?.length) || Boolean(f.attributes?.source), f.name).toBe(true)
    }
    for (const f of preset.fields.filter((x) => x.type === "button" || x.type === "submit")) expect(f.label?.trim(), f.name).toBeTruthy()
    for (const f of preset.fields.filter((x) => x.type === "text")) expect(f.attributes?.text?.trim(), f.name).toBeTruthy()
  })

  test("exactly one submit", () => {
    expect(preset.fields.filter((f) => f.type === "submit")).toHaveLength(1)
  })

  test("a personal-data agreement is a required checkbox with the policy button beside it", () => {
    const agreement = preset.fields.find((f) => f.name === "agreement")
    if (!agreement) return
    expect(agreement.type).toBe("checkbox")
    expect(agreement.validations).toContain("checkboxRequired")
    expect(preset.fields.find((f) => f.name === "policy")).toMatchObject({ type: "button", handlers: { click: "openPolicy" } })
  })

  test("uploads check their files against the list they accept; suggest fields say what they suggest", () => {
    for (const f of preset.fields.filter((x) => x.type === "upload")) {
      expect(f.attributes?.accept, f.name).toBeDefined()
      const ext = f.validations?.find((r) => ruleName(r) === "fileCorrectExtension")
      expect(ext, f.name).toBeDefined()
      expect(ruleArgs(ext!)[0] ?? "files", f.name).toBe(f.attributes?.accept)
      expect(f.validations?.map(ruleName), f.name).toContain("fileCorrectSize")
    }
    for (const f of preset.fields.filter((x) => x.type === "dadata")) expect(["party", "address"], f.name).toContain(f.attributes?.suggest)
    for (const f of preset.fields.filter((x) => x.attributes?.suggest === "party")) expect(f.handlers?.select, f.name).toBe("fillCompany")
  })
})

describe("coverage of the engine", () => {
  test("every field type of the 17 appears in some preset", () => {
    for (const type of FIELD_TYPES) expect(fieldsOf(type).length, type).toBeGreaterThan(0)
  })

  test("every order form carries the applicant's numbers, passport, tariff and consent", () => {
    const orders = PRESET_IDS.filter((id) => /^order_(cert|option)_/.test(id))
    expect(orders).toHaveLength(9)
    for (const id of orders) {
      const names = presets[id]!.fields.map((f) => f.name)
      for (const n of ["inn", "snils", "passport", "passport_date", "passport_issuer", "passport_division_code", "birth_date", "birth_place", "email", "phone", "tariff_id", "identification", "passport_scan", "agreement", "policy"]) {
        expect(names, `${id} lacks ${n}`).toContain(n)
      }
      if (id.endsWith("legal_entity")) expect(names, id).toEqual(expect.arrayContaining(["company", "kpp", "ogrn", "holder_inn", "position"]))
      if (id.endsWith("entrepreneur")) expect(names, id).toEqual(expect.arrayContaining(["company", "ogrnip"]))
      expect(names.includes("office_id"), id).toBe(!id.includes("remotely"))
      expect(names.includes("remote_method"), id).toBe(id.includes("remotely"))
    }
  })
})

/** A complete in-person order of an individual person, valid by every rule. */
const individualOrder: FormValues = {
  ...individualApplicant({ registration_address: "г Москва, ул Тверская, д 1, кв 1" }),
  tariff_id: "7",
  passport_scan: [],
  snils_scan: [],
  identification: "office",
  office_id: "3",
  visit_address: "",
  agreement: true,
}

describe("the order presets validate with the engine's rules", () => {
  const preset = presets.order_cert_individual_person!

  test("a complete in-person order has no errors", () => {
    expect(validateForm(preset, valuesOf(preset, individualOrder))).toEqual({})
  })

  test("a birth date less than 14 years before the passport's issue is refused", () => {
    const errors = validateForm(preset, valuesOf(preset, { ...individualOrder, birth_date: "01.02.2000" }))
    expect(errors).toEqual({ birth_date: ["Некорректная дата рождения"] })
  })

  test("the office is required only while identification is in the office; the address only for a visit", () => {
    expect(validateForm(preset, valuesOf(preset, { ...individualOrder, office_id: "" }))).toEqual({ office_id: ["Обязательно для заполнения"] })
    const visit = { ...individualOrder, identification: "courier", office_id: "" }
    expect(validateForm(preset, valuesOf(preset, visit))).toEqual({ visit_address: ["Обязательно для заполнения"] })
    expect(validateForm(preset, valuesOf(preset, { ...visit, visit_address: "г Казань, ул Баумана, д 1" }))).toEqual({})
  })

  test("a company's INN in a person's field, a bad SNILS and no agreement are each refused", () => {
    const errors = validateForm(preset, valuesOf(preset, { ...individualOrder, inn: "7707083893", snils: "112-233-445 96", agreement: false }))
    expect(Object.keys(errors).sort()).toEqual(["agreement", "inn", "snils"])
  })

  test("a remote order requires the scans and the remote method; a token's courier delivery needs its city, address and recipient", () => {
    const remote = presets.order_cert_remotely_individual_person!
    const values = valuesOf(remote, { ...individualOrder, identification: "remote", key_storage: "token" })
    expect(Object.keys(validateForm(remote, values)).sort()).toEqual(["passport_scan", "remote_method", "snils_scan"])
    const delivered = valuesOf(remote, { ...individualOrder, identification: "remote", key_storage: "token", courier_delivery: true })
    expect(Object.keys(validateForm(remote, delivered)).sort()).toEqual(["courier_address", "courier_first_name", "courier_last_name", "courier_phone", "delivery_city", "passport_scan", "remote_method", "snils_scan"])
    // A key in the cloud service has no token to deliver: a stale courier tick asks for nothing.
    expect(Object.keys(validateForm(remote, { ...delivered, key_storage: "dss" })).sort()).toEqual(["passport_scan", "remote_method", "snils_scan"])
  })

  test("a legal entity's employee holder names the head who signs the МЧД; the МЧД itself is not needed to issue", () => {
    const legal = presets.order_cert_legal_entity!
    const values = {
      ...individualOrder,
      company: "ПАО СБЕРБАНК",
      inn: "7707083893",
      kpp: "773601001",
      ogrn: "1027700132195",
      legal_address: "г Москва, ул Вавилова, д 19",
      holder_inn: "500100732259",
      position: "Специалист по закупкам",
      holder_role: "certificate_holder",
    }
    // An employee holder: the head who signs the МЧД (role chief) is required; its scan is optional.
    const required = ["Обязательно для заполнения"]
    expect(validateForm(legal, valuesOf(legal, values))).toEqual({ chief_last_name: required, chief_first_name: required, chief_position: required })
    const chief = { chief_last_name: "Петров", chief_first_name: "Пётр", chief_position: "Генеральный директор" }
    expect(validateForm(legal, valuesOf(legal, { ...values, ...chief }))).toEqual({})
    // The preset itself allows the head (a non-qualified certificate, options): the tariff's rule is schemas/holder-rule.ts.
    expect(validateForm(legal, valuesOf(legal, { ...values, holder_role: "chief" }))).toEqual({})
  })

  test("an entrepreneur's order names its holder: the entrepreneur himself, or an employee with a position and an INN", () => {
    const ip = presets.order_cert_entrepreneur!
    const values = { ...individualOrder, company: "ИП Иванов Иван Иванович", ogrnip: "304500116000157" }
    const required = ["Обязательно для заполнения"]
    expect(validateForm(ip, valuesOf(ip, values))).toEqual({ holder_role: required })
    expect(validateForm(ip, valuesOf(ip, { ...values, holder_role: "chief" }))).toEqual({})
    const employee = { ...values, holder_role: "certificate_holder" }
    expect(validateForm(ip, valuesOf(ip, employee))).toEqual({ position: required, holder_inn: required })
    expect(validateForm(ip, valuesOf(ip, { ...employee, position: "Менеджер по закупкам", holder_inn: "500100732259" }))).toEqual({})
  })

  test("a representative brings their person (SPEC.md section 3 roles); an in-person order has no courier", () => {
    const required = ["Обязательно для заполнения"]
    expect(validateForm(preset, valuesOf(preset, { ...individualOrder, has_representative: true }))).toEqual({ representative_last_name: required, representative_first_name: required, representative_proxy: required })
    expect(preset.fields.some((f) => f.name.startsWith("courier_"))).toBe(false)
  })

  test("a field that does not apply is neither checked nor kept: the server reads it empty", () => {
    const stale = { ...individualOrder, has_representative: false, representative_last_name: "Latin", identification: "office", visit_address: "x".repeat(600) }
    const read = validatePresetInput(preset, stale)
    expect(read.ok).toBe(true)
    if (read.ok) expect([read.value.representative_last_name, read.value.visit_address]).toEqual(["", ""])
  })
})

describe("account presets", () => {
  test("the new password's confirmation must repeat it", () => {
    const preset = presets.user_pswd_edit_frm!
    const errors = validateForm(preset, { password: "Str0ng-Pa$s", password_confirmation: "Str0ng-Pa$" })
    expect(errors).toEqual({ password_confirmation: ["Пароли не совпадают"] })
  })

  test("the SMS code is six digits", () => {
    const preset = presets.user_confirm_phone_frm!
    expect(validateForm(preset, { phone_code: "12345" })).toEqual({ phone_code: ["Введите ровно 6 символов."] })
    expect(validateForm(preset, { phone_code: "123456" })).toEqual({})
  })

  test("the sign-ins carry the challenge on demand: shown only when the server asks, with no rules of its own", () => {
    for (const id of ["auth_frm", "admin_auth_frm"]) {
      const captcha = presets[id]!.fields.find((f) => f.name === "captcha")
      expect(captcha, id).toMatchObject({ type: "rucaptcha", attributes: { onDemand: true } })
      expect(captcha!.validations ?? [], id).toEqual([])
      expect(validateForm(presets[id]!, { email: "a@b.ru", password: "x", captcha: null }), id).toEqual({})
    }
  })

  test("myDSS: the phone is shown, not typed; the link goes to the account's own phone", () => {
    const phone = presets.dss_user_deeplink_frm!.fields.find((f) => f.name === "phone")
    expect(phone).toMatchObject({ attributes: { disabled: true } })
    expect(phone!.validations ?? []).toEqual([])
  })

  test("the code word takes capital Latin letters and digits only", () => {
    const preset = presets.auth_vector_frm!
    expect(validateForm(preset, { vector: "kod2024" })).toEqual({ vector: ["Некорректный формат кодового слова"] })
    expect(validateForm(preset, { vector: "KOD2024" })).toEqual({})
  })
})

describe("the register's presets (issue 11)", () => {
  test("every certificate order asks the code word with auth_vector_frm's rules; orders of extras do not", () => {
    const vector = presets.auth_vector_frm!.fields.find((f) => f.name === "vector")!
    for (const id of PRESET_IDS.filter((p) => p.startsWith("order_cert_"))) {
      const field = presets[id]!.fields.find((f) => f.name === "code_word")
      expect(field?.label, id).toBe("Кодовое слово")
      expect(field?.validations, id).toEqual(vector.validations)
    }
    for (const id of PRESET_IDS.filter((p) => p.startsWith("order_option_"))) expect(presets[id]!.fields.some((f) => f.name === "code_word"), id).toBe(false)
    const preset = presets.order_cert_individual_person!
    expect(validateForm(preset, valuesOf(preset, { ...individualOrder, code_word: "" }))).toEqual({ code_word: ["Обязательно для заполнения"] })
    expect(validateForm(preset, valuesOf(preset, { ...individualOrder, code_word: "kod2026" }))).toEqual({ code_word: ["Некорректный формат кодового слова"] })
    expect(Object.keys(validateForm(preset, valuesOf(preset, { ...individualOrder, code_word: "K1" })))).toEqual(["code_word"])
  })

  test("reestr_search_frm: a serial, or the owner's INN, OGRN or SNILS, each checked, and the captcha", () => {
    const preset = presets.reestr_search_frm!
    expect(preset.fields.find((f) => f.name === "search_by")?.attributes?.options?.map((o) => o.value)).toEqual(["serial", "inn", "ogrn", "snils"])
    const captcha = { id: "0".repeat(32), answer: "abcde" }
    const form = (v: FormValues) => validateForm(preset, valuesOf(preset, { captcha, ...v }))
    expect(form({ search_by: "serial", serial_number: "" })).toEqual({ serial_number: ["Обязательно для заполнения"] })
    expect(form({ search_by: "serial", serial_number: "53E1BAB222BCD7E6" })).toEqual({})
    expect(form({ search_by: "inn", inn: "7707083894" })).toHaveProperty("inn")
    expect(form({ search_by: "inn", inn: "7707083893" })).toEqual({})
    expect(form({ search_by: "ogrn", ogrn: "10277001321" })).toHaveProperty("ogrn")
    expect(form({ search_by: "ogrn", ogrn: "1027700132195" })).toEqual({})
    expect(form({ search_by: "snils", snils: "11223344596" })).toHaveProperty("snils")
    expect(form({ search_by: "snils", snils: "11223344595" })).toEqual({})
    expect(validateForm(preset, valuesOf(preset, { search_by: "inn", inn: "7707083893" }))).toEqual({ captcha: ["Обязательно для заполнения"] })
  })
})

// Presets go from the server to the browser and into the CRM preview as data: no functions inside.
describe("the signer's presets (issue 11)", () => {
  test("choose_certificate_epoa_frm loads the МЧД when the certificate changes (source `epoas`, handler chooseCertificate)", () => {
    const fields = presets.choose_certificate_epoa_frm!.fields
    expect(fields.find((f) => f.name === "certificate")).toMatchObject({ type: "radiogroup", attributes: { source: "certificates" }, handlers: { change: "chooseCertificate" } })
    expect(fields.find((f) => f.name === "epoa")).toMatchObject({ type: "select", attributes: { source: "epoas" } })
  })
})

test("presets are plain data (JSON round trip keeps them)", () => {
  const roundTrip = (f: FormField) => JSON.parse(JSON.stringify(f)) as FormField
  for (const p of all) for (const f of p.fields) expect(roundTrip(f)).toEqual(f)
})
