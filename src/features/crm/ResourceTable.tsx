import { Link } from "wouter"
import { crmMessages } from "../../../schemas/messages/crm.ts"
import { crmScreenMessages } from "../../../schemas/messages/crm-screen.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { nextSort, sortOf } from "../../../schemas/resources/list-query.ts"
import { Button } from "../../ui/Button.tsx"
import type { CrmRecord, ResourceColumn, ResourceDeclaration } from "./resource.ts"
import { ColumnCell } from "./ColumnCell.tsx"
import * as css from "./table.css.ts"

export interface ResourceTableProps {
  readonly resource: ResourceDeclaration
  readonly items: readonly CrmRecord[]
  readonly busy: boolean
  /** The list's sort: a column, `-` first for descending, or "". */
  readonly sort: string
  readonly onSort: (sort: string) => void
  readonly onDelete: (record: CrmRecord) => void
  /** Ids of the selected rows (bulk delete). */
  readonly selected: readonly string[]
  readonly onToggle: (id: string) => void
  readonly onTogglePage: () => void
}

/**
 * A cell's text that breaks between its words only: each word is kept whole (an e-mail is not split
 * at its hyphen, «РОМАШКА-ИНВЕСТ» not at its dash), so a narrow column grows and the card scrolls.
 */
function Words({ text }: { text: string }) {
  if (!/\s/.test(text.trim())) return <span className={css.word}>{text}</span>
  // One element around the words: a phone's card lays a cell out as a grid, where each loose span would be a cell of its own.
  return <span>{text.split(/(\s+)/).map((part, i) => (/^\s+$/.test(part) || part === "" ? part : <span key={i} className={css.word}>{part}</span>))}</span>
}

/** A column's heading: a button that sorts by it when the column is sortable, `aria-sort` telling the current order. */
function Heading({ column, sort, onSort }: { column: ResourceColumn<CrmRecord>; sort: string; onSort: (sort: string) => void }) {
  const by = column.sortBy
  const current = sortOf(sort)
  const active = by !== undefined && current.column === by
  const ariaSort = active ? (current.direction === "asc" ? "ascending" : "descending") : undefined
  return (
    <th scope="col" className={css.th} aria-sort={ariaSort}>
      {by === undefined ? (
        column.label
      ) : (
        <button type="button" className={css.sortButton} onClick={() => onSort(nextSort(sort, by))}>
          {column.label}
          <span aria-hidden="true">{active ? (current.direction === "asc" ? " ↑" : " ↓") : ""}</span>
        </button>
      )}
    </th>
  )
}

/**
 * The rows of a list: the first column links to the edit form (a read-only record: to its page, which
 * shows every column in full); each row can be selected (a labelled checkbox, and one for the whole page) and deleted (not in
 * a read-only list).
 */
export function ResourceTable({ resource, items, busy, sort, onSort, onDelete, selected, onToggle, onTogglePage }: ResourceTableProps) {
  const [first, ...rest] = resource.columns
  const editable = !resource.readOnly
  const hrefOf = (record: CrmRecord) => (editable ? `${resource.routeBase}/${record.id}/edit` : `${resource.routeBase}/${record.id}`)
  const all = items.length > 0 && items.every((r) => selected.includes(r.id))
  return (
    // The card scrolls (sideways when the table is wider than the page): focusable, so keys scroll it too.
    <div className={css.scroller} role="region" aria-label={crmScreenMessages.tableOf(resource.title)} tabIndex={0} data-testid="crm-table-card">
      <table className={css.table} aria-busy={busy}>
        <caption className={css.srOnly}>{resource.title}</caption>
        <thead className={css.head}>
          <tr>
            {editable && (
              <th scope="col" className={css.selectCell}>
                <input
                  type="checkbox"
                  className={css.checkbox}
                  aria-label={crmMessages.selectAll}
                  checked={all}
                  ref={(el) => {
                    if (el) el.indeterminate = !all && selected.length > 0
                  }}
                  disabled={busy}
                  onChange={onTogglePage}
                />
              </th>
            )}
            {resource.columns.map((c) => (
              <Heading key={c.key} column={c} sort={sort} onSort={onSort} />
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
                {editable && (
                  <td className={css.selectCell}>
                    <input
                      type="checkbox"
                      className={css.checkbox}
                      aria-label={crmMessages.selectRow(label)}
                      checked={selected.includes(record.id)}
                      disabled={busy}
                      onChange={() => onToggle(record.id)}
                    />
                  </td>
                )}
                {first && (
                  <td className={css.cell} data-label={first.label}>
                    <Link href={hrefOf(record)}>
                      <Words text={first.value(record)} />
                    </Link>
                  </td>
                )}
                {rest.map((c) => (
                  <td key={c.key} className={css.cell} data-label={c.label}>
                    {c.kind ? <ColumnCell kind={c.kind} value={c.value(record)} label={label} /> : <Words text={c.value(record)} />}
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
    </div>
  )
}
