import { Link, useLocation } from "wouter"
import { PER_PAGE_DEFAULT } from "../../../schemas/constants.ts"
import { shortDay } from "../../../schemas/dates.ts"
import type { PostPreviewResource } from "../../../schemas/entities/content.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { Pagination } from "../../ui/Pagination.tsx"
import { title as titleCss } from "../../ui/page.css.ts"
import * as css from "./content.css.ts"
import type { PostsData } from "./loaders.ts"

const m = messages.content

/** The address of a page of the feed: ?source= when filtered, ?page= only above the first. */
export function postsHref(page: number, sourceId: string): string {
  const query = new URLSearchParams()
  if (sourceId) query.set("source", sourceId)
  if (page > 1) query.set("page", String(page))
  return query.size ? `/posts?${query}` : "/posts"
}

function PostCard({ post }: { post: PostPreviewResource }) {
  const a = post.attributes
  const headingId = `post-${post.id}`
  return (
    <li>
      <article className={a.image ? css.post : `${css.post} ${css.postNoCover}`} aria-labelledby={headingId}>
        {a.image && <img className={css.cover} src={a.image.url} alt="" width={200} height={113} loading="lazy" />}
        <div>
          <h2 id={headingId} className={css.postTitle}>
            <Link href={`/posts/${post.id}`} className={css.postLink}>
              {a.title}
            </Link>
          </h2>
          <p className={css.postMeta}>
            <time dateTime={a.date}>{shortDay(a.date)}</time>
            {a.source && <span>{a.source.name}</span>}
          </p>
          <p className={css.postPreview}>{a.preview}</p>
        </div>
      </article>
    </li>
  )
}

/** /posts: the news, 25 a page (newest first), filtered by source (?source=), with page links (?page=). */
export function PostsPage({ data, title }: { data: PostsData; title: string }) {
  const [, navigate] = useLocation()
  return (
    <>
      <h1 className={titleCss}>{title}</h1>
      {data.sources.length > 0 && (
        <nav aria-label={m.postsSources}>
          <ul className={css.filterList}>
            <li>
              <Link href="/posts" className={css.filterLink} aria-current={data.sourceId === "" ? "page" : undefined}>
                {m.postsAll}
              </Link>
            </li>
            {data.sources.map((s) => (
              <li key={s.id}>
                <Link href={postsHref(1, s.id)} className={css.filterLink} aria-current={data.sourceId === s.id ? "page" : undefined}>
                  {s.attributes.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {data.posts.length === 0 ? (
        <p>{m.postsEmpty}</p>
      ) : (
        <ul className={css.posts}>
          {data.posts.map((p) => (
            <PostCard key={p.id} post={p} />
          ))}
        </ul>
      )}
      <Pagination
        page={data.page}
        totalPages={data.totalPages}
        pageSize={PER_PAGE_DEFAULT}
        hrefOf={(p) => postsHref(p, data.sourceId)}
        onPageChange={(p) => navigate(postsHref(p, data.sourceId))}
        labels={{ root: m.postsPagination, prev: m.postsPrev, next: m.postsNext, page: m.postsPage }}
      />
    </>
  )
}
