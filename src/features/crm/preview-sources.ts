import type { CityResource } from "../../../schemas/entities/city.ts"
import type { MenuItemResource } from "../../../schemas/entities/menu-item.ts"
import type { FieldOption, FieldOptionsBySource, FormPreset } from "../../../schemas/forms/types.ts"
import { PER_PAGE_MAX } from "../../../schemas/constants.ts"
import { api } from "../../api/client.ts"

type Loader = () => Promise<readonly FieldOption[]>

/**
 * The choice lists a preview can fill from data the site already has. Lists of sections still to come
 * (tariffs, offices, rubrics...) stay empty in the preview, and their fields say 'Ничего не найдено'.
 */
const loaders: Readonly<Record<string, Loader>> = {
  cities: async () => (await api<{ data: readonly CityResource[] }>("/api/v2/cities/")).data.map((c) => ({ value: c.id, label: c.attributes.name })),
  menu_items: async () =>
    (await api<{ data: readonly MenuItemResource[] }>("/api/v2/crm/menu_items/", { query: { per: PER_PAGE_MAX } })).data.map((m) => ({
      value: m.id,
      label: m.attributes.name,
    })),
}

/** The preset's `attributes.source` keys. */
export const sourcesOf = (preset: FormPreset): string[] => [...new Set(preset.fields.flatMap((f) => (f.attributes?.source ? [f.attributes.source] : [])))]

/** The lists of the preset's sources that have data now; a failed list stays empty. */
export async function loadPreviewSources(preset: FormPreset): Promise<FieldOptionsBySource> {
  const entries = await Promise.all(
    sourcesOf(preset)
      .filter((s) => s in loaders)
      .map(async (s) => [s, await loaders[s]!().catch(() => [])] as const),
  )
  return Object.fromEntries(entries)
}
