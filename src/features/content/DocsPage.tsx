import { fileLabel } from "../../../schemas/content-text.ts"
import type { EpDocResource } from "../../../schemas/entities/content.ts"
import { EP_DOC_KINDS } from "../../../schemas/forms/parts/ep-docs.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { title as titleCss } from "../../ui/page.css.ts"
import * as css from "./content.css.ts"
import type { DocsData } from "./loaders.ts"

const m = messages.content
const UNITS = { bytes: m.bytes, kilobytes: m.kilobytes, megabytes: m.megabytes }

function DocumentLink({ doc }: { doc: EpDocResource }) {
  const { title, file, link } = doc.attributes
  const format = file ? fileLabel(file, UNITS) : ""
  return (
    <li className={css.docItem}>
      {file ? (
        <a className={css.docLink} href={file.url} download={file.name} aria-label={format ? m.docsDownload(title, format) : undefined}>
          {title}
        </a>
      ) : (
        <a className={css.docLink} href={link ?? "#"}>
          {title}
        </a>
      )}
      {format && (
        <span className={css.docFormat} aria-hidden="true">
          {format}
        </span>
      )}
    </li>
  )
}

/** /docs and /{partner}_clients/docs: the published EP documents grouped by kind, each a download with its format and size. */
export function DocsPage({ data, title }: { data: DocsData; title: string }) {
  const known = new Set(EP_DOC_KINDS.map((k) => k.value))
  const groups = [
    ...EP_DOC_KINDS.map((k) => ({ kind: k.value, label: k.label })),
    // A kind the declaration does not name yet still shows, under its own name.
    ...[...new Set(data.documents.map((d) => d.attributes.kind))].filter((k) => !known.has(k)).map((k) => ({ kind: k, label: k })),
  ]
    .map((g) => ({ ...g, documents: data.documents.filter((d) => d.attributes.kind === g.kind) }))
    .filter((g) => g.documents.length > 0)
  return (
    <>
      <h1 className={titleCss}>{title}</h1>
      {groups.length === 0 && <p>{m.docsEmpty}</p>}
      {groups.map((g) => (
        <section key={g.kind} className={css.docGroup} aria-labelledby={`docs-${g.kind}`}>
          <h2 id={`docs-${g.kind}`} className={css.rubricTitle}>
            {g.label}
          </h2>
          <ul className={css.docList}>
            {g.documents.map((d) => (
              <DocumentLink key={d.id} doc={d} />
            ))}
          </ul>
        </section>
      ))}
    </>
  )
}
