import { Schema } from "effect"
import { INTEGER_MAX } from "../constants.ts"
import type { FieldValue } from "../forms/types.ts"
import { messages } from "../messages/common.ts"
import { crmMessages } from "../messages/crm.ts"

const v = messages.validation

/**
 * What one attribute of a CRM resource is, on each side: its schema in the API's answer (`read`),
 * and how a stored column becomes that value. Pure data and functions: the server serializes with
 * it, the browser decodes with it.
 */
export interface AttributeCodec<T> {
  /** The attribute's schema in the API's answer. */
  readonly read: Schema.Codec<T>
  /** The answer's value of a stored column. */
  readonly fromColumn: (column: unknown) => T
  /** A number column: a filter's text value is compared as a number. */
  readonly numeric?: boolean
}

/**
 * An attribute the CRM form edits: besides the answer, how its value travels in the request body
 * (`wire`, checked by the API and by the form alike) and how it becomes the form engine's value
 * and a column. The form's rules (the preset's validations) run on `toForm` of the wire value.
 */
export interface FieldCodec<T = unknown> extends AttributeCodec<T> {
  readonly wire: Schema.Top & { readonly DecodingServices: never }
  /** The form's value of a wire value (undefined: the field's empty value). */
  readonly toForm: (wire: unknown) => FieldValue
  /** The wire value of a form value; undefined leaves the key out of the body. */
  readonly fromForm: (value: FieldValue) => unknown
  /** The column's value of a valid wire value (undefined: the key was left out). */
  readonly toColumn: (wire: unknown) => unknown
  /** False when no column holds it as it is (a password: the server stores its digest). */
  readonly stored: boolean
  /** The form's value of a new record. */
  readonly initial?: FieldValue
}

const text = (s: unknown) => (typeof s === "string" ? s : "")
const Text = Schema.String.annotate({ message: v.generic })

/** Text, trimmed when stored. */
export const textField = (): FieldCodec<string> => ({
  read: Schema.String,
  fromColumn: (c) => text(c),
  wire: Text,
  toForm: (w) => text(w).trim(),
  fromForm: (f) => text(f),
  toColumn: (w) => text(w).trim(),
  stored: true,
})

/** An e-mail address: text stored lowercased (the CRM's e-mail mask lowercases in the form too). */
export const emailField = (): FieldCodec<string> => ({ ...textField(), toColumn: (w) => text(w).trim().toLowerCase() })

/** Written only: never answered, never read back into the form; a blank one on edit keeps the stored one. */
export const passwordField = (): FieldCodec<never> => ({
  read: Schema.Never,
  fromColumn: () => undefined as never,
  wire: Schema.NullOr(Text),
  toForm: (w) => (typeof w === "string" ? w : ""),
  fromForm: (f) => (typeof f === "string" && f !== "" ? f : undefined),
  toColumn: (w) => w,
  stored: false,
})

/** A whole number of a 32-bit column: in the form, digits typed as text; anything else is 'Укажите только цифры'. */
const Whole = Schema.Number.annotate({ message: v.numeric }).check(Schema.isInt({ message: v.numeric }))
export const Integer = Whole.check(Schema.makeFilter((n: number) => (Math.abs(n) <= INTEGER_MAX ? undefined : v.numeric)))

export const integerField = (initial?: number): FieldCodec<number> => ({
  read: Schema.Number,
  fromColumn: (c) => Number(c),
  numeric: true,
  wire: Integer,
  toForm: (w) => (typeof w === "number" ? String(w) : ""),
  fromForm: (f) => {
    const s = text(f).trim()
    if (s === "") return undefined
    // Letters stay text, so the wire schema answers 'Укажите только цифры'.
    return /^-?\d+$/.test(s) ? Number(s) : s
  },
  toColumn: (w) => w,
  stored: true,
  ...(initial === undefined ? {} : { initial: String(initial) }),
})

/** A yes/no: a boolean in the body and the answer, 0/1 in the column (one migration for both dialects). */
export const flagField = (): FieldCodec<boolean> => ({
  read: Schema.Boolean,
  fromColumn: (c) => c === 1 || c === true,
  wire: Schema.Boolean.annotate({ message: v.generic }),
  toForm: (w) => w === true,
  fromForm: (f) => f === true,
  toColumn: (w) => (w === true ? 1 : 0),
  stored: true,
})

/** An id beyond any stored one is not refused for its size: it is an unknown record (the server's check says so). */
const PositiveId = Whole.check(Schema.makeFilter((n: number) => (n > 0 ? undefined : v.generic)))

/**
 * Another record's id, or null for none: a select whose choices are the records of the resource its
 * form field names as `source`. The server (server/lib/declared-fields.ts, for every field with
 * `reference`) refuses an id of no record of that resource and, when the declaration has a
 * `<stem>_name` attribute beside `<stem>_id`, answers the referenced record's name there.
 */
export const referenceField = (): FieldCodec<number | null> & { readonly reference: true } => ({
  reference: true,
  read: Schema.NullOr(Schema.Number),
  fromColumn: (c) => (c === null || c === undefined ? null : Number(c)),
  wire: Schema.NullOr(PositiveId),
  toForm: (w) => (typeof w === "number" ? String(w) : ""),
  fromForm: (f) => (typeof f === "string" && f !== "" ? (/^\d+$/.test(f) ? Number(f) : f) : null),
  toColumn: (w) => (typeof w === "number" ? w : null),
  stored: true,
})

/** Whether a codec is a reference to another record the server checks. */
export const isReferenceCodec = (codec: unknown): boolean => (codec as { reference?: unknown } | null)?.reference === true

/** A slug of an address: lowercase Latin, digits and hyphens (a city's region page, a rubric). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const slugFormat = (s: string): string | undefined => (SLUG_PATTERN.test(s) ? undefined : crmMessages.slugFormat)

/** Read-only attributes of the answers (visitors' requests). */
export const nullableText: AttributeCodec<string | null> = {
  read: Schema.NullOr(Schema.String),
  fromColumn: (c) => (typeof c === "string" ? c : null),
}
export const plainText: AttributeCodec<string> = { read: Schema.String, fromColumn: (c) => text(c) }
export const plainNumber: AttributeCodec<number> = { read: Schema.Number, fromColumn: (c) => Number(c), numeric: true }

/**
 * Rich text of the editor (`editor`): HTML in the form, the body and the answer. The server
 * sanitizes it before storing (server/lib/declared-fields.ts, for every field with `html` of every
 * declared resource), so the column never holds a script, an `on*` attribute or a `javascript:` address.
 */
export const htmlField = (): FieldCodec<string> & { readonly html: true } => ({ ...textField(), html: true })

/** Whether a codec is rich text the server sanitizes. */
export const isHtmlCodec = (codec: unknown): boolean => (codec as { html?: unknown } | null)?.html === true

/** Text that may be blank: "" in the form, null in the column and the answer. */
export const nullableTextField = (): FieldCodec<string | null> => ({
  read: Schema.NullOr(Schema.String),
  fromColumn: (c) => (typeof c === "string" ? c : null),
  wire: Schema.NullOr(Text),
  toForm: (w) => text(w).trim(),
  fromForm: (f) => (text(f).trim() === "" ? null : text(f)),
  toColumn: (w) => (text(w).trim() === "" ? null : text(w).trim()),
  stored: true,
})

/**
 * One of the preset's options (a select with `attributes.options`): anything else is 'Необходимо
 * выбрать вариант из предложенного списка'. `nullable`: the blank choice is stored as null.
 */
export const choiceField = (options: readonly { readonly value: string }[], nullable = false): FieldCodec<string | null> => {
  const values = new Set(options.map((o) => o.value))
  const among = Schema.makeFilter((s: string | null) => (s === null || s === "" || values.has(s) ? undefined : v.select))
  return {
    ...nullableTextField(),
    read: nullable ? Schema.NullOr(Schema.String) : (Schema.String as unknown as Schema.Codec<string | null>),
    fromColumn: (c) => (typeof c === "string" ? c : nullable ? null : ""),
    wire: (nullable ? Schema.NullOr(Text) : Text).check(among) as FieldCodec["wire"],
    fromForm: (f) => (text(f) === "" && nullable ? null : text(f)),
    toColumn: (w) => (text(w) === "" ? (nullable ? null : "") : text(w)),
  }
}

/** `yyyy-MM-dd` (the wire's and the column's date) of a real day. */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const CALENDAR_DAY = /^(\d{2})\.(\d{2})\.(\d{4})$/

/** dd.MM.yyyy → yyyy-MM-dd; anything else as it is (the wire's check refuses it). */
export const isoDayOf = (s: string): string => {
  const m = CALENDAR_DAY.exec(s.trim())
  return m ? `${m[3]}-${m[2]}-${m[1]}` : s.trim()
}
/** yyyy-MM-dd → dd.MM.yyyy; anything else as it is (the preset's `dateCorrect` refuses it). */
export const calendarDayOf = (s: string): string => {
  const m = ISO_DAY.exec(s.trim())
  return m ? `${m[3]}.${m[2]}.${m[1]}` : s.trim()
}

/**
 * A calendar day: dd.MM.yyyy in the form (the `date` mask), `yyyy-MM-dd` in the body, the column and
 * the answer (sortable as text), null when blank. A body's date in another format is 'Некорректно
 * заполнено поле'; the preset's `dateCorrect` refuses a day that does not exist (31.02.2024).
 */
export const dateField = (): FieldCodec<string | null> => ({
  read: Schema.NullOr(Schema.String),
  fromColumn: (c) => (typeof c === "string" && c !== "" ? c : null),
  wire: Schema.NullOr(Text.check(Schema.makeFilter((s: string) => (s === "" || ISO_DAY.test(s) ? undefined : v.generic)))),
  toForm: (w) => calendarDayOf(text(w)),
  fromForm: (f) => (text(f).trim() === "" ? null : isoDayOf(text(f))),
  toColumn: (w) => (text(w).trim() === "" ? null : text(w).trim()),
  stored: true,
})

/** A stored file as the answer and the body carry it (the upload field's one file). */
export interface StoredFile {
  readonly name: string
  readonly url: string
  readonly size: number
  readonly type: string
}

export const StoredFileSchema = Schema.Struct({
  name: Schema.String,
  url: Schema.String,
  size: Schema.Number,
  type: Schema.String,
})

/** The wire's file: a file the CRM's upload answered (`POST /api/v2/crm/files`); size and type may be left out (the server knows them). */
const WireFile = Schema.Struct({
  name: Text,
  url: Text,
  size: Schema.optionalKey(Schema.Number),
  type: Schema.optionalKey(Schema.String),
}).annotate({ message: v.generic })

const storedFileOf = (c: unknown): StoredFile | null => {
  if (typeof c !== "string" || c === "") return null
  try {
    const f = JSON.parse(c) as Partial<StoredFile> | null
    return f && typeof f.name === "string" && typeof f.url === "string" ? { name: f.name, url: f.url, size: Number(f.size ?? 0), type: String(f.type ?? "") } : null
  } catch {
    return null
  }
}

/**
 * One uploaded public file (`upload` without `multiple`): the form's file list ↔ the body's
 * `{ name, url, size, type }` or null ↔ a JSON text column. The server accepts only a file it stored
 * itself (`/uploads/files/…`, recorded by `POST /api/v2/crm/files`) and takes name, size and type from
 * its own record (server/lib/declared-fields.ts); the preset's file rules check the name and size.
 */
export const fileField = (): FieldCodec<StoredFile | null> & { readonly file: true } => ({
  file: true,
  read: Schema.NullOr(StoredFileSchema),
  fromColumn: storedFileOf,
  wire: Schema.NullOr(WireFile),
  toForm: (w) => {
    const f = w as Partial<StoredFile> | null | undefined
    return f && typeof f === "object" && typeof f.name === "string" && typeof f.url === "string"
      ? [{ name: f.name, url: f.url, ...(typeof f.size === "number" ? { size: f.size } : {}), ...(typeof f.type === "string" ? { type: f.type } : {}) }]
      : []
  },
  fromForm: (f) => {
    const kept = Array.isArray(f) ? (f as readonly { name: string; url: string; size?: number; type?: string; isDeleted?: boolean }[]).filter((x) => !x.isDeleted) : []
    const last = kept[kept.length - 1]
    return last ? { name: last.name, url: last.url, ...(last.size === undefined ? {} : { size: last.size }), ...(last.type === undefined ? {} : { type: last.type }) } : null
  },
  toColumn: (w) => {
    const f = w as Partial<StoredFile> | null | undefined
    return f && typeof f === "object" ? JSON.stringify({ name: f.name, url: f.url, size: f.size ?? 0, type: f.type ?? "" }) : null
  },
  stored: true,
})

/** Whether a codec is an uploaded file the server must recognize as its own. */
export const isFileCodec = (codec: unknown): boolean => (codec as { file?: unknown } | null)?.file === true

/** A path as the content tables keep it: leading slash, no trailing slash (the root is "/"), no query. */
export function sitePath(raw: string): string {
  const path = (raw.split(/[?#]/)[0] ?? "").trim()
  const trimmed = (path.startsWith("/") ? path : `/${path}`).replace(/\/+$/, "")
  return trimmed === "" ? "/" : trimmed
}

/** A path of this site (`/about_company`): text stored normalized, so `/about_company/` is the same page. */
export const pathField = (): FieldCodec<string> => ({ ...textField(), toColumn: (w) => sitePath(text(w)) })

/** A page's path: `/`, lowercase Latin letters, digits, `-` and `_` (the info pages of SPEC.md section 2). */
export const PAGE_PATH_PATTERN = /^\/?[a-z0-9_-]+(?:\/[a-z0-9_-]+)*\/?$|^\/$/
export const pagePathFormat = (s: string): string | undefined => (PAGE_PATH_PATTERN.test(s) ? undefined : crmMessages.pagePathFormat)

/** A banner's pages: a path, or the start of paths with a final `*` (`/faq*`). */
export const BANNER_PATH_PATTERN = /^\/[a-z0-9_\-/]*\*?$/
export const bannerPathFormat = (s: string): string | undefined => (BANNER_PATH_PATTERN.test(s) ? undefined : crmMessages.bannerPathFormat)
/** A banner's pattern stored as typed, without a trailing slash before the end (`/faq/` → `/faq`; `/faq/*` stays). */
export const bannerPathField = (): FieldCodec<string> => ({ ...textField(), toColumn: (w) => (text(w).trim().endsWith("*") ? text(w).trim() : sitePath(text(w))) })

/** Another site's address. */
export const siteUrlFormat = (s: string): string | undefined => (/^https?:\/\/[^\s/]+\.[^\s]+$/.test(s) ? undefined : crmMessages.siteUrlFormat)

/** The join table of a many-to-many field: its rows `{ [own]: record id, [other]: linked id }`, the linked ids of table `target`. */
export interface JoinTable {
  readonly table: string
  readonly own: string
  readonly other: string
  readonly target: string
}

/**
 * Ids of other records linked through a join table (an option's groups, a platform's tariffs): a
 * multiselect of that resource's records (its `source`) in the form, a list of ids in the body and
 * the answer, the join table's rows in the database (no column of its own). The server
 * (server/lib/declared-fields.ts, for every field with `join`) checks that each id exists, replaces
 * the rows in the write's transaction and answers the list; a PATCH that leaves it out keeps them.
 */
export const linkedIdsField = (join: JoinTable): FieldCodec<readonly number[]> & { readonly join: JoinTable } => ({
  join,
  read: Schema.Array(Schema.Number),
  fromColumn: (c) => (Array.isArray(c) ? c.map(Number) : []),
  wire: Schema.Array(PositiveId).annotate({ message: v.select }),
  toForm: (w) => (Array.isArray(w) ? w.map(String) : []),
  fromForm: (f) => (Array.isArray(f) ? [...new Set(f.map(String))].map((s) => (/^\d+$/.test(s) ? Number(s) : s)) : []),
  toColumn: (w) => (Array.isArray(w) ? [...new Set(w as number[])] : []),
  stored: false,
})

/** The join table of a linked-ids codec, if it is one. */
export const joinOf = (codec: unknown): JoinTable | undefined => (codec as { join?: JoinTable } | null)?.join
