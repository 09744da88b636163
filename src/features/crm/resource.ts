/**
 * The CRM's resources are declared in schemas/resources/ (read by the server too); the browser's
 * list and edit pages, routes and menu serve every declaration of `crmResources`.
 */
export type { CrmRecord, ResourceColumn, ResourceDeclaration } from "../../../schemas/resources/index.ts"
export type { FormPreset } from "../../../schemas/forms/types.ts"
