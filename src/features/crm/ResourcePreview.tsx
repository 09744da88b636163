import { Link } from "wouter"
import { crmMessages } from "../../../schemas/crm-messages.ts"
import { Prose } from "../content/index.ts"
import { ErrorPage } from "../shell/index.ts"
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
