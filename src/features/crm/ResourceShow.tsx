import { Link } from "wouter"
import { crmMessages } from "../../../schemas/messages/crm.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { CrmErrorPage as ErrorPage } from "./CrmErrorPage.tsx"
import * as css from "./page.css.ts"
import { PageTitle } from "./PageTitle.tsx"
import type { ResourceDeclaration } from "./resource.ts"
import * as table from "./table.css.ts"
import { RecordLoadStatus } from "./RecordLoadStatus.tsx"
import { RecordSections } from "./RecordSections.tsx"
import { RecordTransitions } from "./RecordTransitions.tsx"
import { ResourcePanels } from "./ResourcePanels.tsx"
import { useRecord } from "./useRecord.ts"

/**
 * A read-only record's page (`routeBase/:id`): its columns, and the fields before and after when the
 * declaration tells them (`changes`: an entry of 'Журнал изменений'); the moves of its state
 * (`transitions`: an order's status) and its further blocks (`sections`: an order's documents…).
 */
export function ResourceShow({ resource, params }: { resource: ResourceDeclaration; params: { readonly id: string } }) {
  const load = useRecord(resource, params.id)
  if (load.state === "failed" && load.error.status === 404) return <ErrorPage status={404} />
  const record = load.state === "loaded" ? load.record : null
  const heading = record ? resource.labelOf(record) : resource.title
  const changes = record && resource.changes ? resource.changes(record) : []
  return (
    <section aria-labelledby="crm-show-title">
      <PageTitle title={heading} />
      <Link href={resource.routeBase} className={css.back}>
        ← {messages.admin.backToList}
      </Link>
      <h1 id="crm-show-title" className={css.title}>
        {heading}
      </h1>
      <RecordLoadStatus load={load} />
      {record && (
        <>
          <dl className={css.details}>
            {resource.columns.map((c) => (
              <div key={c.key} className={css.detail}>
                <dt>{c.label}</dt>
                <dd>{c.value(record) || "—"}</dd>
              </div>
            ))}
          </dl>
          {resource.transitions && <RecordTransitions resource={resource} record={record} onMoved={load.reload} />}
          {resource.panels?.record && <ResourcePanels names={resource.panels.record} resource={resource} record={record} onChanged={load.reload} />}
          {resource.sections && <RecordSections sections={resource.sections(record)} />}
          {resource.changes && (
            <table className={table.table}>
              <caption className={table.srOnly}>{heading}</caption>
              <thead className={table.head}>
                <tr>
                  <th scope="col" className={table.th}>
                    {crmMessages.auditField}
                  </th>
                  <th scope="col" className={table.th}>
                    {crmMessages.auditBefore}
                  </th>
                  <th scope="col" className={table.th}>
                    {crmMessages.auditAfter}
                  </th>
                </tr>
              </thead>
              <tbody>
                {changes.map((ch, i) => (
                  <tr key={`${i} ${ch.field}`} className={table.row}>
                    <th scope="row" className={table.cell} data-label={crmMessages.auditField}>
                      {ch.field}
                    </th>
                    <td className={table.cell} data-label={crmMessages.auditBefore}>
                      {ch.before}
                    </td>
                    <td className={table.cell} data-label={crmMessages.auditAfter}>
                      {ch.after}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  )
}
