import { catalogueMessages as m } from "../../../schemas/messages/catalogue.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { lazyWithReload } from "../../ui/lazy.ts"
import { lead, title as titleCss } from "../../ui/page.css.ts"
import { ClientOnly } from "../content/index.ts"
import * as css from "./catalogue.css.ts"
import type { PartnerData } from "./loaders.ts"

// The form carries the form engine: it loads after the page's text is shown.
const PartnerRequestForm = lazyWithReload(() => import("./PartnerRequestForm.tsx").then((x) => ({ default: x.PartnerRequestForm })))

/** /partners/{partner_id}/new: the partner's terms above partners_frm. */
export function PartnerRequestPage({ data }: { data: PartnerData }) {
  const p = data.partner.attributes
  return (
    <article>
      <h1 id="partner-request-title" className={titleCss}>
        {m.partnerRequestTitle(p.name)}
      </h1>
      <p className={lead}>{p.description}</p>
      <ClientOnly fallback={<p className={css.muted}>{messages.content.formLoading}</p>}>
        <PartnerRequestForm partnerId={data.partner.id} tariffs={data.tariffs} labelledBy="partner-request-title" />
      </ClientOnly>
    </article>
  )
}
