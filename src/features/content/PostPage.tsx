import { Link } from "wouter"
import { shortDay } from "../../../schemas/dates.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { title as titleCss } from "../../ui/page.css.ts"
import * as css from "./content.css.ts"
import type { PostData } from "./loaders.ts"
import { Prose } from "./Prose.tsx"

const m = messages.content

/** /posts/{post_id}: a published news post: cover, title, date (dd.MM.yyyy), source link, text. */
export function PostPage({ data }: { data: PostData }) {
  const p = data.post
  return (
    <article>
      <h1 className={titleCss}>{p.title}</h1>
      <p className={css.postMeta}>
        <time dateTime={p.date}>{shortDay(p.date)}</time>
        {p.source && (
          <span>
            {m.postSource}{" "}
            <a href={p.source.url} target="_blank" rel="noopener noreferrer">
              {p.source.name}
            </a>
          </span>
        )}
      </p>
      {p.image && <img className={css.articleCover} src={p.image.url} alt="" width={760} height={428} />}
      <Prose html={p.body} />
      <Link href="/posts" className={css.back}>
        {m.postBack}
      </Link>
    </article>
  )
}
