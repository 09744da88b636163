import { Link } from "wouter"
import { catalogueMessages as m } from "../../../schemas/messages/catalogue.ts"
import { PLATFORM_GROUPS, platformGroupLabels } from "../../../schemas/entities/catalogue.ts"
import { title as titleCss } from "../../ui/page.css.ts"
import * as css from "./catalogue.css.ts"
import type { PlatformsData } from "./loaders.ts"

/** /platforms (`?group=` as links): the published platforms, each with its page. */
export function PlatformsPage({ data, title }: { data: PlatformsData; title: string }) {
  const tabs = [{ href: "/platforms", label: m.allPlatforms, current: data.group === null }, ...PLATFORM_GROUPS.map((g) => ({ href: `/platforms?group=${g}`, label: platformGroupLabels[g], current: data.group === g }))]
  return (
    <>
      <h1 className={titleCss}>{title}</h1>
      <nav aria-label="Вид торгов">
        <ul className={css.tabs}>
          {tabs.map((t) => (
            <li key={t.href}>
              <Link href={t.href} className={css.tab} aria-current={t.current ? "page" : undefined}>
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ul className={css.grid}>
        {data.platforms.map((p) => (
          <li key={p.id} className={css.card}>
            <h2 className={css.cardTitle}>
              <Link href={`/platforms/${p.id}`}>{p.attributes.name}</Link>
            </h2>
            <p className={css.muted}>{p.attributes.group_name}</p>
            <p className={css.factValue}>{p.attributes.description}</p>
          </li>
        ))}
      </ul>
    </>
  )
}
