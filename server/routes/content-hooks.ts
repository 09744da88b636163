import type { Kysely } from "kysely"
import { catalogueCrmMessages } from "../../schemas/catalogue-crm-messages.ts"
import { crmMessages } from "../../schemas/crm-messages.ts"
import type { FormField } from "../../schemas/forms/types.ts"
import { messages } from "../../schemas/messages.ts"
import type { ResourceDeclaration } from "../../schemas/resources/define.ts"
import { isFileCodec, isHtmlCodec, joinOf, type JoinTable, type StoredFile } from "../../schemas/resources/fields.ts"
import type { FieldErrors } from "../../schemas/validate.ts"
import type { Row, ServerHooks } from "../lib/crud.ts"
import type { Deps } from "../lib/env.ts"
import { sanitizeEditorHtml } from "../lib/sanitize-html.ts"
import { publicFileOf } from "./crm-files.ts"

/**
 * What the server alone does for the content resources (issue 9, docs/content-resources.md), said
 * once for every field of a kind and not per resource:
 * - rich text (`htmlField`) is sanitized before it is stored (server/lib/sanitize-html.ts); a
 *   required one left with no text and no image after that is 'Обязательно для заполнения';
 * - an uploaded file (`fileField`) must be one the CRM stored itself (`POST /api/v2/crm/files`, or an image of the gallery): its
 *   name, size and type are taken from that record, any other address is 'Файл не найден: загрузите его заново';
 * - a reference (a rubric, a source) must name an existing record;
 * - the answer carries the referenced record's name for the list (`rubric_name`, `source_name`);
 * - a linked-ids field (`linkedIdsField`, many-to-many) names existing records only, its join table's
 *   rows are replaced in the write's transaction, and the answer carries the list.
 * A resource adds only its own cross-field rule (an EP document's file or link, a banner's period).
 */

type Db = Deps["db"]
type Tables = Kysely<Record<string, Row>>
const tables = (db: Db) => db.kysely as unknown as Tables

/** A referenced table and the name column the list shows, by the reference's field. */
interface Reference {
  readonly table: string
  readonly message: string
  /** The attribute answering the referenced record's name. */
  readonly nameAs?: string
}

interface ContentRules {
  readonly references?: Readonly<Record<string, Reference>>
  /** The resource's own checks beyond the generic ones. */
  readonly check?: (input: Record<string, unknown>, id: number | null, db: Db) => FieldErrors | null | Promise<FieldErrors | null>
  /** Columns of the resource's own beyond the generic ones (the gallery's address, size and type of its file). */
  readonly columns?: (input: Record<string, unknown>, files: Readonly<Record<string, StoredFile>>) => Record<string, unknown>
  readonly beforeDelete?: ServerHooks["beforeDelete"]
}

const hasRule = (f: FormField, rule: string) => (f.validations ?? []).some((r) => (typeof r === "string" ? r : r.name) === rule)
const isRequired = (f: FormField) => hasRule(f, "required") || hasRule(f, "fileRequired")
/** Whether sanitized HTML still shows something: text or an image. */
const showsSomething = (html: string) => /<img\s/i.test(html) || html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\s/g, "") !== ""

/** An image of the gallery by its address (the editor's uploads are recorded there, not in `uploads`). */
async function galleryImageOf(db: Db, url: string): Promise<StoredFile | null> {
  const row = await db.kysely.selectFrom("gallery_images").select(["name", "url", "size", "mime"]).where("url", "=", url).executeTakeFirst()
  return row ? { name: row.name, url: row.url, size: row.size, type: row.mime } : null
}

/** The files a check verified, by the input they came with, for `columns` to store. */
const verified = new WeakMap<object, Record<string, StoredFile>>()

export function contentHooks(resource: ResourceDeclaration, rules: ContentRules = {}): ServerHooks {
  const edit = resource.edit
  const codecs = edit?.codecs ?? {}
  const htmlFields = Object.keys(codecs).filter((name) => isHtmlCodec(codecs[name]))
  const fileFields = Object.keys(codecs).filter((name) => isFileCodec(codecs[name]))
  const required = new Set((edit?.form.fields ?? []).filter(isRequired).map((f) => f.name))
  const references = Object.entries(rules.references ?? {})
  const named = references.filter(([, ref]) => ref.nameAs)
  const joins = Object.keys(codecs).flatMap((name): Array<[string, JoinTable]> => {
    const join = joinOf(codecs[name])
    return join ? [[name, join]] : []
  })

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
      for (const [name, ref] of references) {
        const value = input[name]
        if (typeof value !== "number") continue
        const found = await tables(db).selectFrom(ref.table).select("id").where("id", "=", value).executeTakeFirst()
        if (!found) errors[name] = [ref.message]
      }
      for (const [name, join] of joins) {
        const ids = input[name]
        if (!Array.isArray(ids) || ids.length === 0) continue
        const found = await tables(db).selectFrom(join.target).select("id").where("id", "in", ids as number[]).execute()
        if (found.length !== new Set(ids).size) errors[name] = [messages.validation.select]
      }
      const own = (await rules.check?.(input, id, db)) ?? {}
      for (const [name, list] of Object.entries(own)) errors[name] ??= [...list]
      return Object.keys(errors).length > 0 ? errors : null
    },
    columns(input) {
      const out: Record<string, unknown> = {}
      for (const name of htmlFields) if (typeof input[name] === "string") out[name] = sanitizeEditorHtml(input[name])
      // The check ran on this very input (crud.ts checks, then asks for the columns); without its
      // record of the files the declared columns stand (the body's file, which the check accepted).
      const files = verified.get(input)
      for (const name of fileFields) {
        if (!files || !(name in input) || !codecs[name]!.stored) continue
        const file = files[name]
        out[name] = file ? JSON.stringify(file) : null
      }
      return { ...out, ...rules.columns?.(input, files ?? {}) }
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
            for (const [field, ref] of named) {
              const ids = [...new Set(rows.map((r) => r[field]).filter((v): v is number => typeof v === "number"))]
              const found = ids.length > 0 ? await tables(db).selectFrom(ref.table).select(["id", "name"]).where("id", "in", ids).execute() : []
              names[field] = new Map(found.map((f) => [Number(f.id), String(f.name)]))
            }
            return rows.map((row) => {
              const extra: Record<string, unknown> = {}
              for (const [field, ref] of named) {
                const id = row[field]
                extra[ref.nameAs!] = typeof id === "number" ? (names[field]!.get(id) ?? null) : null
              }
              for (const [name] of joins) extra[name] = linked[name]!.get(Number(row.id)) ?? []
              return resource.serialize({ ...row, ...extra })
            })
          },
        }
      : {}),
    ...(rules.beforeDelete ? { beforeDelete: rules.beforeDelete } : {}),
  }
}

const RUBRIC: Reference = { table: "faq_rubrics", message: crmMessages.unknownRubric, nameAs: "rubric_name" }
const SOURCE: Reference = { table: "post_sources", message: crmMessages.unknownSource, nameAs: "source_name" }

/** A document needs its file; a link (kind «Ссылка») its address. */
const fileOrLink = (input: Record<string, unknown>): FieldErrors | null => {
  const hasText = (v: unknown) => typeof v === "string" && v.trim() !== ""
  if (input.kind === EP_DOC_LINK) return hasText(input.link) ? null : { link: [crmMessages.linkRequired] }
  return input.file ? null : { file: [messages.validation.required] }
}

/** A banner's period: the end not before the start (both `yyyy-MM-dd`, so text order is date order). */
const period = (input: Record<string, unknown>): FieldErrors | null =>
  typeof input.starts_on === "string" && typeof input.ends_on === "string" && input.starts_on !== "" && input.ends_on !== "" && input.ends_on < input.starts_on
    ? { ends_on: [crmMessages.endsBeforeStart] }
    : null

const EP_DOC_LINK = "link"

/** The content resources' hooks by name (registered in server/routes/crm-resources.ts). */
export function contentHookMap(resources: readonly ResourceDeclaration[]): Record<string, ServerHooks> {
  const rules: Readonly<Record<string, ContentRules>> = {
    faq_questions: { references: { rubric_id: RUBRIC } },
    faq_articles: { references: { rubric_id: RUBRIC } },
    ep_docs: { check: fileOrLink },
    pages: {},
    posts: { references: { source_id: SOURCE } },
    post_sources: {},
    page_banners: { check: period },
    page_settings: {},
    gallery: {
      // An image is in the gallery once.
      check: async (input, id, db) => {
        const url = (input.image as { url?: unknown } | null)?.url
        if (typeof url !== "string") return null
        let q = db.kysely.selectFrom("gallery_images").select("id").where("url", "=", url)
        if (id !== null) q = q.where("id", "<>", id)
        return (await q.executeTakeFirst()) ? { image: [crmMessages.duplicateGalleryImage] } : null
      },
      columns: (input, files) => {
        const file = files.image
        if (!file) return {}
        const name = typeof input.name === "string" && input.name.trim() !== "" ? input.name.trim() : file.name
        return { name, url: file.url, size: file.size, mime: file.type }
      },
    },
    // Issue 10: the catalogue (docs/catalogue.md). A certificate is a tariff's (the preset's `depends`, checked here too).
    tariffs: {},
    tariff_options: {
      references: { tariff_id: { table: "tariffs", message: catalogueCrmMessages.unknownTariff, nameAs: "tariff_name" } },
      check: (input) => (input.kind === "certificate" && (input.tariff_id === null || input.tariff_id === undefined) ? { tariff_id: [messages.validation.required] } : null),
    },
    option_groups: {},
    platforms: {},
    // A city with offices stays (offices.city_id is ON DELETE RESTRICT): 422, not the database's refusal.
    cities: {
      beforeDelete: async (db, id) =>
        (await db.kysely.selectFrom("offices").select("id").where("city_id", "=", id).limit(1).executeTakeFirst()) ? { base: [catalogueCrmMessages.cityHasOffices] } : null,
    },
    offices: { references: { city_id: { table: "cities", message: catalogueCrmMessages.unknownCity, nameAs: "city_name" } } },
    partners: {},
    partner_requests: { references: { partner_id: { table: "partners", message: catalogueCrmMessages.unknownPartner, nameAs: "partner_name" } } },
    robots: { check: (_input, id) => (id === null ? { content: [crmMessages.singletonOnly] } : null), beforeDelete: async () => ({ content: [crmMessages.singletonOnly] }) },
  }
  const out: Record<string, ServerHooks> = {}
  for (const resource of resources) {
    const own = rules[resource.name]
    if (own) out[resource.name] = contentHooks(resource, own)
  }
  return out
}
