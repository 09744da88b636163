import type { ReactNode } from "react"
import { Link } from "wouter"
import { messages } from "../../../schemas/messages/common.ts"
import { Button, buttonClass } from "../../ui/Button.tsx"
import { useModals } from "../modals/index.ts"
import { homeContent } from "./home-content.ts"
import * as css from "../../ui/page.css.ts"
import * as home from "./home.css.ts"

const h = { ...messages.home, ...homeContent }

/** The index (and, with `city`, the region page): what the CA issues, for whom, and how to get it. Its head comes from the route table. */
export function HomePage({ city }: { city?: string }) {
  const { openOffer } = useModals()
  const title = city ? messages.pages.region(city) : h.title
  return (
    <>
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
          <Button variant="secondary" onClick={() => openOffer("callback")}>
            {messages.forms.callback}
          </Button>
        </div>
      </section>

      <HomeSection id="home-what" title={h.whatTitle}>
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
      </HomeSection>

      <HomeSection id="home-who" title={h.whoTitle}>
        <ul className={css.cards}>
          {h.who.map((c) => (
            <li key={c.title} className={`${css.card} ${home.linkCard}`}>
              <h3 className={css.cardTitle}>
                {/* A page load, not the router's move: the browser itself brings the anchored section into view. */}
                <a href={c.href} className={home.cardLink}>
                  {c.title}
                </a>
              </h3>
              <p className={css.cardText}>{c.text}</p>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="home-how" title={h.howTitle}>
        <ol className={css.steps}>
          {h.how.map((c) => (
            <li key={c.title} className={css.step}>
              <h3 className={css.cardTitle}>{c.title}</h3>
              <p className={css.cardText}>{c.text}</p>
              <Link href={c.href}>{c.link}</Link>
            </li>
          ))}
        </ol>
      </HomeSection>

      <HomeSection id="home-platforms" title={h.platformsTitle}>
        <p className={css.lead}>{h.platformsText}</p>
        <Link href="/platforms">{h.platformsLink}</Link>
      </HomeSection>
    </>
  )
}

/** One titled section of the home page, labelled by its heading. */
function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={css.section} aria-labelledby={id}>
      <h2 id={id} className={css.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/** The index route's page: the home page for all regions. */
export const IndexPage = () => <HomePage />
