import { title as titleCss } from "../../ui/page.css.ts"
import type { CmsPageData } from "./loaders.ts"
import { Prose } from "./Prose.tsx"

/** An information page of SPEC.md section 2 showing its CRM page: its title and its text. */
export function CmsPage({ data }: { data: CmsPageData }) {
  return (
    <article>
      <h1 className={titleCss}>{data.page.title}</h1>
      <Prose html={data.page.body} />
    </article>
  )
}
