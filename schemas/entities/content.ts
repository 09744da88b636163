/**
 * The public content API's answers (server/routes/content.ts, docs/public-content.md), as plain types:
 * the site's pages read them without any schema library in their first load. Rich text (`body`,
 * `answer`) is HTML sanitized by the server; dates are `yyyy-MM-dd`.
 */

/** An uploaded file as stored (`{ name, url, size, type }`). */
export interface StoredFile {
  readonly name: string
  readonly url: string
  readonly size: number | null
  readonly type: string | null
}

/** `GET /api/v2/pages/?url=/{slug}/`: a published CRM page. */
export interface PageResource {
  readonly id: string
  readonly type: "page"
  readonly attributes: {
    readonly title: string
    readonly url: string
    readonly body: string
    readonly meta_title: string | null
    readonly meta_description: string | null
    readonly meta_keywords: string | null
    readonly updated_at: string
  }
}

export interface FaqQuestion {
  readonly id: string
  readonly question: string
  readonly answer: string
}

export interface FaqArticleRef {
  readonly id: string
  readonly title: string
}

/** `GET /api/v2/faq/?q=&rubric_id=`: rubrics with their published questions and articles. */
export interface FaqRubricResource {
  readonly id: string
  readonly type: "faq_rubric"
  readonly attributes: {
    readonly name: string
    readonly slug: string
    readonly questions: readonly FaqQuestion[]
    readonly articles: readonly FaqArticleRef[]
  }
}

/** `GET /api/v2/faq/articles/{id}/`. */
export interface FaqArticleResource {
  readonly id: string
  readonly type: "faq_article"
  readonly attributes: {
    readonly title: string
    readonly body: string
    readonly rubric: { readonly id: string; readonly name: string }
    readonly updated_at: string
  }
}

export interface PostSourceResource {
  readonly id: string
  readonly type: "post_source"
  readonly attributes: { readonly name: string; readonly url: string }
}

/** A post in the list (`GET /api/v2/posts/`): the announce cut for a preview. */
export interface PostPreviewResource {
  readonly id: string
  readonly type: "post"
  readonly attributes: {
    readonly title: string
    readonly date: string
    readonly preview: string
    readonly image: StoredFile | null
    readonly source: PostSourceResource["attributes"] & { readonly id: string } | null
  }
}

/** `GET /api/v2/posts/{id}/`. */
export interface PostResource {
  readonly id: string
  readonly type: "post"
  readonly attributes: {
    readonly title: string
    readonly date: string
    readonly announce: string
    readonly body: string
    readonly image: StoredFile | null
    readonly source: PostSourceResource["attributes"] & { readonly id: string } | null
  }
}

export interface PostListAnswer {
  readonly data: readonly PostPreviewResource[]
  readonly meta: { readonly total_pages: number; readonly total_count: number; readonly page: number; readonly per: number }
}

/** `GET /api/v2/documents/{type}/`: a published EP document (a file, or a link). */
export interface EpDocResource {
  readonly id: string
  readonly type: "ep_doc"
  readonly attributes: {
    readonly title: string
    readonly kind: string
    readonly file: StoredFile | null
    readonly link: string | null
    readonly partner: string | null
    readonly position: number
  }
}

/** `GET /api/v2/page_banners/?url=`: the banners showing on a path today. */
export interface PageBannerResource {
  readonly id: string
  readonly type: "page_banner"
  readonly attributes: { readonly title: string; readonly image: StoredFile; readonly link: string | null }
}

/** `GET /api/v2/page_settings/?url=`: a path's meta tags (`data: null` when none is set). */
export interface PageSettingResource {
  readonly id: string
  readonly type: "page_setting"
  readonly attributes: { readonly url: string; readonly meta_title: string; readonly meta_description: string | null; readonly meta_keywords: string | null }
}

/** The kinds `GET /api/v2/documents/{type}/` answers besides the EP document kinds (schemas/forms/parts/ep-docs.ts). */
export const DOCUMENT_TYPE_ALL = "ep_docs"
/** The spec's default type: the register's revoked and suspended certificates (server/routes/documents.ts). */
export const DOCUMENT_TYPE_REVOKED = "revoked_certificate"
/** The footer's link records (migration 0006): never listed as documents. */
export const EP_DOC_LINK_KIND = "link"

/** A path as the content tables keep it: leading slash, no trailing slash (except the root), no query. */
export function contentPath(raw: string): string {
  const path = raw.split(/[?#]/)[0]?.trim() ?? ""
  const withSlash = path.startsWith("/") ? path : `/${path}`
  const trimmed = withSlash.replace(/\/+$/, "")
  return trimmed === "" ? "/" : trimmed
}

/** Whether a banner's page pattern (an exact path, or with `*` for any characters: `/faq*`) covers a path. */
export function pathMatches(pattern: string, path: string): boolean {
  const p = pattern.trim()
  if (!p.includes("*")) return contentPath(p) === contentPath(path)
  const re = new RegExp(`^${p.split("*").map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`)
  return re.test(contentPath(path)) || re.test(`${contentPath(path)}/`)
}
