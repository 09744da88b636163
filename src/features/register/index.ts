/** The CA's public register of certificates (issue 11, docs/register.md): the /reestr page. */
export { ReestrPage } from "./ReestrPage.tsx"
