import { Link } from "wouter"
import { presets } from "../../../schemas/forms/index.ts"
import { messages } from "../../../schemas/messages/common.ts"
import * as css from "./page.css.ts"
import { PageTitle } from "./PageTitle.tsx"

/** /crm/forms: every form preset of the site, each opening its preview. */
export function FormsCatalog() {
  const list = Object.values(presets).sort((a, b) => a.id.localeCompare(b.id))
  return (
    <section aria-labelledby="crm-forms-title">
      <PageTitle title={messages.forms.previewTitle} />
      <h1 id="crm-forms-title" className={css.title}>
        {messages.forms.previewTitle}
      </h1>
      <p className={css.lead}>{messages.forms.previewLead}</p>
      <ul className={css.tiles}>
        {list.map((p) => (
          <li key={p.id}>
            <Link href={`/crm/forms/${p.id}`} className={css.tile}>
              <span className={css.tileGroup}>{messages.forms.previewFields(p.fields.length)}</span>
              {p.id}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
