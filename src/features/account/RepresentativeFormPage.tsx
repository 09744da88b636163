import { Link, useLocation } from "wouter"
import { representative_frm } from "../../../schemas/forms/representative_frm.ts"
import type { FieldOption } from "../../../schemas/forms/types.ts"
import { representativeMessages as m } from "../../../schemas/messages/services.ts"
import * as form from "../../ui/form-page.css.ts"
import { documentTitle } from "../../ui/page-title.ts"
import * as pages from "../../ui/page.css.ts"
import { createRepresentative, legalPersonOptions, readRepresentative, type Representative, updateRepresentative, valuesOf } from "../representatives/index.ts"
import { Form } from "../forms/index.ts"
import { useSiteHandlers } from "../requests/index.ts"
import { ErrorPage } from "../shell/index.ts"
import * as css from "./account.css.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { LoadFailure, Loading } from "./LoadState.tsx"

interface Loaded {
  readonly options: FieldOption[]
  readonly representative: Representative | null
}

/** The form's choices of legal person, and the representative being edited (none for a new one). */
async function readForm(id: string | null): Promise<Loaded> {
  const [options, representative] = await Promise.all([legalPersonOptions(), id ? readRepresentative(id) : Promise.resolve(null)])
  return { options, representative }
}

/**
 * /account/representative/new and /{id}/edit (director level): the representative_frm form, the legal
 * person chosen among the ones the director directs. Saved, it goes to the representative's card.
 */
export function RepresentativeFormPage({ params }: { params: { readonly id?: string } }) {
  const id = params.id
  const [, navigate] = useLocation()
  const handlers = useSiteHandlers()
  const loaded = useLoad(id ?? null, readForm)
  if (loaded.state === "failed" && (loaded.error.status === 404 || loaded.error.status === 403)) return <ErrorPage status={loaded.error.status} />
  const title = id ? m.editTitle : m.newTitle
  const back = id ? `/account/representative/${encodeURIComponent(id)}` : "/account/representative"
  return (
    <>
      <title>{documentTitle(title)}</title>
      <Link href={back} className={css.back}>
        ← {id ? m.card : m.back}
      </Link>
      <h1 className={pages.title}>{title}</h1>
      {loaded.state === "loading" && <Loading />}
      {loaded.state === "failed" && <LoadFailure error={loaded.error} />}
      {loaded.state === "ready" &&
        (loaded.value.options.length === 0 ? (
          <p className={css.empty}>{m.noLegalPersons}</p>
        ) : (
          <div className={form.pageForm}>
            <Form
              id="representative"
              preset={representative_frm}
              options={{ legal_persons: loaded.value.options }}
              values={loaded.value.representative ? valuesOf(loaded.value.representative) : { legal_person_id: loaded.value.options.length === 1 ? loaded.value.options[0]!.value : "" }}
              submit={id ? updateRepresentative(id) : createRepresentative}
              handlers={handlers}
              onSubmitted={(saved) => navigate(`/account/representative/${encodeURIComponent((saved as Representative).id)}`)}
            />
          </div>
        ))}
    </>
  )
}
