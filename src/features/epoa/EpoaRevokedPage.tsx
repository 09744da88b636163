import { useLocation } from "wouter"
import { epoaMessages } from "../../../schemas/messages/epoa.ts"
import { epoa_revoked_frm } from "../../../schemas/forms/epoa_revoked_frm.ts"
import type { FormValues } from "../../../schemas/forms/types.ts"
import { Pagination } from "../../ui/Pagination.tsx"
import * as pageCss from "../../ui/page.css.ts"
import { Form } from "../forms/index.ts"
import { ruDay } from "./EpoaCard.tsx"
import type { RevokedData } from "./loaders.ts"
import { EPOA_PATHS, REVOKED_KEYS } from "./paths.ts"
import * as css from "./epoa.css.ts"

const t = epoaMessages.pages
const hrefOf = (filter: Readonly<Record<string, string>>, page: number) => {
  const q = new URLSearchParams(filter)
  if (page > 1) q.set("page", String(page))
  const s = q.toString()
  return s ? `${EPOA_PATHS.revoked}?${s}` : EPOA_PATHS.revoked
}

/**
 * /epoa/revoked (epoa_revoked_frm): revoked powers of attorney by number, principal's INN and the
 * date of revocation, newest first, paged; the filter and the page are the address (the list is
 * loaded on the server, so it works without scripts and the back button restores it).
 */
export function EpoaRevokedPage({ data }: { data: RevokedData }) {
  const [, navigate] = useLocation()
  const { list, filter } = data
  const submit = async (values: FormValues) => {
    const next: Record<string, string> = {}
    for (const key of REVOKED_KEYS) {
      const v = String(values[key] ?? "").trim()
      if (v) next[key] = v
    }
    navigate(hrefOf(next, 1))
  }
  return (
    <div className={css.page}>
      <h1 className={pageCss.title} id="epoa-revoked-title">
        {t.revoked}
      </h1>
      <p className={pageCss.lead}>{t.revokedLead}</p>
      <Form id="epoa-revoked" preset={epoa_revoked_frm} values={filter} submit={submit} aria-label={t.revokedFilter} />
      <section className={css.section} aria-labelledby="epoa-revoked-list">
        <h2 id="epoa-revoked-list" className={pageCss.sectionTitle}>
          {t.revokedTable}
        </h2>
        <p role="status">{list.meta.total === 0 ? t.revokedNone : t.total(list.meta.total)}</p>
        {list.data.length > 0 && (
          <table className={css.table}>
            <thead>
              <tr>
                <th className={css.cell} scope="col">{t.number}</th>
                <th className={css.cell} scope="col">{t.principalTitle}</th>
                <th className={css.cell} scope="col">{t.representativeTitle}</th>
                <th className={css.cell} scope="col">{t.validity}</th>
                <th className={css.cell} scope="col">{t.revokedAt}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((r) => (
                <tr key={r.id}>
                  <td className={css.cell}>{r.attributes.number}</td>
                  <td className={css.cell}>
                    {r.attributes.principal.name}
                    <br />
                    <span className={css.muted}>
                      {t.inn} {r.attributes.principal.inn}
                    </span>
                  </td>
                  <td className={css.cell}>{r.attributes.representative.name}</td>
                  <td className={css.cell}>{t.validityRange(ruDay(r.attributes.valid_from) ?? "", ruDay(r.attributes.valid_until) ?? "")}</td>
                  <td className={css.cell}>{ruDay(r.attributes.revoked_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pagination
          page={list.meta.page}
          totalPages={list.meta.pages}
          pageSize={list.meta.per_page}
          hrefOf={(p) => hrefOf(filter, p)}
          onPageChange={(p) => navigate(hrefOf(filter, p))}
          labels={{ root: t.pagination, prev: t.prev, next: t.next, page: t.page }}
        />
      </section>
    </div>
  )
}
