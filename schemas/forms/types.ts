/**
 * The form engine's declarations (SPEC.md section 3, "Form field"): a preset is an id and its fields;
 * a field is pure data (no functions, no React), shared by the browser, which renders and validates it,
 * and the server, which validates a request carrying the preset's fields with the same rules.
 */

/** The 17 field types of SPEC.md section 3. */
export const FIELD_TYPES = [
  "autocomplete",
  "button",
  "submit",
  "calendar",
  "checkbox",
  "checkboxgroup",
  "dadata",
  "input",
  "multiselect",
  "radiogroup",
  "rucaptcha",
  "select",
  "text",
  "textarea",
  "editor",
  "upload",
  "rating",
] as const
export type FieldType = (typeof FIELD_TYPES)[number]

/** Every rule the engine accepts (SPEC.md section 5, "Rules accepted by the form engine"). */
export const RULE_NAMES = [
  "checkboxRequired",
  "dateCorrect",
  "datePastCorrect",
  "birthDateFromPassport",
  "passportAge",
  "depends",
  "email",
  "fileCorrectExtension",
  "fileCorrectSize",
  "fileRequired",
  "inn",
  "kpp",
  "latchars",
  "length",
  "maxLength",
  "minLength",
  "numeric",
  "nolatin",
  "ogrn",
  "passport",
  "password",
  "phoneCode",
  "phone",
  "required",
  "ruschars",
  "sameAs",
  "snils",
  "authenticationVector",
  "specialSymbolsPass",
  "specialSymbolsComment",
] as const
export type RuleName = (typeof RULE_NAMES)[number]

/**
 * A rule as a preset names it: the bare name, or the name with its arguments, e.g.
 * `{ name: "maxLength", args: [255] }`, `{ name: "sameAs", args: ["password"] }`.
 * Arguments by rule: length/maxLength/minLength/ogrn/phoneCode take a number; sameAs and
 * birthDateFromPassport and passportAge take the other field's name; depends takes the other field's name and,
 * optionally, the value that makes this field required; fileCorrectExtension optionally takes the
 * extension list's name (`UploadAccept`), default "files".
 */
export type RuleRef = RuleName | { readonly name: RuleName; readonly args?: readonly (string | number)[] }

/** The masks of SPEC.md section 5, "Input handling", by name (definitions: src/features/forms/masks.ts). */
export const MASK_NAMES = [
  "date",
  "dateLine",
  "email",
  "inn12",
  "inn10",
  "kpp",
  "ogrn",
  "ogrnip",
  "passport",
  "divisionCode",
  "phone",
  "smsCode",
  "snils",
  "number",
] as const
export type MaskName = (typeof MASK_NAMES)[number]

/** Which extension list an upload accepts: any document, images only, or the editor's jpg/png. */
export type UploadAccept = "files" | "images" | "editorImages" | "epDocs"

/** A choice of a select, multiselect, radio group, checkbox group or autocomplete (SPEC.md section 3). */
export interface FieldOption {
  readonly value: string
  readonly label: string
  readonly disabled?: boolean
  readonly attributes?: { readonly cost?: number; readonly tooltip?: string }
  readonly data?: { readonly name?: string; readonly inn?: string; readonly address?: string }
}

/** Choices the form's host supplies, by the `attributes.source` key of the fields that take them. */
export type FieldOptionsBySource = Readonly<Record<string, readonly FieldOption[]>>

/** A file the field already holds (uploaded now or earlier). `isDeleted` marks one the user removed. */
export interface FileValue {
  readonly name: string
  readonly url: string
  readonly size?: number
  readonly type?: string
  readonly isDeleted?: boolean
}

/** A captcha answer: the id the server gave with the image and what the visitor typed. */
export interface CaptchaValue {
  readonly id: string
  readonly answer: string
}

/** What a field holds. Text-like fields hold a string; checkbox a boolean; groups and multiselect
 * string lists; upload a file list; rucaptcha a `CaptchaValue`; rating a number, null while none is chosen.
 * `required` fails on null, a blank string, false, an empty list (or only deleted files) and a
 * captcha without an answer. */
export type FieldValue = string | number | boolean | readonly string[] | readonly FileValue[] | CaptchaValue | null
export type FormValues = Readonly<Record<string, FieldValue>>

export interface FieldAttributes {
  /** HTML input type of an `input`: text (default), email, password, tel. */
  readonly type?: "text" | "email" | "password" | "tel"
  readonly inputMode?: "numeric" | "text" | "email" | "tel" | "url" | "decimal"
  readonly autoComplete?: string
  readonly rows?: number
  readonly maxLength?: number
  readonly disabled?: boolean
  readonly readOnly?: boolean
  /** A hint under the field. */
  readonly hint?: string
  /** Static choices of select, multiselect, radiogroup, checkboxgroup, autocomplete. */
  readonly options?: readonly FieldOption[]
  /** Or the key of choices the form's host supplies (`options` prop), e.g. "menu_items", "tariffs". */
  readonly source?: string
  /** dadata: what is suggested. */
  readonly suggest?: "party" | "address"
  /** upload: the extension list, and whether several files are allowed. */
  readonly accept?: UploadAccept
  readonly multiple?: boolean
  /** upload: a CRM file published on the site (`POST /api/v2/crm/files`), not a visitor's private document. */
  readonly publicFile?: boolean
  /** rating: the scale's top (SPEC: 1 to 10). */
  readonly max?: number
  /** calendar: the earliest and latest dates, dd.MM.yyyy or "today". */
  readonly min?: string
  readonly maxDate?: string
  /** button/submit: the visual variant. */
  readonly variant?: "primary" | "secondary" | "link"
  /** editor: the image slug sent with `POST /api/v2/crm/images`. */
  readonly slug?: string
  /** text: the static text (markup-free) shown by a `text` field; may hold a link by `handlers.click`. */
  readonly text?: string
  /**
   * Shown only once the server asks for it (a 422 naming this field), then kept: the sign-in's challenge,
   * which an account needs only after repeated failures. Such a field carries no rules of its own.
   */
  readonly onDemand?: boolean
  /**
   * The field applies only while another field holds a value (`[field, value]`, as the `depends` rule's
   * arguments): otherwise it is not shown, not checked and not kept. A `depends` rule with a value
   * implies it; this names it for a field without rules (a middle name).
   */
  readonly when?: readonly [string, string]
}

/**
 * Named handlers, resolved by the form's host (`handlers` prop of the Form component): e.g.
 * `{ click: "openPolicy" }` on a button, `{ select: "fillCompany" }` on a dadata field, `{ input: … }` on an
 * autocomplete whose host loads the choices for the typed text (the delivery cities).
 */
export type FieldHandlers = Readonly<Partial<Record<"click" | "change" | "select" | "blur" | "input", string>>>

export interface FormField {
  readonly name: string
  readonly type: FieldType
  readonly label?: string
  readonly placeholder?: string
  readonly mask?: MaskName
  /** Layout width class: full row (default), half or third. */
  readonly class?: "full" | "half" | "third"
  readonly validations?: readonly RuleRef[]
  readonly attributes?: FieldAttributes
  readonly handlers?: FieldHandlers
}

export interface FormPreset {
  readonly id: string
  readonly fields: readonly FormField[]
}

/** Declares a preset with its fields checked against the engine's types. */
export const definePreset = <P extends FormPreset>(preset: P): P => preset
