import { useEffect } from "react"
import { Link } from "wouter"
import { messages } from "../../../schemas/messages/common.ts"
import { lazyWithReload } from "../../ui/lazy.ts"
import { title as titleCss } from "../../ui/page.css.ts"
import { ClientOnly } from "./ClientOnly.tsx"
import * as css from "./content.css.ts"
import type { FaqData } from "./loaders.ts"
import { Prose } from "./Prose.tsx"

const m = messages.content
// The search form (question_search_frm) carries the form engine: it loads after the questions are shown.
const FaqSearch = lazyWithReload(() => import("./FaqSearch.tsx"))

/** A link to one question (`/faq#question-{id}`, as the site search gives) opens it and brings it into view. */
function useOpenLinkedQuestion() {
  useEffect(() => {
    const open = () => {
      const target = /^#question-\d+$/.test(location.hash) ? document.getElementById(location.hash.slice(1)) : null
      if (target instanceof HTMLDetailsElement) {
        target.open = true
        target.scrollIntoView({ block: "start" })
      }
    }
    open()
    window.addEventListener("hashchange", open)
    return () => window.removeEventListener("hashchange", open)
  }, [])
}

/**
 * /faq: the rubrics, each with its questions as an accordion (<details>/<summary>: a native
 * disclosure, operated by keyboard and working before any script runs; found questions open) and its
 * articles; above them the search (question_search_frm, loaded lazily; the address keeps ?q=).
 */
export function FaqPage({ data, title }: { data: FaqData; title: string }) {
  useOpenLinkedQuestion()
  const searching = data.q !== "" || data.rubricId !== ""
  const found = data.rubrics.reduce((n, r) => n + r.attributes.questions.length, 0)
  return (
    <>
      <h1 className={titleCss}>{title}</h1>
      <div className={css.searchSlot}>
        <ClientOnly fallback={null}>
          <FaqSearch q={data.q} rubricId={data.rubricId} rubrics={data.rubrics} />
        </ClientOnly>
      </div>
      {searching && (
        <p className={css.meta} role="status">
          {found > 0 ? m.faqFound(found) : m.faqNotFound} <Link href="/faq">{m.faqReset}</Link>
        </p>
      )}
      {!searching && data.rubrics.length === 0 && <p>{m.faqEmpty}</p>}
      {data.truncated && <p className={css.meta}>{m.faqTruncated}</p>}
      {data.rubrics.map((rubric) => {
        const headingId = `rubric-${rubric.id}`
        const { questions, articles } = rubric.attributes
        return (
          <section key={rubric.id} className={css.rubric} aria-labelledby={headingId}>
            <h2 id={headingId} className={css.rubricTitle}>
              {rubric.attributes.name}
            </h2>
            {questions.length > 0 && (
              <div className={css.accordion}>
                {questions.map((q) => (
                  <details key={q.id} id={`question-${q.id}`} className={css.item} open={searching || undefined}>
                    <summary className={css.question}>{q.question}</summary>
                    <Prose html={q.answer} className={css.answer} />
                  </details>
                ))}
              </div>
            )}
            {articles.length > 0 && (
              <div className={css.articles}>
                <h3 className={css.articlesTitle}>{m.faqArticles}</h3>
                <ul>
                  {articles.map((a) => (
                    <li key={a.id}>
                      <Link href={`/faq/articles/${a.id}`}>{a.title}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </section>
        )
      })}
    </>
  )
}
