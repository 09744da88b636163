import { crmMessages } from "../../../schemas/messages/crm.ts"
import type { RecordSection } from "../../../schemas/resources/define.ts"
import { pushAlert } from "../alerts/index.ts"
import { Button } from "../../ui/Button.tsx"
import { downloadRecordFile } from "./record-calls.ts"
import * as table from "./table.css.ts"

/** The blocks of a read-only record's page beyond its columns (declaration `sections`): one table each. */
export function RecordSections({ sections }: { sections: readonly RecordSection[] }) {
  const download = (file: { url: string; name: string }) => downloadRecordFile(file).catch(() => pushAlert({ tone: "error", text: crmMessages.downloadFailed }))
  return sections.map((s, i) => (
    <section key={s.title} aria-labelledby={`record-section-${i}`}>
      <h2 id={`record-section-${i}`}>{s.title}</h2>
      {s.rows.length === 0 ? (
        <p>{s.empty}</p>
      ) : (
        <table className={table.table}>
          <caption className={table.srOnly}>{s.title}</caption>
          <thead className={table.head}>
            <tr>
              {s.head.map((h) => (
                <th key={h} scope="col" className={table.th}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {s.rows.map((row, r) => (
              <tr key={r} className={table.row}>
                {row.cells.map((cell, c) => (
                  <td key={c} className={table.cell} data-label={s.head[c]}>
                    {cell}
                  </td>
                ))}
                {row.download && (
                  <td className={table.cell} data-label={s.head[row.cells.length]}>
                    <Button variant="secondary" onClick={() => void download(row.download!)} aria-label={`${crmMessages.download}: ${row.cells[0] ?? row.download.name}`}>
                      {crmMessages.download}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  ))
}
