import { Link } from "wouter"
import { crmScreenMessages as t } from "../../../schemas/messages/crm-screen.ts"
import { listHref } from "../../../schemas/resources/list-query.ts"
import { api } from "../../api/client.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { countChips } from "./filter-counts.ts"
import type { ResourceDeclaration } from "./resource.ts"
import * as css from "./page.css.ts"

type Others = Readonly<Record<string, string>>

/**
 * The counted filter's choices as links with their counts under the list's other filters («Проверка
 * документов (3)»), from `GET {apiPath}/counts/`, read through the load machine; the chosen one is
 * marked. The other filters are the load's key, the list's total what it follows (a delete or its
 * undo changes it): either reads the counts again behind the ones shown. Nothing while loading or on
 * failure: the list says it.
 */
export function FilterCounts({ resource, filters, sort, total }: { resource: ResourceDeclaration; filters: Readonly<Record<string, string>>; sort: string; total: number }) {
  const name = resource.counts!
  const { [name]: chosen = "", ...others } = filters
  // The declaration is the route's own: the same for as long as the list lives.
  const loaded = useLoad<Readonly<Record<string, number>>, Others>(
    others,
    (query) => api<{ counts: Record<string, number> }>(`${resource.apiPath}/counts/`, { query }).then((a) => a.counts),
    { keepShown: true, refreshOn: total },
  )
  if (loaded.state !== "ready") return null
  const chips = countChips(resource.filter, name, loaded.value, chosen)
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
