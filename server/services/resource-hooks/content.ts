import { EP_DOC_LINK_KIND } from "../../../schemas/entities/content.ts"
import { catalogueCrmMessages } from "../../../schemas/messages/catalogue-crm.ts"
import { crmMessages } from "../../../schemas/messages/crm.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { partnerRequests } from "../../../schemas/resources/partner-requests.ts"
import type { FieldErrors } from "../../../schemas/validate.ts"
import type { ServerHooks } from "../../lib/crud.ts"
import { verifiedFilesOf } from "../../lib/declared-fields.ts"

/**
 * The content and catalogue resources' own rules (docs/content-resources.md), by the resource's name
 * (registered in server/routes/crm-resources.ts): a rule of one resource that no field type says, a
 * cross-field rule or a delete it refuses. Rich text, stored files, references and linked ids are the
 * field types' and are done for every resource by `mountResource` (server/lib/declared-fields.ts).
 */

/** A document needs its file; a link (kind «Ссылка») its address. */
const fileOrLink = (input: Record<string, unknown>): FieldErrors | null => {
  const hasText = (v: unknown) => typeof v === "string" && v.trim() !== ""
  if (input.kind === EP_DOC_LINK_KIND) return hasText(input.link) ? null : { link: [crmMessages.linkRequired] }
  return input.file ? null : { file: [messages.validation.required] }
}

/** A banner's period: the end not before the start (both `yyyy-MM-dd`, so text order is date order). */
const period = (input: Record<string, unknown>): FieldErrors | null =>
  typeof input.starts_on === "string" && typeof input.ends_on === "string" && input.starts_on !== "" && input.ends_on !== "" && input.ends_on < input.starts_on
    ? { ends_on: [crmMessages.endsBeforeStart] }
    : null

export const contentHooks: Readonly<Record<string, ServerHooks>> = {
  ep_docs: { check: async (_db, input) => fileOrLink(input) },
  page_banners: { check: async (_db, input) => period(input) },
  gallery: {
    // An image is in the gallery once.
    check: async (db, input, id) => {
      const url = (input.image as { url?: unknown } | null)?.url
      if (typeof url !== "string") return null
      let q = db.kysely.selectFrom("gallery_images").select("id").where("url", "=", url)
      if (id !== null) q = q.where("id", "<>", id)
      return (await q.executeTakeFirst()) ? { image: [crmMessages.duplicateGalleryImage] } : null
    },
    // The image's address, size and type are columns of their own (its `fileField` is not stored as it is).
    columns: (input) => {
      const file = verifiedFilesOf(input).image
      if (!file) return {}
      const name = typeof input.name === "string" && input.name.trim() !== "" ? input.name.trim() : file.name
      return { name, url: file.url, size: file.size, mime: file.type }
    },
  },
  // The catalogue (docs/catalogue.md). A certificate is a tariff's (the preset's `depends`, checked here too).
  tariff_options: {
    check: async (_db, input) => (input.kind === "certificate" && (input.tariff_id === null || input.tariff_id === undefined) ? { tariff_id: [messages.validation.required] } : null),
  },
  // A city with offices stays (offices.city_id is ON DELETE RESTRICT): 422, not the database's refusal.
  cities: {
    beforeDelete: async (db, id) =>
      (await db.kysely.selectFrom("offices").select("id").where("city_id", "=", id).limit(1).executeTakeFirst()) ? { base: [catalogueCrmMessages.cityHasOffices] } : null,
  },
  // What partners' clients sent is read only (no form, so no reference field): the answer names the partner.
  partner_requests: {
    serialize: async (db, rows) => {
      const ids = [...new Set(rows.map((r) => r.partner_id).filter((v): v is number => typeof v === "number"))]
      const found = ids.length > 0 ? await db.kysely.selectFrom("partners").select(["id", "name"]).where("id", "in", ids).execute() : []
      const names = new Map(found.map((p) => [Number(p.id), p.name]))
      return rows.map((row) => partnerRequests.serialize({ ...row, partner_name: typeof row.partner_id === "number" ? (names.get(row.partner_id) ?? null) : null }))
    },
  },
  robots: { check: async (_db, _input, id) => (id === null ? { content: [crmMessages.singletonOnly] } : null), beforeDelete: async () => ({ content: [crmMessages.singletonOnly] }) },
}
