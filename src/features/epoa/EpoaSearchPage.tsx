import { useState } from "react"
import type { SubmitFailure } from "../../../machines/form.machine.ts"
import { epoaMessages } from "../../../schemas/messages/epoa.ts"
import { epoa_search_principal_frm } from "../../../schemas/forms/epoa_search_principal_frm.ts"
import { epoa_search_representative_frm } from "../../../schemas/forms/epoa_search_representative_frm.ts"
import * as pageCss from "../../ui/page.css.ts"
import { pushAlert } from "../alerts/index.ts"
import { Form } from "../forms/index.ts"
import { EpoaCard } from "./EpoaCard.tsx"
import { type EpoaSearchAnswer, searchByPrincipal, searchByRepresentative } from "./epoa-api.ts"
import * as css from "./epoa.css.ts"

const t = epoaMessages.pages

/** Field errors of a 422 stay next to the fields (the captcha's too); any other failure is told in an alert. */
function reportFailure(error: SubmitFailure) {
  if (error.status !== 422) pushAlert({ text: error.message, apiError: true })
}

const KINDS = {
  principal: { preset: epoa_search_principal_frm, submit: searchByPrincipal, title: t.principal, lead: t.principalLead },
  representative: { preset: epoa_search_representative_frm, submit: searchByRepresentative, title: t.representative, lead: t.representativeLead },
} as const

/**
 * The tax service's kind of check (docs/epoa.md): the number and the principal's INN
 * (epoa_search_principal_frm) or the representative's СНИЛС (epoa_search_representative_frm), behind
 * the captcha; the МЧД found or 'Ничего не найдено'. After a search the form is fresh (the captcha was
 * used up) with the typed values kept.
 */
function EpoaSearch({ kind }: { kind: keyof typeof KINDS }) {
  const k = KINDS[kind]
  const [answer, setAnswer] = useState<EpoaSearchAnswer | null>(null)
  return (
    <div className={css.page}>
      <h1 className={pageCss.title}>{k.title}</h1>
      <p className={pageCss.lead}>{k.lead}</p>
      <Form
        id={`epoa-search-${kind}`}
        preset={k.preset}
        submit={k.submit}
        startOver="typed"
        onSubmitted={(output) => setAnswer(output as EpoaSearchAnswer)}
        onFailed={reportFailure}
        aria-label={k.title}
      />
      {answer && (
        <section className={css.results} aria-live="polite" aria-label={k.title}>
          {answer.data ? <EpoaCard epoa={answer.data} /> : <p role="status">{t.nothingFound}</p>}
        </section>
      )}
    </div>
  )
}

/** /epoa/principal */
export const EpoaPrincipalPage = () => <EpoaSearch kind="principal" />
/** /epoa/representative */
export const EpoaRepresentativePage = () => <EpoaSearch kind="representative" />
