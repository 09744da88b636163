import { useEffect, useState } from "react"
import { Link } from "wouter"
import { crmScreenMessages as t } from "../../../schemas/crm-screen-messages.ts"
import { listHref } from "../../../schemas/resources/list-query.ts"
import { api } from "../../api/client.ts"
import { countChips } from "./filter-counts.ts"
import type { ResourceDeclaration } from "./resource.ts"
import * as css from "./page.css.ts"

/**
 * The counted filter's choices as links with their counts under the list's other filters («Проверка
 * документов (3)»), from `GET {apiPath}/counts/`; the chosen one is marked. Asked again when the
 * filters change or the list reloads (`version`). Nothing while loading or on failure: the list says it.
 */
export function FilterCounts({ resource, filters, sort, version }: { resource: ResourceDeclaration; filters: Readonly<Record<string, string>>; sort: string; version: number }) {
  const name = resource.counts!
  const { [name]: chosen = "", ...others } = filters
  const key = listHref("", { page: 1, filters: others, sort: "" })
  const [counts, setCounts] = useState<{ key: string; counts: Readonly<Record<string, number>> } | null>(null)
  useEffect(() => {
    let live = true
    api<{ counts: Record<string, number> }>(`${resource.apiPath}/counts/`, { query: others }).then(
      (answer) => live && setCounts({ key, counts: answer.counts }),
      () => undefined,
    )
    return () => {
      live = false
    }
    // `key` stands for the other filters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource, key, version])
  if (!counts) return null
  const chips = countChips(resource.filter, name, counts.counts, chosen)
  const hrefOf = (value: string) => listHref(resource.routeBase, { page: 1, filters: value ? { ...others, [name]: value } : others, sort })
  return (
    <nav aria-label={t.statusCounts} className={css.chips} data-testid="filter-counts">
      <ul className={css.chipList}>
        {chips.map((chip) => (
          <li key={chip.value}>
            <Link href={hrefOf(chip.value)} className={css.chip} aria-current={chip.current ? "page" : undefined}>
              {t.countOf(chip.value ? chip.label : t.allStatuses, chip.count)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
