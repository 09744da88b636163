import { Link } from "wouter"
import { messages } from "../../../schemas/messages.ts"
import { buttonClass } from "../../ui/Button.tsx"
import * as css from "./pages.css.ts"
import { documentTitle } from "./page-titles.ts"

const h = messages.home

/** The index (and, with `city`, the region page): what the CA issues, for whom, and how to get it. */
export function HomePage({ city }: { city?: string }) {
  const title = city ? messages.pages.region(city) : h.title
  return (
    <>
      <title>{documentTitle(title)}</title>
      <section className={css.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={css.title}>
          {title}
        </h1>
        <p className={css.lead}>{city ? h.regionLead(city) : h.lead}</p>
        <div className={css.actions}>
          <Link href="/buy" className={buttonClass("accent")}>
            {h.buy}
          </Link>
          <Link href="/price" className={buttonClass("secondary")}>
            {h.price}
          </Link>
        </div>
      </section>

      <section className={css.section} aria-labelledby="home-what">
        <h2 id="home-what" className={css.sectionTitle}>
          {h.whatTitle}
        </h2>
        <ul className={css.cards}>
          {h.what.map((c) => (
            <li key={c.title} className={css.card}>
              <h3 className={css.cardTitle}>{c.title}</h3>
              <p className={css.cardText}>{c.text}</p>
              <Link href={c.href} aria-label={`${c.link}: ${c.title}`}>
                {c.link}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className={css.section} aria-labelledby="home-who">
        <h2 id="home-who" className={css.sectionTitle}>
          {h.whoTitle}
        </h2>
        <ul className={css.cards}>
          {h.who.map((c) => (
            <li key={c.title} className={css.card}>
              <h3 className={css.cardTitle}>{c.title}</h3>
              <p className={css.cardText}>{c.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={css.section} aria-labelledby="home-how">
        <h2 id="home-how" className={css.sectionTitle}>
          {h.howTitle}
        </h2>
        <ol className={css.steps}>
          {h.how.map((c) => (
            <li key={c.title} className={css.step}>
              <h3 className={css.cardTitle}>{c.title}</h3>
              <p className={css.cardText}>{c.text}</p>
              <Link href={c.href}>{c.link}</Link>
            </li>
          ))}
        </ol>
      </section>

      <section className={css.section} aria-labelledby="home-platforms">
        <h2 id="home-platforms" className={css.sectionTitle}>
          {h.platformsTitle}
        </h2>
        <p className={css.lead}>{h.platformsText}</p>
        <Link href="/platforms">{h.platformsLink}</Link>
      </section>
    </>
  )
}
