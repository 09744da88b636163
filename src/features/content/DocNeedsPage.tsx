import { APPLICANT_DOCUMENTS, APPLICANT_ROLE_LABELS } from "../../../schemas/applicant-documents.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { title as titleCss } from "../../ui/page.css.ts"
import * as css from "./content.css.ts"
import type { CmsPageData } from "./loaders.ts"
import { Prose } from "./Prose.tsx"

/**
 * /doc_needs: the CRM page's text, then the documents each applicant kind brings, from the one
 * declared list (schemas/applicant-documents.ts) the order wizard's upload step reads too.
 */
export function DocNeedsPage({ data }: { data: CmsPageData }) {
  return (
    <article>
      <h1 className={titleCss}>{data.page.title}</h1>
      <Prose html={data.page.body} />
      <div className={css.applicants}>
        {APPLICANT_DOCUMENTS.map((group) => (
          <section key={group.kind} className={css.applicant} aria-labelledby={`applicant-${group.kind}`}>
            <h2 id={`applicant-${group.kind}`} className={css.rubricTitle}>
              {group.title}
            </h2>
            <p className={css.applicantLead}>{group.lead}</p>
            <ul className={css.needList}>
              {group.documents.map((d) => (
                <li key={d.id}>
                  <span className={css.needName}>{d.name}</span>
                  <span className={css.needRole}>
                    {APPLICANT_ROLE_LABELS[d.role]}
                    {d.optional && `, ${messages.content.docNeedsOptional}`}
                  </span>
                  {d.note && <span className={css.needNote}>{d.note}</span>}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </article>
  )
}
