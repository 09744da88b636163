import { messages } from "../../../schemas/messages/common.ts"
import { lazyWithReload } from "../../ui/lazy.ts"
import { title as titleCss } from "../../ui/page.css.ts"
import { ClientOnly } from "./ClientOnly.tsx"
import { formSlot, meta } from "./content.css.ts"
import type { CmsPageData } from "./loaders.ts"
import { Prose } from "./Prose.tsx"

// The request form carries the form engine: it loads after the page's text is shown.
const SalesRequestForm = lazyWithReload(() => import("../requests/index.ts").then((m) => ({ default: m.SalesRequestForm })))

/** /corporate and /services_ib: the CRM page's text above the page's request form (corporate_frm, services_ib_frm). */
export function CmsFormPage({ data, kind = "corporate" }: { data: CmsPageData; kind?: "corporate" | "services_ib" }) {
  const headingId = `${kind}-title`
  return (
    <article>
      <h1 id={headingId} className={titleCss}>
        {data.page.title}
      </h1>
      <Prose html={data.page.body} />
      <div className={formSlot}>
        <ClientOnly fallback={<p className={meta}>{messages.content.formLoading}</p>}>
          <SalesRequestForm kind={kind} aria-labelledby={headingId} />
        </ClientOnly>
      </div>
    </article>
  )
}
