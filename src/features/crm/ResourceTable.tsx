import { Link } from "wouter"
import { messages } from "../../../schemas/messages.ts"
import { Button } from "../../ui/Button.tsx"
import type { CrmListResource, CrmRecord } from "./resource.ts"
import * as css from "./table.css.ts"

export interface ResourceTableProps<R extends CrmRecord> {
  readonly resource: CrmListResource<R>
  readonly items: readonly R[]
  readonly busy: boolean
  readonly onDelete: (record: R) => void
}

/** The rows of a list: the first column links to the edit form; each row can be deleted (not in a read-only list). */
export function ResourceTable<R extends CrmRecord>({ resource, items, busy, onDelete }: ResourceTableProps<R>) {
  const [first, ...rest] = resource.columns
  const editable = !resource.readOnly
  return (
    <table className={css.table} aria-busy={busy}>
      <caption className={css.srOnly}>{resource.title}</caption>
      <thead className={css.head}>
        <tr>
          {resource.columns.map((c) => (
            <th key={c.key} scope="col" className={css.th}>
              {c.label}
            </th>
          ))}
          {editable && (
            <th scope="col" className={css.th}>
              {messages.admin.actions}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {items.map((record) => {
          const label = resource.labelOf(record)
          return (
            <tr key={record.id} className={css.row}>
              {first && (
                <td className={css.cell} data-label={first.label}>
                  {editable ? <Link href={`${resource.routeBase}/${record.id}/edit`}>{first.value(record)}</Link> : first.value(record)}
                </td>
              )}
              {rest.map((c) => (
                <td key={c.key} className={css.cell} data-label={c.label}>
                  {c.value(record)}
                </td>
              ))}
              {editable && (
                <td className={css.cell} data-label={messages.admin.actions}>
                  <span className={css.actions}>
                    <Link href={`${resource.routeBase}/${record.id}/edit`} aria-label={`${messages.admin.edit}: ${label}`}>
                      {messages.admin.edit}
                    </Link>
                    <Button variant="ghost" className={css.removeButton} disabled={busy} aria-label={`${messages.admin.remove}: ${label}`} onClick={() => onDelete(record)}>
                      {messages.admin.remove}
                    </Button>
                  </span>
                </td>
              )}
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
