/**
 * The МЧД registry (docs/epoa.md): the route table imports the public pages' files itself (so the
 * site's chunks carry no CRM code); other features use these: the paths, the CRM's upload panel (named
 * `epoa_upload` in src/features/crm/ResourcePanels.tsx) and the account's block for a director.
 */
export { EPOA_PATHS } from "./paths.ts"
export { EpoaUploadPanel } from "./crm/EpoaUploadPanel.tsx"
