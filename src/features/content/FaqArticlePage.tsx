import { Link } from "wouter"
import { messages } from "../../../schemas/messages/common.ts"
import { title as titleCss } from "../../ui/page.css.ts"
import * as css from "./content.css.ts"
import type { FaqArticleData } from "./loaders.ts"
import { Prose } from "./Prose.tsx"

/** /faq/articles/{id}: a published FAQ article with its rubric. */
export function FaqArticlePage({ data }: { data: FaqArticleData }) {
  const a = data.article
  return (
    <article>
      <p className={css.meta}>{a.rubric.name}</p>
      <h1 className={titleCss}>{a.title}</h1>
      <Prose html={a.body} />
      <Link href="/faq" className={css.back}>
        {messages.content.faqBack}
      </Link>
    </article>
  )
}
