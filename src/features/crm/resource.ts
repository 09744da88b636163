import type { Schema } from "effect"
import type { FieldOptions, FormValues } from "../../../machines/crm-edit.machine.ts"
import type { FormField, FormPreset } from "../../../schemas/forms/types.ts"

/** The form engine's preset and field (schemas/forms/types.ts), under the names the CRM used. */
export type { FormPreset }
export type FormFieldPreset = FormField

/** A JSON:API resource as the CRM lists it. */
export interface CrmRecord {
  readonly id: string
}

export interface CrmColumn<R extends CrmRecord> {
  readonly key: string
  readonly label: string
  readonly value: (record: R) => string
}

export type DecodingSchema = Schema.Top & { readonly DecodingServices: never }

/**
 * What a CRM list shows of a resource: its API path, route, columns and search. A read-only
 * resource (visitors' requests) is only this: no add, edit or delete.
 */
export interface CrmListResource<R extends CrmRecord> {
  /** The section's name in the admin menu and the list heading. */
  readonly title: string
  /** E.g. `/api/v2/crm/cities` (no trailing slash). */
  readonly apiPath: string
  /** E.g. `/crm/cities`. */
  readonly routeBase: string
  /** Decodes one resource of the API's answers. */
  readonly record: DecodingSchema
  readonly columns: readonly CrmColumn<R>[]
  readonly search: { readonly label: string; readonly placeholder: string }
  /** How a record is named in the delete confirmation and alerts. */
  readonly labelOf: (record: R) => string
  readonly readOnly?: boolean
}

/**
 * A CRM resource, declared once (DESIGN.md): its API path, routes, list columns and search, form
 * preset and input schema. The generic list and edit machines and pages serve every declaration.
 */
export interface CrmResource<R extends CrmRecord> extends CrmListResource<R> {
  readonly newTitle: string
  readonly editTitle: string
  /** The body wrapper of create and update, e.g. `city`. */
  readonly wrapper: string
  readonly form: FormPreset
  /** The same schema the API decodes the body with. */
  readonly input: DecodingSchema
  /** Values of a new record's form. */
  readonly empty: FormValues
  readonly toForm: (record: R) => FormValues
  /** Raw form values → what the input schema decodes. */
  readonly fromForm: (values: FormValues) => unknown
  /** Options of select fields, keyed by the preset field's `attributes.source`. */
  readonly loadOptions?: (id: string | null) => Promise<FieldOptions>
}

/** Declares a read-only list resource. */
export const defineListResource = <R extends CrmRecord>(resource: CrmListResource<R>): CrmListResource<R> => ({ ...resource, readOnly: true })

/** Declares a resource with its record type checked against the declaration. */
export const defineResource = <R extends CrmRecord>(resource: CrmResource<R>): CrmResource<R> => resource

/** The list's address: page only when above 1 (SPEC.md section 2), the search as `q`. */
export function listHref(routeBase: string, page: number, q: string): string {
  const params = new URLSearchParams()
  if (page > 1) params.set("page", String(page))
  if (q) params.set("q", q)
  const query = params.toString()
  return query ? `${routeBase}?${query}` : routeBase
}
