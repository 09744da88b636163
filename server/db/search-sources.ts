export type SearchKind = "page" | "faq_question" | "faq_article" | "post"

/** What the site search reads (docs/search.md): one entry per searched table. */
export interface SearchSource {
  /** The result's kind as the API names it. */
  readonly kind: SearchKind
  readonly table: "pages" | "faq_questions" | "faq_articles" | "posts"
  /** Its number in the FTS5 rowid (`ref_id * 4 + code`), so one row is replaced by its rowid. */
  readonly code: 0 | 1 | 2 | 3
  /** The title column and the text columns (HTML allowed) searched after it. */
  readonly title: string
  readonly text: readonly string[]
  /**
   * PostgreSQL's document: the expression migration 0008 indexes and the search queries, character for
   * character (a different expression would not use the index).
   */
  readonly pgVector: string
}

const vector = (title: string, text: readonly string[]) =>
  `setweight(to_tsvector('russian'::regconfig, ${title}), 'A') || setweight(to_tsvector('russian'::regconfig, ${text.join(` || ' ' || `)}), 'B')`

const source = (kind: SearchSource["kind"], table: SearchSource["table"], code: SearchSource["code"], title: string, text: readonly string[]): SearchSource => ({
  kind,
  table,
  code,
  title,
  text,
  pgVector: vector(title, text),
})

export const SEARCH_SOURCES: readonly SearchSource[] = [
  source("page", "pages", 0, "title", ["body"]),
  source("faq_question", "faq_questions", 1, "question", ["answer"]),
  source("faq_article", "faq_articles", 2, "title", ["body"]),
  source("post", "posts", 3, "title", ["announce", "body"]),
]

/** The public address of a found row (a FAQ question: its item on /faq, `id="question-{id}"`). */
export function urlOf(kind: SearchKind, id: number, pageUrl: string | null): string {
  switch (kind) {
    case "page":
      return pageUrl ?? "/"
    case "faq_question":
      return `/faq#question-${id}`
    case "faq_article":
      return `/faq/articles/${id}`
    case "post":
      return `/posts/${id}`
  }
}
