import { ErrorPage } from "../shell/index.ts"

/**
 * A representative's page (and its edit page): no representative exists before the ordering issue, so
 * every one is not found. The ordering issue puts the representative's data here.
 */
export function RepresentativePage() {
  return <ErrorPage status={404} />
}
