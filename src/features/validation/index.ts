/**
 * Certificate and signature validation (docs/validation.md): the public page (the route
 * table imports ValidationPage.tsx itself, so the site's chunk has none of the CRM's panel) and the
 * CRM's trust-list upload the declaration names (src/features/crm/ResourcePanels.tsx).
 */
export { ValidationPage } from "./ValidationPage.tsx"
export { TrustRootsUploadPanel } from "./crm/TrustRootsUploadPanel.tsx"
