import { Link, useLocation } from "wouter"
import { dayTime, shortDay } from "../../../schemas/dates.ts"
import type { CaRepositoryCertificate, CaRepositoryCrl } from "../../../schemas/entities/ca-repository.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { repositoryMessages as t } from "../../../schemas/messages/repository.ts"
import { Facts } from "../../ui/Facts.tsx"
import * as pageCss from "../../ui/page.css.ts"
import { Pagination } from "../../ui/Pagination.tsx"
import { type RepositoryData, repositoryHref } from "./repository-loader.ts"
import * as css from "./repository.css.ts"

/** Moscow time on the server and in every browser alike (the page is rendered on both; schemas/dates.ts). */
const day = (iso: string | null) => (iso ? shortDay(iso) : "")
const moment = (iso: string) => `${dayTime(iso)} МСК`
const fileName = (url: string) => url.slice(url.lastIndexOf("/") + 1)

function CertificateCard({ c, only }: { c: CaRepositoryCertificate; only: boolean }) {
  const id = `ca-cert-${c.key_id}`
  return (
    <article className={css.card} aria-labelledby={id}>
      <h3 className={css.cardTitle} id={id}>
        {c.common_name ?? c.subject}
      </h3>
      <p className={css.role}>{c.role === "root" && only ? t.rootAndIssuing : t.roles[c.role]}</p>
      <Facts
        items={[
          [t.subject, c.subject_readable],
          [t.issuer, c.role === "root" ? null : c.issuer],
          [t.validity, t.validRange(day(c.not_before), day(c.not_after))],
          [t.serial, c.serial, css.hex],
          [t.sha1, c.sha1, css.hex],
          [t.sha256, c.sha256, css.hex],
        ]}
      />
      <p className={css.links}>
        <a href={c.cer_url} download>
          {t.downloadCer}
        </a>
        <a href={c.pem_url} download>
          {t.downloadPem}
        </a>
      </p>
    </article>
  )
}

function CrlCard({ crl }: { crl: CaRepositoryCrl }) {
  const name = fileName(crl.url)
  return (
    <article className={css.card} aria-label={name}>
      <Facts
        items={[
          [t.issuer, crl.issuer_readable],
          [t.crlNumber, crl.number === null ? null : String(crl.number)],
          [t.thisUpdate, moment(crl.this_update)],
          [t.nextUpdate, moment(crl.next_update)],
          [t.entries, String(crl.entries)],
        ]}
      />
      <p className={css.links}>
        <a href={crl.url} download>
          {t.crlDownload(name)}
        </a>
      </p>
    </article>
  )
}

/**
 * /uc_repository (docs/register.md, «Репозиторий УЦ»): the CA's own certificates with their
 * thumbprints and files, its CRLs with 'Действителен до', the revoked and suspended certificates of
 * the register (paged by the address), the way to /reestr and the accreditation when it is set.
 */
export function RepositoryPage({ data }: { data: RepositoryData }) {
  const [, navigate] = useLocation()
  const { repository: r, revoked } = data
  const acc = r.accreditation
  return (
    <div className={css.page}>
      <h1 className={pageCss.title}>{messages.pages.uc_repository}</h1>
      <p className={pageCss.lead}>{t.lead}</p>

      {acc && (
        <section className={css.section} aria-labelledby="ca-accreditation">
          <h2 id="ca-accreditation" className={pageCss.sectionTitle}>
            {t.accreditation}
          </h2>
          <Facts
            items={[
              [t.operator, r.operator],
              [t.accreditationNumber, acc.number],
              [t.accreditationDate, acc.date ? shortDay(acc.date) : null],
              [t.accreditationOrder, acc.order],
            ]}
          />
        </section>
      )}

      <section className={css.section} aria-labelledby="ca-certificates">
        <h2 id="ca-certificates" className={pageCss.sectionTitle}>
          {t.certificates}
        </h2>
        {r.certificates.length === 0 ? (
          <p>{t.noCertificates}</p>
        ) : (
          <div className={css.cards}>
            {r.certificates.map((c) => (
              <CertificateCard key={c.key_id} c={c} only={r.certificates.length === 1} />
            ))}
          </div>
        )}
      </section>

      <section className={css.section} aria-labelledby="ca-crls">
        <h2 id="ca-crls" className={pageCss.sectionTitle}>
          {t.crls}
        </h2>
        {r.crls.length === 0 ? (
          <p>{t.noCrls}</p>
        ) : (
          <div className={css.cards}>
            {r.crls.map((crl) => (
              <CrlCard key={crl.url} crl={crl} />
            ))}
          </div>
        )}
        <p className={css.note}>{t.crlNote}</p>
      </section>

      <section className={css.section} aria-labelledby="ca-revoked">
        <h2 id="ca-revoked" className={pageCss.sectionTitle}>
          {t.revoked}
        </h2>
        <p role="status">{revoked.meta.total_count === 0 ? t.revokedNone : t.revokedTotal(revoked.meta.total_count)}</p>
        {revoked.data.length > 0 && (
          <table className={css.table}>
            <thead>
              <tr>
                <th className={css.cell} scope="col">{t.serial}</th>
                <th className={css.cell} scope="col">{t.owner}</th>
                <th className={css.cell} scope="col">{t.status}</th>
              </tr>
            </thead>
            <tbody>
              {revoked.data.map((row) => (
                <tr key={row.id}>
                  <td className={`${css.cell} ${css.hex}`}>{row.attributes.serial}</td>
                  <td className={css.cell}>{row.attributes.owner}</td>
                  <td className={css.cell}>
                    {t.statuses[row.attributes.status] ?? row.attributes.status} {day(row.attributes.revoked_at)}
                    {row.attributes.reason && <span className={css.reason}>{row.attributes.reason}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pagination
          page={revoked.meta.page}
          totalPages={revoked.meta.total_pages}
          pageSize={revoked.meta.per}
          hrefOf={repositoryHref}
          onPageChange={(p) => navigate(repositoryHref(p))}
          labels={{ root: t.pagination, prev: t.prev, next: t.next, page: t.page }}
        />
      </section>

      <section className={css.section} aria-labelledby="ca-register">
        <h2 id="ca-register" className={pageCss.sectionTitle}>
          {t.register}
        </h2>
        <p>{t.registerLead}</p>
        <p>
          <Link href="/reestr">{t.registerLink}</Link>
        </p>
      </section>
    </div>
  )
}
