import { useEffect, useState } from "react"
import { api } from "../../api/client.ts"
import { PER_PAGE_MAX } from "../../../schemas/constants.ts"
import type { FieldOptionsBySource } from "../../../schemas/forms/types.ts"
import { holdsValue } from "../../../schemas/forms/values.ts"
import { resourceNamed } from "../../../schemas/resources/index.ts"
import { listRecords } from "./crm-api.ts"
import type { ResourceDeclaration } from "./resource.ts"

const NONE: FieldOptionsBySource = {}

/**
 * The choices of a list's filter fields that name another resource (`attributes.source`): the FAQ
 * questions' rubrics, the posts' sources. Loaded once per list; none while loading or on failure
 * (the filter still works by the address).
 */
export function useFilterOptions(resource: ResourceDeclaration): FieldOptionsBySource {
  const [options, setOptions] = useState<FieldOptionsBySource>(NONE)
  useEffect(() => {
    if (resource.filterSources) {
      // The resource's own answer: its roles may not list the catalogue itself.
      let live = true
      api<FieldOptionsBySource>(`${resource.apiPath}/filter_options/`).then(
        (options) => live && setOptions(options),
        () => undefined,
      )
      return () => {
        live = false
      }
    }
    const sources = [...new Set(resource.filter.fields.filter(holdsValue).flatMap((f) => (f.attributes?.source && resourceNamed(f.attributes.source) ? [f.attributes.source] : [])))]
    if (sources.length === 0) return
    let live = true
    void Promise.all(
      sources.map(async (name) => {
        const source = resourceNamed(name)!
        const { items } = await listRecords(source, { page: 1, filters: {}, sort: "" }, PER_PAGE_MAX)
        return [name, items.map((r) => ({ value: r.id, label: (source.optionLabel ?? source.labelOf)(r) }))] as const
      }),
    ).then(
      (entries) => live && setOptions(Object.fromEntries(entries)),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [resource])
  return options
}
