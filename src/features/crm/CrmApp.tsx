/** PLACEHOLDER until the CRM lands. */
export default function CrmApp() {
  return <main>CRM</main>
}
