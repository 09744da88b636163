import { useActorRef, useSelector } from "@xstate/react"
import { useMemo } from "react"
import { Link } from "wouter"
import { fromPromise } from "xstate"
import type { ListedCertificate } from "../../../machines/certificate-list.machine.ts"
import { type Problem, workplaceCheckMachine, workplaceProblems } from "../../../machines/workplace-check.machine.ts"
import { shortDay } from "../../../schemas/dates.ts"
import { signerMessages as t } from "../../../schemas/messages/signer.ts"
import { Button } from "../../ui/Button.tsx"
import * as pages from "../../ui/page.css.ts"
import { commonNameOf } from "./signer.ts"
import * as css from "./signer.css.ts"
import { workplaceActors } from "./workplace-actors.ts"

/** CryptoPro's download pages (the plug-in and CSP are installed from there, never shipped by us). */
export const PLUGIN_URL = "https://www.cryptopro.ru/products/cades/plugin"
export const CSP_URL = "https://www.cryptopro.ru/products/csp"
/** Where a customer renews a certificate ('Продлить' starts a pre-filled order from the account's list). */
const RENEW_URL = "/account/certificates"

/** A fix's text and the download page it sends to (a new tab). */
function FixWithLink({ text, href, link }: { text: string; href: string; link: string }) {
  return (
    <li>
      {text}{" "}
      <a href={href} className={css.link} target="_blank" rel="noopener noreferrer">
        {link}
      </a>
    </li>
  )
}

function Fix({ problem }: { problem: Problem }) {
  switch (problem.kind) {
    case "plugin":
      return <FixWithLink text={t.fixPlugin} href={PLUGIN_URL} link={t.fixPluginLink} />
    case "extension":
      return <FixWithLink text={`${problem.error ? `${problem.error}. ` : ""}${t.fixExtension}`} href={PLUGIN_URL} link={t.fixPluginLink} />
    case "csp":
      return <FixWithLink text={t.fixCsp} href={CSP_URL} link={t.fixCspLink} />
    case "token":
      return <li>{t.fixToken}</li>
    case "root":
      return <li>{t.fixRoot(problem.name)}</li>
    case "revoked":
      return <li>{t.fixRevoked(problem.name)}</li>
    case "expired":
      return (
        <li>
          {t.fixExpired(problem.name)}{" "}
          <Link href={RENEW_URL} className={css.link}>
            {t.renew}
          </Link>
        </li>
      )
  }
}

const statusOf = (c: ListedCertificate, check: { trusted: boolean; withinValidity: boolean; revoked: boolean; verdict: string } | null | undefined) => {
  if (c.validTo.getTime() < Date.now()) return t.expired
  if (check === undefined) return t.chainUnknown
  if (check === null) return t.checkFailed
  return check.trusted && !check.revoked && check.withinValidity ? t.certificateOk : check.verdict
}

/**
 * 'Проверка рабочего места' (public): the plug-in and CSP with their versions, the certificates on
 * the tokens with their validity and whether their chains are trusted, and what to do about each
 * problem. The flow is workplaceCheckMachine's; 'Проверить ещё раз' runs it again.
 */
export function WorkplaceCheckPage() {
  const actors = useMemo(() => workplaceActors(), [])
  const actor = useActorRef(
    workplaceCheckMachine.provide({
      actors: {
        detect: fromPromise(actors.detect),
        listCertificates: fromPromise(actors.listCertificates),
        checkCertificates: fromPromise(({ input }) => actors.checkCertificates(input)),
      },
    }),
  )
  const snap = useSelector(actor, (s) => s)
  const done = snap.matches("report")
  const d = snap.context.detection
  const problems = done ? workplaceProblems(snap.context) : []
  return (
    <div className={css.page}>
      <h1 className={pages.title}>{t.workplaceTitle}</h1>
      <p className={css.note}>{t.workplaceIntro}</p>
      <p className={css.note} role="status" aria-live="polite">
        {done ? "" : t.checking}
      </p>
      {d && (
        <table className={css.table}>
          <tbody>
            <tr>
              <th className={css.cell} scope="row">{t.pluginRow}</th>
              <td className={css.cell} data-check="plugin">
                {d.plugin === "ready" ? t.found(d.pluginVersion ?? t.unknownVersion) : t.notFound}
              </td>
            </tr>
            <tr>
              <th className={css.cell} scope="row">{t.cspRow}</th>
              <td className={css.cell} data-check="csp">
                {d.plugin !== "ready" ? t.cspNeedsPlugin : d.cspVersion ? t.found(d.cspVersion) : t.notFound}
              </td>
            </tr>
          </tbody>
        </table>
      )}
      {snap.context.certificates.length > 0 && (
        <section className={css.section} aria-labelledby="workplace-certificates">
          <h2 id="workplace-certificates" className={css.sectionTitle}>
            {t.certificatesRow}
          </h2>
          <table className={css.table}>
            <thead>
              <tr>
                <th className={css.cell} scope="col">{t.boundSubject}</th>
                <th className={css.cell} scope="col">{t.boundIssuer}</th>
                <th className={css.cell} scope="col">{t.boundUntil}</th>
                <th className={css.cell} scope="col">{t.trusted}</th>
              </tr>
            </thead>
            <tbody>
              {snap.context.certificates.map((c) => (
                <tr key={c.thumbprint} data-thumbprint={c.thumbprint}>
                  <td className={css.cell}>{commonNameOf(c.subjectName)}</td>
                  <td className={css.cell}>{commonNameOf(c.issuerName)}</td>
                  <td className={css.cell}>{t.validity(shortDay(c.validFrom), shortDay(c.validTo))}</td>
                  <td className={css.cell}>{statusOf(c, snap.context.checks[c.thumbprint])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {snap.context.listError && (
        <p className={css.error} role="alert">
          {snap.context.listError}
        </p>
      )}
      {done && (
        <section className={css.section} aria-labelledby="workplace-problems">
          <h2 id="workplace-problems" className={css.sectionTitle}>
            {t.problemsTitle}
          </h2>
          {problems.length === 0 ? (
            <p className={css.ok}>{t.noProblems}</p>
          ) : (
            <ul className={css.list}>
              {problems.map((p, i) => (
                <Fix key={i} problem={p} />
              ))}
            </ul>
          )}
        </section>
      )}
      <div className={css.row}>
        <Button variant="secondary" disabled={!done} onClick={() => actor.send({ type: "RECHECK" })}>
          {t.recheck}
        </Button>
        <Link href="/certificate/binding" className={css.link}>
          {t.toBinding}
        </Link>
      </div>
    </div>
  )
}
