import type {
  EpDocResource,
  FaqArticleResource,
  FaqRubricResource,
  PageResource,
  PostListAnswer,
  PostResource,
  PostSourceResource,
} from "../../../schemas/entities/content.ts"

/**
 * The content pages' loaders: each reads the public content API (server/routes/content.ts)
 * through the route table's `get` — the browser's client, or the server's in-process API — and answers
 * the page's data, or 404 when the API has no such published record. No React here: the route table
 * (and so the server) imports this module.
 */

/** GET of the site's API (the route table's `get`); its shape, without importing the app. */
type ApiGet = <T>(path: string) => Promise<T>

/** A loader's answer, as the route table takes it: the data, or a status (404: no such record). */
export type Loaded<D> = { readonly data: D; readonly status?: undefined } | { readonly status: number; readonly data?: undefined }

/** Meta tags a page's own record gives (a CRM page's meta_* fields); page settings come first. */
export interface PageMeta {
  readonly title?: string | undefined
  readonly description?: string | undefined
  readonly keywords?: string | undefined
}

export type CmsPage = PageResource["attributes"]

export interface CmsPageData {
  readonly page: CmsPage
  readonly meta: PageMeta
}

const nonEmpty = (s: string | null | undefined) => (s && s.trim() ? s.trim() : undefined)

async function found<D>(load: () => Promise<D>): Promise<Loaded<D>> {
  try {
    return { data: await load() }
  } catch (err) {
    if ((err as { status?: unknown } | null)?.status === 404) return { status: 404 }
    throw err
  }
}

const readPage = async (get: ApiGet, path: string): Promise<CmsPageData> => {
  const r = await get<{ data: PageResource }>(`/api/v2/pages/?url=${encodeURIComponent(`${path}/`)}`)
  const page = r.data.attributes
  return { page, meta: { title: nonEmpty(page.meta_title) ?? page.title, description: nonEmpty(page.meta_description), keywords: nonEmpty(page.meta_keywords) } }
}

/** A CRM page by its path: not published or missing is the 404 page. */
export const loadCmsPage = (path: string) => ({ get }: { get: ApiGet }) => found(() => readPage(get, path))

export interface FaqData {
  readonly rubrics: readonly FaqRubricResource[]
  readonly q: string
  readonly rubricId: string
  readonly truncated: boolean
}

/** /faq?q=&rubric_id=: the rubrics with their questions, narrowed by the search. */
export const loadFaq = async ({ search, get }: { search: string; get: ApiGet }): Promise<Loaded<FaqData>> => {
  const params = new URLSearchParams(search)
  const q = (params.get("q") ?? "").trim().slice(0, 255)
  const rubricId = /^\d{1,10}$/.test(params.get("rubric_id") ?? "") ? (params.get("rubric_id") as string) : ""
  const query = new URLSearchParams()
  if (q) query.set("q", q)
  if (rubricId) query.set("rubric_id", rubricId)
  const r = await get<{ data: FaqRubricResource[]; meta: { truncated?: boolean } }>(`/api/v2/faq/${query.size ? `?${query}` : ""}`)
  return { data: { rubrics: r.data, q, rubricId, truncated: r.meta.truncated === true } }
}

export interface FaqArticleData {
  readonly article: FaqArticleResource["attributes"]
}

export const loadFaqArticle = ({ params, get }: { params: Readonly<Record<string, string>>; get: ApiGet }) =>
  found(async (): Promise<FaqArticleData> => {
    const r = await get<{ data: FaqArticleResource }>(`/api/v2/faq/articles/${encodeURIComponent(params.id ?? "")}/`)
    return { article: r.data.attributes }
  })

export interface PostsData {
  readonly posts: PostListAnswer["data"]
  readonly page: number
  readonly totalPages: number
  readonly sources: readonly PostSourceResource[]
  readonly sourceId: string
}

/** /posts?page=&source=: a page of the feed (25) and the sources to filter by. A page past the end is the 404 page. */
export const loadPosts = async ({ search, get }: { search: string; get: ApiGet }): Promise<Loaded<PostsData>> => {
  const params = new URLSearchParams(search)
  const rawPage = params.get("page") ?? "1"
  const sourceId = /^\d{1,10}$/.test(params.get("source") ?? "") ? (params.get("source") as string) : ""
  if (!/^[1-9]\d{0,5}$/.test(rawPage)) return { status: 404 }
  const page = Number(rawPage)
  const query = new URLSearchParams({ page: String(page) })
  if (sourceId) query.set("source_id", sourceId)
  const [list, sources] = await Promise.all([
    get<PostListAnswer>(`/api/v2/posts/?${query}`),
    get<{ data: PostSourceResource[] }>("/api/v2/post_sources/"),
  ])
  if (page > list.meta.total_pages) return { status: 404 }
  return { data: { posts: list.data, page, totalPages: list.meta.total_pages, sources: sources.data, sourceId } }
}

export interface PostData {
  readonly post: PostResource["attributes"]
}

export const loadPost = ({ params, get }: { params: Readonly<Record<string, string>>; get: ApiGet }) =>
  found(async (): Promise<PostData> => {
    const r = await get<{ data: PostResource }>(`/api/v2/posts/${encodeURIComponent(params.post_id ?? "")}/`)
    return { post: r.data.attributes }
  })

export interface DocsData {
  readonly documents: readonly EpDocResource[]
}

/** /docs (every kind) and /{partner}_clients/docs (the general ones and the partner's own). */
export const loadDocs = ({ params, get }: { params: Readonly<Record<string, string>>; get: ApiGet }) =>
  found(async (): Promise<DocsData> => {
    const partner = params.partner ? `?partner=${encodeURIComponent(params.partner)}` : ""
    const r = await get<{ data: EpDocResource[] }>(`/api/v2/documents/ep_docs/${partner}`)
    return { documents: r.data }
  })
