import { HomePage } from "./HomePage.tsx"

/**
 * The region page `/{slug}`: the route's loader found the city by its slug (an unknown slug is the
 * 404 page before this renders), and the `city` guard made it the current city.
 */
export function RegionPage({ data }: { data: { readonly city: { readonly name: string } } }) {
  return <HomePage city={data.city.name} />
}
