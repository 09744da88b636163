import { hasRule } from "../../schemas/forms/values.ts"
import type { Kysely } from "kysely"
import { catalogueCrmMessages } from "../../schemas/messages/catalogue-crm.ts"
import { INTEGER_MAX } from "../../schemas/constants.ts"
import { crmMessages } from "../../schemas/messages/crm.ts"
import type { FormField } from "../../schemas/forms/types.ts"
import { messages } from "../../schemas/messages/common.ts"
import type { ResourceDeclaration } from "../../schemas/resources/define.ts"
import { isFileCodec, isHtmlCodec, isReferenceCodec, joinOf, type JoinTable, type StoredFile } from "../../schemas/resources/fields.ts"
import { resourceNamed } from "../../schemas/resources/index.ts"
import type { FieldErrors } from "../../schemas/validate.ts"
import { publicFileOf } from "../services/public-files.ts"
import type { Row, ServerHooks } from "./crud.ts"
import type { Deps } from "./env.ts"
import { sanitizeEditorHtml } from "./sanitize-html.ts"

/**
 * What the server does for a declared field because of its type, for every resource `mountResource`
 * mounts (docs/crm-resources.md, "What the field types make the server do"); nothing here is keyed by a
 * resource's name:
 * - rich text (`htmlField`) is sanitized before it is stored (server/lib/sanitize-html.ts); a
 *   required one left with no text and no image after that is 'Обязательно для заполнения';
 * - an uploaded file (`fileField`) must be one the CRM stored itself (`POST /api/v2/crm/files`, or an
 *   image of the gallery): its name, size and type are taken from that record, any other address is
 *   'Файл не найден: загрузите его заново';
 * - a reference (`referenceField`) must name an existing record of the resource its form field names
 *   as `source`; a `<stem>_name` attribute beside `<stem>_id` answers that record's name (`labelOf`);
 * - a linked-ids field (`linkedIdsField`, many-to-many) names existing records only, its join table's
 *   rows are replaced in the write's transaction, and the answer carries the list.
 * A resource's own rules (a cross-field rule, a delete it refuses) come after these, by its name
 * (server/routes/crm-resources.ts); a field's message from here is not overwritten by them.
 */

type Db = Deps["db"]
type Tables = Kysely<Record<string, Row>>
const tables = (db: Db) => db.kysely as unknown as Tables

/**
 * What a reference to a record that does not exist answers, by the referenced resource; a resource
 * not listed: 'Необходимо выбрать вариант из предложенного списка' (as a linked id that does not exist).
 */
const missingRecord: Readonly<Record<string, string>> = {
  faq_rubrics: crmMessages.unknownRubric,
  post_sources: crmMessages.unknownSource,
  tariffs: catalogueCrmMessages.unknownTariff,
  cities: catalogueCrmMessages.unknownCity,
  offices: crmMessages.unknownOffice,
  menu_items: crmMessages.unknownParent,
}

interface Reference {
  readonly field: string
  readonly target: ResourceDeclaration
  readonly message: string
  /** The attribute answering the referenced record's name, if the declaration has it. */
  readonly nameAs?: string
}

/**
 * Ids the referenced tables can hold (their `id` is a 32-bit serial): a larger one is a record that does
 * not exist, answered so without asking PostgreSQL, which refuses to compare an integer column with it.
 */
const storable = (id: number) => id <= INTEGER_MAX

const isRequired = (f: FormField) => hasRule(f, "required", "fileRequired")
/** Whether sanitized HTML still shows something: text or an image. */
const showsSomething = (html: string) => /<img\s/i.test(html) || html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\s/g, "") !== ""

/** An image of the gallery by its address (the editor's uploads are recorded there, not in `uploads`). */
async function galleryImageOf(db: Db, url: string): Promise<StoredFile | null> {
  const row = await db.kysely.selectFrom("gallery_images").select(["name", "url", "size", "mime"]).where("url", "=", url).executeTakeFirst()
  return row ? { name: row.name, url: row.url, size: row.size, type: row.mime } : null
}

/** The files a check verified, by the input they came with, for the columns to store. */
const verified = new WeakMap<object, Record<string, StoredFile>>()

/**
 * The stored files the check of this very input verified, by field (crud.ts checks, then asks for the
 * columns): a resource that stores a file its own way (the gallery's address, size and type) reads it here.
 */
export const verifiedFilesOf = (input: object): Readonly<Record<string, StoredFile>> => verified.get(input) ?? {}

/** The references of a declaration's form: each `referenceField` and the resource its `source` names. */
function referencesOf(resource: ResourceDeclaration): Reference[] {
  const edit = resource.edit
  if (!edit) return []
  return edit.form.fields.flatMap((field): Reference[] => {
    if (!isReferenceCodec(edit.codecs[field.name])) return []
    const source = field.attributes?.source
    const target = source === resource.name ? resource : source ? resourceNamed(source) : undefined
    if (!target) throw new Error(`${resource.name}.${field.name}: a reference's form field names no declared resource as its source`)
    const stem = field.name.replace(/_id$/, "")
    const nameAs = stem !== field.name && `${stem}_name` in resource.attributes ? `${stem}_name` : undefined
    return [{ field: field.name, target, message: missingRecord[target.name] ?? messages.validation.select, ...(nameAs ? { nameAs } : {}) }]
  })
}

/** The hooks a declaration's field types give (empty for a resource without such fields). */
function declaredFieldHooks(resource: ResourceDeclaration): ServerHooks {
  const edit = resource.edit
  if (!edit) return {}
  const codecs = edit.codecs
  const htmlFields = Object.keys(codecs).filter((name) => isHtmlCodec(codecs[name]))
  const fileFields = Object.keys(codecs).filter((name) => isFileCodec(codecs[name]))
  const required = new Set(edit.form.fields.filter(isRequired).map((f) => f.name))
  const references = referencesOf(resource)
  const named = references.filter((ref) => ref.nameAs)
  const joins = Object.keys(codecs).flatMap((name): Array<[string, JoinTable]> => {
    const join = joinOf(codecs[name])
    return join ? [[name, join]] : []
  })
  if (htmlFields.length + fileFields.length + references.length + joins.length === 0) return {}

  return {
    async check(db, input, id) {
      const errors: Record<string, string[]> = {}
      for (const name of htmlFields) {
        const html = input[name]
        if (typeof html === "string" && required.has(name) && !showsSomething(sanitizeEditorHtml(html))) errors[name] = [messages.validation.required]
      }
      const files: Record<string, StoredFile> = {}
      for (const name of fileFields) {
        const sent = input[name] as { url?: unknown } | null | undefined
        // `fileRequired` leaves the key optional in the input schema: a required file is checked here.
        // A file no column holds as it is (the gallery's) keeps the stored one when an update leaves it out.
        if (!sent || typeof sent.url !== "string") {
          if (required.has(name) && (codecs[name]!.stored || id === null)) errors[name] = [messages.validation.required]
          continue
        }
        const stored = (await publicFileOf({ db }, sent.url)) ?? (await galleryImageOf(db, sent.url))
        if (stored) files[name] = stored
        else errors[name] = [crmMessages.unknownFile]
      }
      verified.set(input, files)
      for (const ref of references) {
        const value = input[ref.field]
        if (typeof value !== "number") continue
        const found = storable(value) && (await tables(db).selectFrom(ref.target.table).select("id").where("id", "=", value).executeTakeFirst())
        if (!found) errors[ref.field] = [ref.message]
      }
      for (const [name, join] of joins) {
        const ids = input[name]
        if (!Array.isArray(ids) || ids.length === 0) continue
        const unique = new Set(ids as number[])
        const found = [...unique].every(storable) ? await tables(db).selectFrom(join.target).select("id").where("id", "in", [...unique]).execute() : []
        if (found.length !== unique.size) errors[name] = [messages.validation.select]
      }
      return Object.keys(errors).length > 0 ? errors : null
    },
    columns(input) {
      const out: Record<string, unknown> = {}
      for (const name of htmlFields) if (typeof input[name] === "string") out[name] = sanitizeEditorHtml(input[name])
      // The check ran on this very input; without its record of the files the declared columns stand
      // (the body's file, which the check accepted).
      const files = verified.get(input)
      for (const name of fileFields) {
        if (!files || !(name in input) || !codecs[name]!.stored) continue
        const file = files[name]
        out[name] = file ? JSON.stringify(file) : null
      }
      return out
    },
    ...(joins.length > 0
      ? {
          async afterWrite(trx: Tables, id: number, input: Record<string, unknown>) {
            for (const [name, join] of joins) {
              const ids = input[name]
              // Left out (a PATCH without it): the links stay.
              if (!Array.isArray(ids)) continue
              await trx.deleteFrom(join.table).where(join.own, "=", id).execute()
              const unique = [...new Set(ids as number[])]
              if (unique.length > 0) await trx.insertInto(join.table).values(unique.map((other) => ({ [join.own]: id, [join.other]: other })) as never).execute()
            }
          },
        }
      : {}),
    ...(named.length > 0 || joins.length > 0
      ? {
          // The rows with what the answer carries beside their columns: the referenced names, the linked ids.
          async serialize(db: Db, rows: Row[]) {
            const linked: Record<string, Map<number, number[]>> = {}
            const rowIds = rows.map((r) => Number(r.id))
            for (const [name, join] of joins) {
              const map = new Map<number, number[]>()
              const links = rowIds.length > 0 ? await tables(db).selectFrom(join.table).select([join.own, join.other]).where(join.own, "in", rowIds).orderBy(join.other).execute() : []
              for (const l of links) map.set(Number(l[join.own]), [...(map.get(Number(l[join.own])) ?? []), Number(l[join.other])])
              linked[name] = map
            }
            const names: Record<string, Map<number, string>> = {}
            for (const ref of named) {
              const ids = [...new Set(rows.map((r) => r[ref.field]).filter((v): v is number => typeof v === "number"))]
              const found = ids.length > 0 ? ((await tables(db).selectFrom(ref.target.table).selectAll().where("id", "in", ids).execute()) as Row[]) : []
              names[ref.field] = new Map(found.map((f) => [Number(f.id), ref.target.labelOf(ref.target.serialize(f))]))
            }
            return rows.map((row) => {
              const extra: Record<string, unknown> = {}
              for (const ref of named) {
                const id = row[ref.field]
                extra[ref.nameAs!] = typeof id === "number" ? (names[ref.field]!.get(id) ?? null) : null
              }
              for (const [name] of joins) extra[name] = linked[name]!.get(Number(row.id)) ?? []
              return { ...row, ...extra }
            })
          },
        }
      : {}),
  }
}

/**
 * The hooks `mountResource` runs for a declaration: those its field types give, then the resource's
 * own (`own`, keyed by its name in server/routes/crm-resources.ts). Checks: the fields' first, the
 * resource's own for the fields they left without a message. Columns: the resource's own over the
 * fields'. The answer: the rows with their referenced names and linked ids, through the resource's
 * own `serialize` if it has one, else the declaration's. The rest is the resource's own.
 */
export function withDeclaredFields(resource: ResourceDeclaration, own: ServerHooks = {}): ServerHooks {
  const fields = declaredFieldHooks(resource)
  const fieldCheck = fields.check
  const fieldColumns = fields.columns
  const fieldWrite = fields.afterWrite
  const enrich = fields.serialize as ((db: Db, rows: Row[]) => Promise<Row[]>) | undefined
  const ownSerialize = own.serialize
  return {
    ...own,
    ...(fieldCheck
      ? {
          async check(db, input, id): Promise<FieldErrors | null> {
            const errors: Record<string, string[]> = { ...(await fieldCheck(db, input, id)) }
            for (const [name, list] of Object.entries((await own.check?.(db, input, id)) ?? {})) errors[name] ??= [...list]
            return Object.keys(errors).length > 0 ? errors : null
          },
        }
      : {}),
    ...(fieldColumns ? { columns: async (input, id) => ({ ...(await fieldColumns(input, id)), ...(await own.columns?.(input, id)) }) } : {}),
    ...(fieldWrite
      ? {
          async afterWrite(trx, id, input) {
            await fieldWrite(trx, id, input)
            await own.afterWrite?.(trx, id, input)
          },
        }
      : {}),
    ...(enrich
      ? {
          async serialize(db, rows) {
            const full = await enrich(db, rows)
            return ownSerialize ? ownSerialize(db, full) : full.map((row) => resource.serialize(row))
          },
        }
      : {}),
  }
}
