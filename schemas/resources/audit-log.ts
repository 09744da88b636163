import { crmMessages } from "../messages/crm.ts"
import { dayTimeSeconds } from "../dates.ts"
import { definePreset, type FormField } from "../forms/types.ts"
import { find, query } from "../forms/parts/search.ts"
import { ADMIN_ONLY } from "../roles.ts"
import { type Change, defineResource, type ResourceDeclaration } from "./define.ts"
import { nullableText, plainNumber, plainText } from "./fields.ts"
import { type FieldNames, fieldNamesOf, namedChanges } from "./audit-fields.ts"

const parse = (json: string | null): Record<string, unknown> => {
  try {
    const value: unknown = json ? JSON.parse(json) : {}
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
const shown = (v: unknown) => (v === undefined ? "" : v === null ? "—" : typeof v === "string" ? v : JSON.stringify(v))

/** The fields of an entry, before and after (every field of a create or delete, the changed ones of an update). */
export function changesOf(before: string | null, after: string | null): Change[] {
  const b = parse(before)
  const a = parse(after)
  const both = before !== null && after !== null
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((f) => f !== "updated_at" || !both)
  return fields
    .filter((f) => !both || JSON.stringify(b[f]) !== JSON.stringify(a[f]))
    .map((field) => ({ field, before: before === null ? "" : shown(b[field]), after: after === null ? "" : shown(a[field]) }))
}

/** The log's section of staff downloads of private files (server/routes/uploads.ts): no CRM declaration of its own. */
export const UPLOADS_SECTION = "uploads"

/** Which file a download entry is about and whose, from its `after`: «паспорт.png» (user@demo.local). */
export function downloadedFile(after: string | null): string {
  const a = parse(after)
  return crmMessages.auditFileOf(shown(a.file_name), shown(a.owner_email ?? a.owner_id))
}

/** A download entry's fields in Russian (file, size, type, whose), in the order of crmMessages.auditFile. */
export function downloadChanges(after: string | null): Change[] {
  const a = parse(after)
  return Object.entries(crmMessages.auditFile)
    .filter(([key]) => key in a)
    .map(([key, label]) => ({ field: label, before: "", after: key === "owner_kind" ? (crmMessages.auditOwnerKind[String(a[key])] ?? shown(a[key])) : shown(a[key]) }))
}

/**
 * 'Журнал изменений': every CRM write — who (the administrator's id and e-mail), when, which
 * resource and record, the fields before and after (server/lib/audit.ts) — and every staff download
 * of a private file (section 'Файлы клиентов': the record is the owner's id, the entry names the
 * file). Read-only, administrators only; filtered by resource, record and administrator. Built from the other declarations, for the
 * resource filter's choices and the sections' names.
 */
export function auditLogOf(resources: readonly ResourceDeclaration[]) {
  const sections = [...resources.map((r) => ({ name: r.name, title: r.title })), { name: UPLOADS_SECTION, title: crmMessages.auditUploads }]
  const titles = new Map(sections.map((r) => [r.name, r.title]))
  // Each section's Russian field names, built on the first entry read (the declarations are many).
  let names: Map<string, FieldNames> | null = null
  const namesOf = (resource: string) => (names ??= new Map(resources.map((r) => [r.name, fieldNamesOf(r)]))).get(resource)
  const resourceFilter: FormField = {
    name: "resource",
    type: "select",
    label: crmMessages.auditFilterResource,
    placeholder: crmMessages.allResources,
    attributes: { options: [{ value: "", label: crmMessages.allResources }, ...sections.map((r) => ({ value: r.name, label: r.title }))] },
  }
  const recordFilter: FormField = {
    name: "record_id",
    type: "input",
    label: crmMessages.auditFilterRecord,
    placeholder: "Например, 12",
    validations: ["numeric", { name: "maxLength", args: [10] }],
    attributes: { inputMode: "numeric", autoComplete: "off" },
  }
  return defineResource({
    name: "audit_log",
    title: crmMessages.auditTitle,
    routeBase: "/crm/audit_log",
    apiPath: "/api/v2/crm/audit_log",
    table: "audit_log",
    type: "audit_entry",
    roles: ADMIN_ONLY,
    attributes: {
      created_at: plainText,
      admin_user_id: plainNumber,
      admin_email: plainText,
      resource: plainText,
      record_id: plainNumber,
      action: plainText,
      before: nullableText,
      after: nullableText,
    },
    columns: [
      { key: "created_at", label: crmMessages.auditWhen, value: (r) => dayTimeSeconds(r.attributes.created_at), sortBy: "created_at" },
      { key: "admin_email", label: crmMessages.auditAdmin, value: (r) => r.attributes.admin_email, sortBy: "admin_email" },
      { key: "resource", label: crmMessages.auditResource, value: (r) => titles.get(r.attributes.resource) ?? r.attributes.resource, sortBy: "resource" },
      {
        key: "record_id",
        label: crmMessages.auditRecord,
        value: (r) => (r.attributes.action === "download" ? downloadedFile(r.attributes.after) : String(r.attributes.record_id)),
        sortBy: "record_id",
      },
      { key: "action", label: crmMessages.auditActionLabel, value: (r) => crmMessages.auditAction[r.attributes.action] ?? r.attributes.action },
    ],
    labelOf: (r) => `${crmMessages.auditEntry} ${r.id}`,
    search: ["admin_email"],
    filter: definePreset({ id: "crm_audit_log_filter", fields: [query(crmMessages.auditFilterAdmin, "Например, ivanov@"), resourceFilter, recordFilter, find] }),
    order: [
      ["created_at", "desc"],
      ["id", "desc"],
    ],
    changes: (r) =>
      r.attributes.action === "download" ? downloadChanges(r.attributes.after) : namedChanges(changesOf(r.attributes.before, r.attributes.after), namesOf(r.attributes.resource)),
  })
}
