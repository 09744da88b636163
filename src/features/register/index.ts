/**
 * The CA's register of certificates (docs/register.md): the /reestr page (the route table
 * imports ReestrPage.tsx itself, so the site's chunk has none of the CRM's panels), and the CRM's
 * panels the declarations name (src/features/crm/ResourcePanels.tsx).
 */
export { ReestrPage } from "./ReestrPage.tsx"
export { CertificateImportPanel } from "./crm/CertificateImportPanel.tsx"
export { CertificateOrderPanel } from "./crm/CertificateOrderPanel.tsx"
export { IssueCertificatePanel } from "./crm/IssueCertificatePanel.tsx"
export { PhoneSuspendPanel } from "./crm/PhoneSuspendPanel.tsx"
