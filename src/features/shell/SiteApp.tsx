/** PLACEHOLDER until the public shell lands. */
export function SiteApp() {
  return <main>Удостоверяющий центр</main>
}
