import { crmMessages } from "../crm-messages.ts"
import { definePreset, type FormField } from "../forms/types.ts"
import { find, query } from "../forms/parts/search.ts"
import { ADMIN_ONLY } from "../roles.ts"
import { type Change, defineResource, type ResourceDeclaration } from "./define.ts"
import { nullableText, plainNumber, plainText } from "./fields.ts"

/** dd.MM.yyyy, HH:mm:ss in the staff member's time zone. */
const when = (iso: string) => {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat("ru-RU", { dateStyle: "short", timeStyle: "medium" }).format(d)
}

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

/**
 * 'Журнал изменений' (issue 9): every CRM write — who (the administrator's id and e-mail), when, which
 * resource and record, the fields before and after (server/lib/audit.ts). Read-only, administrators
 * only; filtered by resource, record and administrator. Built from the other declarations, for the
 * resource filter's choices and the sections' names.
 */
export function auditLogOf(resources: readonly ResourceDeclaration[]) {
  const titles = new Map(resources.map((r) => [r.name, r.title]))
  const resourceFilter: FormField = {
    name: "resource",
    type: "select",
    label: crmMessages.auditFilterResource,
    placeholder: crmMessages.allResources,
    attributes: { options: [{ value: "", label: crmMessages.allResources }, ...resources.map((r) => ({ value: r.name, label: r.title }))] },
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
      { key: "created_at", label: crmMessages.auditWhen, value: (r) => when(r.attributes.created_at), sortBy: "created_at" },
      { key: "admin_email", label: crmMessages.auditAdmin, value: (r) => r.attributes.admin_email, sortBy: "admin_email" },
      { key: "resource", label: crmMessages.auditResource, value: (r) => titles.get(r.attributes.resource) ?? r.attributes.resource, sortBy: "resource" },
      { key: "record_id", label: crmMessages.auditRecord, value: (r) => String(r.attributes.record_id), sortBy: "record_id" },
      { key: "action", label: crmMessages.auditActionLabel, value: (r) => crmMessages.auditAction[r.attributes.action] ?? r.attributes.action },
    ],
    labelOf: (r) => `${crmMessages.auditEntry} ${r.id}`,
    search: ["admin_email"],
    filter: definePreset({ id: "crm_audit_log_filter", fields: [query(crmMessages.auditFilterAdmin, "Например, ivanov@"), resourceFilter, recordFilter, find] }),
    order: [
      ["created_at", "desc"],
      ["id", "desc"],
    ],
    changes: (r) => changesOf(r.attributes.before, r.attributes.after),
  })
}
