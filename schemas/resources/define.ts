import { Schema } from "effect"
import type { FieldValue, FormField, FormPreset, FormValues } from "../forms/types.ts"
import { emptyValueOf, hasRule, holdsValue } from "../forms/values.ts"
import { validateField } from "../rules/index.ts"
import { type AdminRole, CONTENT_ROLES } from "../roles.ts"
import { type AttributeCodec, type FieldCodec, flagField, textField } from "./fields.ts"

/**
 * One CRM resource, declared once and read by the server and the browser alike (DESIGN.md): its
 * table, API path and routes, answer (attributes), list (columns, search, filters, sort) and form
 * (preset, how each field travels and is stored). Pure data and pure functions: no React, no DOM,
 * no database. `defineResource` derives the rest: the input schema both sides validate with (the
 * preset's own rules, so the form and the API answer the same Russian message), the form values of
 * a record and back, the serializer, the sortable columns.
 */

export type DecodingSchema = Schema.Top & { readonly DecodingServices: never }

export interface CrmRecord {
  readonly id: string
}

export interface ResourceColumn<R> {
  readonly key: string
  readonly label: string
  value(record: R): string
  /** The stored column `?sort=` orders by when this column's heading is pressed; absent: not sortable. */
  readonly sortBy?: string
  /** How the list shows the value: an image's thumbnail, or the address with a 'Скопировать ссылку' button (the gallery). */
  readonly kind?: "image" | "copy"
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a map of codecs of different value types
export type Attributes = Readonly<Record<string, AttributeCodec<any>>>

/** The JSON:API record of a resource whose answer is its attributes only. */
export interface RecordOf<A extends Attributes> {
  readonly id: string
  readonly type: string
  readonly attributes: { readonly [K in keyof A]: A[K] extends AttributeCodec<infer T> ? T : never }
}

/** The comparisons a list's filter may make of a column. */
export type CompareOp = "in" | ">=" | "<=" | "<" | "=" | "<>"

/** Column equalities a filter's choice stands for, e.g. `{ display_at_top: true }`. */
export type Conditions = Readonly<Record<string, string | number | boolean | null>>

/** A function of a record, checked like a method (so a declaration of any record fits the list of all). */
type RecordReader<R> = { read(record: R): unknown }["read"]

export interface EditSpec<R> {
  /** The body's wrapper of create and update, e.g. `menu_item`. */
  readonly wrapper: string
  readonly newTitle: string
  readonly editTitle: string
  /** The form preset: its fields are the form, its rules validate in the form and in the API. */
  readonly form: FormPreset
  /**
   * How a value field that is not an attribute travels and is stored (a password, a parent);
   * an attribute's own codec serves its field; any other field is text (a checkbox a flag).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- codecs of different value types
  readonly fields?: Readonly<Record<string, FieldCodec<any>>>
  /** Checks of a field beyond the preset's rules (a slug's format): the form and the API run them alike. */
  readonly checks?: Readonly<Record<string, ReadonlyArray<(value: string) => string | undefined>>>
  /** Columns no two records share, with the message a taken value answers. */
  readonly unique?: Readonly<Record<string, string>>
  /** Fields required only when a record is created (a new administrator's password). */
  readonly requiredOnCreate?: readonly string[]
  /** A field's wire value that the answer carries outside `attributes` (a menu item's parent: its first ancestor). */
  readonly fromRecord?: Readonly<Record<string, RecordReader<R>>>
}

/**
 * Rows of another table that hang on a record by a foreign key (docs/crm-resources.md, "Undo"): a
 * delete snapshots them with the record and the undo puts them back. `cascade`: the database deletes
 * them with it (a rubric's questions); `set null`: it clears their column (a source's posts).
 */
export interface Dependant {
  readonly table: string
  readonly column: string
  readonly onDelete: "cascade" | "set null"
  /** Rows that the database deletes with these rows in turn (a tariff's options' group links); `cascade` only. */
  readonly dependants?: readonly Dependant[]
}

/** A record shown as the site would show it, inside the CRM: the attributes holding its title and its (sanitized) HTML body. */
export interface PreviewSpec {
  readonly title: string
  readonly body: string
}

/** One field of a record's history (the audit log's entries): its value before and after, as text. */
export interface Change {
  readonly field: string
  readonly before: string
  readonly after: string
}

/**
 * A move of a record's state made from its page (an order's status): the page offers one
 * button per choice, asks to confirm with an optional note, and posts `{ [field]: value, note }` to
 * `POST {apiPath}/{id}/{path}/`; the server's `transition` hook makes the move (422 with its message
 * when refused) and the audit log records it.
 */
export interface TransitionSpec<R> {
  /** The call below the record, e.g. `status`. */
  readonly path: string
  /** The body's field of the chosen value, e.g. `status`. */
  readonly field: string
  /** The section's heading on the record's page, e.g. 'Сменить статус'. */
  readonly title: string
  /** The moves the record's state allows now: the value sent and the button's label. */
  choices(record: R): ReadonlyArray<{ readonly value: string; readonly label: string }>
  /** The confirmation's question for a choice. */
  confirm(record: R, label: string): string
  /** The label of the optional note sent with the move. */
  readonly noteLabel: string
  /** The fields a move asks for beyond the note, sent beside it in the body (a cancel's reason, a payment's amount). */
  fields?(record: R, value: string): readonly TransitionField[]
  /** The server narrows `choices` to what the signed-in staff member may do now (`GET {apiPath}/{id}/{path}/`). */
  readonly narrowedByServer?: boolean
  /** The moves drawn as the secondary button (a cancel). */
  readonly secondary?: readonly string[]
}

/** A field a move asks for: its body key, label, input kind and whether it must be filled. */
export interface TransitionField {
  readonly name: string
  readonly label: string
  readonly kind: "text" | "textarea" | "number" | "date"
  readonly required: boolean
  readonly maxLength?: number
  /** A hint under the field. */
  readonly hint?: string
}

/**
 * A block of a record's page beyond its columns (an order's data, documents, payments, history): a
 * table of text cells, a row may carry a file to download through the CRM API (with the bearer token).
 */
export interface RecordSection {
  readonly title: string
  readonly head: readonly string[]
  readonly rows: ReadonlyArray<{ readonly cells: readonly string[]; readonly download?: { readonly url: string; readonly name: string } }>
  /** What an empty table says. */
  readonly empty: string
}

/** `?q=` also searching a column of another table the record points at (an order's customer by e-mail). */
export interface SearchVia {
  /** The record's column holding the other table's id, e.g. `user_id`. */
  readonly column: string
  readonly table: string
  readonly columns: readonly string[]
}

export interface ResourceSpec<A extends Attributes, R extends CrmRecord> {
  /** The resource's name, e.g. `menu_items`, `faq_rubrics`; server hooks are keyed by it. */
  readonly name: string
  /** The menu label and the list's heading. */
  readonly title: string
  /** E.g. `/crm/faq/rubrics`: the list; `/new` and `/{id}/edit` below it unless read-only. */
  readonly routeBase: string
  /** E.g. `/api/v2/crm/menu_items` (no trailing slash). */
  readonly apiPath: string
  readonly table: string
  /** The JSON:API type of a record, e.g. `menu_item`. */
  readonly type: string
  /** Stored columns answered as attributes, in the answer's order. */
  readonly attributes: A
  /** The answer's schema when it carries more than attributes (a menu item's relationships); else derived. */
  readonly record?: Schema.Codec<R, unknown>
  readonly columns: readonly ResourceColumn<R>[]
  /** How a record is named in the delete confirmation and alerts. */
  labelOf(record: R): string
  /** How a record is named as a choice of another form's select (default `labelOf`). */
  optionLabel?(record: R): string
  /** Columns `?q=` searches in. */
  readonly search: readonly string[]
  /** The list's filter form: `q` searches; another field's value is a column's value, or a choice of `where`. */
  readonly filter: FormPreset
  readonly where?: Readonly<Record<string, Readonly<Record<string, Conditions>>>>
  /** Choices of a filter that compare with the time of the call (a certificate's computed status): the comparisons each stands for. */
  readonly whereAt?: Readonly<Record<string, Readonly<Record<string, (at: Date) => ReadonlyArray<readonly [string, CompareOp, string]>>>>>
  /** The list's order without `?sort=`; `id` last keeps pages stable. */
  readonly order: ReadonlyArray<readonly [string, "asc" | "desc"]>
  /** Absent: a read-only resource (what visitors sent). */
  readonly edit?: EditSpec<R>
  /** Roles that may use it (list, read, write, export); default 'Администратор' and 'Редактор' (schemas/roles.ts). */
  readonly roles?: readonly AdminRole[]
  /** Rows of other tables deleted or detached with a record, which an undo of the delete restores. */
  readonly dependants?: readonly Dependant[]
  /** A preview route `routeBase/:id/preview` showing `title` and the HTML of `body` as the site does. */
  readonly preview?: PreviewSpec
  /**
   * Filter fields that are no column's equality: a multiselect of a column's values (`in`, the query
   * carries `1,2`) or a date range's end (`>=`, `<=`; dd.MM.yyyy compared as yyyy-MM-dd).
   */
  readonly filterColumns?: Readonly<Record<string, readonly [column: string, op: "in" | ">=" | "<="]>>
  /**
   * A filter whose every choice the list counts (`GET {apiPath}/counts/`: `{ counts: { value: n } }`),
   * under the other filters of the call: the orders by status. Its column is the field's name or its
   * `filterColumns` column.
   */
  readonly counts?: string
  /**
   * Choices of filter selects (`attributes.source`) read from a table the resource's roles may not
   * list in the CRM (the catalogue's offices for an operator): `GET {apiPath}/filter_options/`
   * answers `{ source: [{ value, label }] }` to the resource's roles.
   */
  readonly filterSources?: Readonly<Record<string, { readonly table: string; readonly label: string }>>
  /** One record only (robots.txt): the menu's link opens its edit form; no list, create or delete. */
  readonly singleton?: boolean
  /** A read-only record's page (`routeBase/:id`) shows these fields before and after (the audit log). */
  changes?(record: R): readonly Change[]
  /** A read-only record's page also shows these blocks (from the one-record answer; docs/account.md). */
  sections?(record: R): readonly RecordSection[]
  /** A read-only record's page offers these moves of its state. */
  readonly transitions?: TransitionSpec<R>
  /** `?q=` of digits also finds the record of that id (an order's number). */
  readonly searchId?: boolean
  /** `?q=` also searches these columns of a table the record points at. */
  readonly searchVia?: SearchVia
  /**
   * Blocks a feature draws on the list page and on a record's page beyond what is declared
   * (the register's import of .cer files, the suspension by phone, 'Выпустить' on an order), by the
   * names the CRM's panel registry knows (src/features/crm/ResourcePanels.tsx).
   */
  readonly panels?: { readonly list?: readonly string[]; readonly record?: readonly string[] }
}

/** What the form of a resource is, derived from its declaration. */
export interface Editing<R> extends EditSpec<R> {
  /** The body's schema on update (and in the edit form). */
  readonly input: DecodingSchema
  /** The body's schema on create (and in the new-record form). */
  readonly createInput: DecodingSchema
  /** `{ [wrapper]: input }`. */
  readonly body: DecodingSchema
  inputFor(id: string | number | null): DecodingSchema
  /** Values of a new record's form. */
  readonly empty: FormValues
  toForm(record: R): FormValues
  /** Form values → the body's inner object, which `input` decodes. */
  fromForm(values: FormValues): Record<string, unknown>
  /** A stored row as a body (PATCH merges the sent keys onto it). */
  toInput(row: Readonly<Record<string, unknown>>): Record<string, unknown>
  /** The columns of a valid body. */
  toColumns(input: Readonly<Record<string, unknown>>): Record<string, unknown>
  /** Every value field's codec. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- codecs of different value types
  readonly codecs: Readonly<Record<string, FieldCodec<any>>>
}

export interface ResourceDeclaration<R extends CrmRecord = CrmRecord> extends Omit<ResourceSpec<Attributes, R>, "edit" | "record" | "roles" | "dependants"> {
  readonly readOnly: boolean
  readonly roles: readonly AdminRole[]
  readonly dependants: readonly Dependant[]
  /** Decodes one record of the API's answers. */
  readonly record: DecodingSchema
  /** Stored columns `?sort=` accepts (the columns' `sortBy`). */
  readonly sortable: readonly string[]
  /** The JSON:API record of a stored row (attributes only; a server hook may add relationships). */
  serialize(row: Readonly<Record<string, unknown>>): { id: string; type: string; attributes: Record<string, unknown> }
  readonly edit?: Editing<R>
}

const isFieldCodec = (c: AttributeCodec<unknown>): c is FieldCodec<unknown> => "wire" in c
const isRequired = (f: FormField) => hasRule(f, "required")

function codecsOf<R>(attributes: Attributes, edit: EditSpec<R>): Record<string, FieldCodec<unknown>> {
  const out: Record<string, FieldCodec<unknown>> = {}
  for (const field of edit.form.fields.filter(holdsValue)) {
    const attribute = attributes[field.name]
    out[field.name] = edit.fields?.[field.name] ?? (attribute && isFieldCodec(attribute) ? attribute : field.type === "checkbox" ? flagField() : textField())
  }
  return out
}

/** The field's message for a wire value: the preset's rules on its form value, then the declared checks. */
function messageOf(field: FormField, codec: FieldCodec<unknown>, checks: ReadonlyArray<(value: string) => string | undefined>, wire: unknown) {
  const value: FieldValue = codec.toForm(wire)
  const [ruleMessage] = validateField(field, { [field.name]: value })
  if (ruleMessage) return ruleMessage
  if (typeof value === "string" && value.trim() !== "") {
    for (const check of checks) {
      const message = check(value.trim())
      if (message) return message
    }
  }
  return undefined
}

/**
 * The body's schema: per value field, its wire shape, then the preset's rules and the declared
 * checks on its form value. A field the preset requires (or `requiredOnCreate`, on create) must be
 * there ('Обязательно для заполнения'); another may be left out.
 */
function inputSchema<R>(edit: EditSpec<R>, codecs: Record<string, FieldCodec<unknown>>, create: boolean): DecodingSchema {
  const fields: Record<string, Schema.Top> = {}
  for (const field of edit.form.fields.filter(holdsValue)) {
    const codec = codecs[field.name]!
    const onCreate = create && (edit.requiredOnCreate ?? []).includes(field.name) && !isRequired(field)
    const ruled: FormField = onCreate ? { ...field, validations: ["required", ...(field.validations ?? [])] } : field
    const checks = edit.checks?.[field.name] ?? []
    const schema = codec.wire.check(Schema.makeFilter((wire: unknown) => messageOf(ruled, codec, checks, wire)))
    fields[field.name] = isRequired(ruled) ? schema : Schema.optionalKey(schema)
  }
  return Schema.Struct(fields as Schema.Struct.Fields) as unknown as DecodingSchema
}

function editingOf<R extends CrmRecord>(attributes: Attributes, edit: EditSpec<R>): Editing<R> {
  const codecs = codecsOf(attributes, edit)
  const valueFields = edit.form.fields.filter(holdsValue)
  const input = inputSchema(edit, codecs, false)
  const createInput = inputSchema(edit, codecs, true)
  const empty: Record<string, FieldValue> = {}
  for (const f of valueFields) empty[f.name] = codecs[f.name]!.initial ?? emptyValueOf(f)
  return {
    ...edit,
    codecs,
    input,
    createInput,
    body: Schema.Struct({ [edit.wrapper]: input }) as unknown as DecodingSchema,
    inputFor: (id) => (id === null ? createInput : input),
    empty,
    toForm: (record) => {
      const out: Record<string, FieldValue> = {}
      const attrs = (record as unknown as { attributes?: Record<string, unknown> }).attributes ?? {}
      for (const f of valueFields) {
        const read = edit.fromRecord?.[f.name]
        out[f.name] = codecs[f.name]!.toForm(read ? read(record) : attrs[f.name])
      }
      return out
    },
    fromForm: (values) => {
      const out: Record<string, unknown> = {}
      for (const f of valueFields) {
        const wire = codecs[f.name]!.fromForm(values[f.name] ?? emptyValueOf(f))
        if (wire !== undefined) out[f.name] = wire
      }
      return out
    },
    toInput: (row) => {
      const out: Record<string, unknown> = {}
      for (const f of valueFields) if (codecs[f.name]!.stored) out[f.name] = codecs[f.name]!.fromColumn(row[f.name])
      return out
    },
    toColumns: (body) => {
      const out: Record<string, unknown> = {}
      for (const f of valueFields) if (codecs[f.name]!.stored) out[f.name] = codecs[f.name]!.toColumn(body[f.name])
      return out
    },
  }
}

/** The answer's schema of a resource whose records are their attributes. */
const recordSchemaOf = (type: string, attributes: Attributes): DecodingSchema =>
  Schema.Struct({
    id: Schema.String,
    type: Schema.Literal(type),
    attributes: Schema.Struct(Object.fromEntries(Object.entries(attributes).map(([k, a]) => [k, a.read]))),
  }) as unknown as DecodingSchema

/** Declares a resource; the record type is the answer's (`record`), or its attributes'. */
export function defineResource<const A extends Attributes, R extends CrmRecord = RecordOf<A>>(spec: ResourceSpec<A, R>): ResourceDeclaration<R> {
  const { edit, record, roles, dependants, ...rest } = spec
  return {
    ...rest,
    readOnly: edit === undefined,
    roles: roles ?? CONTENT_ROLES,
    dependants: dependants ?? [],
    record: (record as DecodingSchema | undefined) ?? recordSchemaOf(spec.type, spec.attributes),
    sortable: spec.columns.flatMap((c) => (c.sortBy ? [c.sortBy] : [])),
    serialize: (row) => ({
      id: String(row.id),
      type: spec.type,
      attributes: Object.fromEntries(Object.entries(spec.attributes).map(([k, a]) => [k, a.fromColumn(row[k])])),
    }),
    ...(edit ? { edit: editingOf(spec.attributes, edit) } : {}),
  }
}
