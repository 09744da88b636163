import { useEffect, useState } from "react"
import type { CityResource } from "../../../schemas/entities/city.ts"
import { messages } from "../../../schemas/messages.ts"
import { api, asClientError } from "../../api/client.ts"
import { pushAlert } from "../alerts/alerts.ts"
import { useCity } from "./city.ts"
import { ErrorPage } from "./ErrorPage.tsx"
import { HomePage } from "./HomePage.tsx"

type Lookup = { slug: string } & ({ state: "loading" } | { state: "found"; name: string } | { state: "failed"; status: number })

/** The region page `/{slug}`: the city is looked up by slug; an unknown slug is the 404 page. */
export function RegionPage({ slug }: { slug: string }) {
  const city = useCity()
  const [lookup, setLookup] = useState<Lookup>({ slug, state: "loading" })
  useEffect(() => {
    let live = true
    api<{ data: CityResource }>(`/api/v2/cities/${encodeURIComponent(slug)}/`)
      .then((r) => {
        if (!live) return
        setLookup({ slug, state: "found", name: r.data.attributes.name })
        city.send({ type: "VISIT", slug, name: r.data.attributes.name })
      })
      .catch((err: unknown) => {
        if (!live) return
        const e = asClientError(err)
        if (e.status !== 404) pushAlert({ text: `${messages.shell.loadFailed}: ${e.message}`, apiError: true })
        setLookup({ slug, state: "failed", status: e.status ?? 500 })
      })
    return () => {
      live = false
    }
  }, [slug, city])

  if (lookup.slug !== slug || lookup.state === "loading") return <p aria-busy="true">{messages.shell.loading}…</p>
  if (lookup.state === "failed") return <ErrorPage status={lookup.status} />
  return <HomePage city={lookup.name} />
}
