import { Link } from "wouter"
import { crmScreenMessages } from "../../../schemas/messages/crm-screen.ts"
import { api } from "../../api/client.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { crmMessages } from "../../../schemas/messages/crm.ts"
import { Prose } from "../content/index.ts"
import { CrmErrorPage as ErrorPage } from "./CrmErrorPage.tsx"
import * as css from "./page.css.ts"
import { PageTitle } from "./PageTitle.tsx"
import type { ResourceDeclaration } from "./resource.ts"
import { RecordLoadStatus } from "./RecordLoadStatus.tsx"
import { useRecord } from "./useRecord.ts"

/**
 * A record as the site shows it, inside the CRM (`routeBase/:id/preview`, from the declaration's
 * `preview`): its title and its HTML body in the site's content typography, published or not — staff
 * need not open the public site, which would change context and sign them out (SPEC.md section 3).
 * The body was sanitized by the server when it was stored (server/lib/sanitize-html.ts).
 */
export function ResourcePreview({ resource, params }: { resource: ResourceDeclaration; params: { readonly id: string } }) {
  const load = useRecord(resource, params.id)
  const spec = resource.preview
  if (!spec || (load.state === "failed" && load.error.status === 404)) return <ErrorPage status={404} />
  const attributes = load.state === "loaded" ? ((load.record as unknown as { attributes: Record<string, unknown> }).attributes ?? {}) : {}
  const title = typeof attributes[spec.title] === "string" ? (attributes[spec.title] as string) : ""
  const body = typeof attributes[spec.body] === "string" ? (attributes[spec.body] as string) : ""
  return (
    <section aria-labelledby="crm-preview-title">
      <PageTitle title={`${crmMessages.preview}: ${title || resource.title}`} />
      <p className={css.previewNotice} role="note">
        {crmMessages.previewNotice}{" "}
        <Link href={`${resource.routeBase}/${params.id}/edit`}>{crmMessages.backToEdit}</Link>
      </p>
      <RecordLoadStatus load={load} />
      {load.state === "loaded" && (
        <article className={css.previewArticle}>
          <h1 id="crm-preview-title" className={css.title}>
            {title}
          </h1>
          <Prose html={body} />
        </article>
      )}
    </section>
  )
}

/** The previewed text as typed, and as the sanitizer answers it. */
interface Previewed {
  readonly title: string
  readonly body: string
}

/**
 * What the form holds now, as the site would show it once saved, in place of the form (which stays
 * as typed): the server answers the HTML through the sanitizer a save uses (`POST {apiPath}/preview/`),
 * so nothing typed is rendered before it is cleaned. The text is the load's key: a changed one is read
 * behind the preview shown.
 */
export function UnsavedPreview({ resource, values }: { resource: ResourceDeclaration; values: Readonly<Record<string, unknown>> }) {
  const spec = resource.preview!
  const title = typeof values[spec.title] === "string" ? (values[spec.title] as string) : ""
  const body = typeof values[spec.body] === "string" ? (values[spec.body] as string) : ""
  // The declaration is the route's own: the same for as long as the form lives.
  const loaded = useLoad<Previewed, Previewed>(
    { title, body },
    (typed) =>
      api<{ data: Record<string, string> }>(`${resource.apiPath}/preview/`, { method: "POST", body: { [spec.title]: typed.title, [spec.body]: typed.body } }).then(({ data }) => ({
        title: data[spec.title] ?? "",
        body: data[spec.body] ?? "",
      })),
    { keepShown: true },
  )
  // A failed read, first or behind the preview shown, says so in its place.
  const shown = loaded.state === "ready" && !loaded.error ? loaded.value : null
  const failed = loaded.state === "failed" || (loaded.state === "ready" && loaded.error !== null)
  return (
    <div data-testid="crm-unsaved-preview">
      <p className={css.previewNotice} role="note">
        {crmScreenMessages.previewUnsaved}
      </p>
      {loaded.state === "loading" && (
        <p className={css.status} role="status">
          {crmScreenMessages.previewLoading}
        </p>
      )}
      {failed && (
        <p className={css.failure} role="alert">
          {crmScreenMessages.previewFailed}
        </p>
      )}
      {shown && (
        <article className={css.previewArticle} aria-label={crmMessages.preview}>
          <h2 className={css.title}>{shown.title}</h2>
          <Prose html={shown.body} />
        </article>
      )}
    </div>
  )
}
