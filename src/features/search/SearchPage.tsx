import type { FormEvent } from "react"
import { Link, useLocation } from "wouter"
import { SEARCH_QUERY_MAX } from "../../../schemas/constants.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { Button } from "../../ui/Button.tsx"
import { title as titleCss } from "../../ui/page.css.ts"
import { Pagination } from "../../ui/Pagination.tsx"
import { type Marked, type SearchData, searchHref } from "./loader.ts"
import * as css from "./search.css.ts"

const m = messages.search

/** Plain text with the query's words in <mark>: React escapes every part, no HTML is ever parsed. */
function MarkedText({ value }: { value: Marked }) {
  const parts: (string | React.JSX.Element)[] = []
  let at = 0
  for (const [start, end] of value.marks) {
    if (start < at || end > value.text.length) continue
    if (start > at) parts.push(value.text.slice(at, start))
    parts.push(
      <mark key={start} className={css.mark}>
        {value.text.slice(start, end)}
      </mark>,
    )
    at = end
  }
  if (at < value.text.length) parts.push(value.text.slice(at))
  return <>{parts}</>
}

/**
 * /search?q=: the site search's field and results, rendered on the server from the loader's answer.
 * The field is a plain GET form (it works before the page's code has loaded); with the code, a submit
 * moves inside the app.
 */
export function SearchPage({ data }: { data: SearchData }) {
  const [, navigate] = useLocation()
  const { q, answer } = data
  const submit = (e: FormEvent<HTMLFormElement>) => {
    const value = String(new FormData(e.currentTarget).get("q") ?? "").trim()
    e.preventDefault()
    navigate(value ? searchHref(value) : "/search")
  }
  const totalPages = answer ? Math.max(1, Math.ceil(answer.meta.total / answer.meta.per)) : 1
  return (
    <div>
      <h1 className={titleCss}>{m.title}</h1>
      <form role="search" action="/search" method="get" className={css.form} onSubmit={submit}>
        <div className={css.field}>
          <label htmlFor="site-search-q">{m.label}</label>
          <input
            key={q}
            id="site-search-q"
            name="q"
            type="search"
            className={css.input}
            defaultValue={q}
            placeholder={m.placeholder}
            maxLength={SEARCH_QUERY_MAX}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
        <Button type="submit">{m.submit}</Button>
      </form>
      {answer &&
        (answer.data.length === 0 ? (
          <p role="status">{messages.empty}</p>
        ) : (
          <section aria-label={m.results}>
            <p className={css.count} role="status">
              {m.found(answer.meta.total)}
            </p>
            <ol className={css.results}>
              {answer.data.map((hit) => (
                <li key={`${hit.kind}-${hit.id}`}>
                  <article aria-labelledby={`found-${hit.kind}-${hit.id}`}>
                    <span className={css.kind}>{hit.kind_label}</span>
                    <h2 id={`found-${hit.kind}-${hit.id}`} className={css.title}>
                      <Link href={hit.url} className={css.link}>
                        <MarkedText value={hit.title} />
                      </Link>
                    </h2>
                    {hit.snippet.text && (
                      <p className={css.snippet}>
                        <MarkedText value={hit.snippet} />
                      </p>
                    )}
                  </article>
                </li>
              ))}
            </ol>
            <Pagination
              page={answer.meta.page}
              totalPages={totalPages}
              pageSize={answer.meta.per}
              hrefOf={(page) => searchHref(q, page)}
              onPageChange={(page) => navigate(searchHref(q, page))}
              labels={{ root: m.pagination, prev: m.prev, next: m.next, page: m.page }}
            />
          </section>
        ))}
    </div>
  )
}
