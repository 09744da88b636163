import { accountOperations } from "./account.ts"
import { crmOperations } from "./crm.ts"
import { buildDocument } from "./document.ts"
import { crmResourceOperations } from "./resources.ts"
import { siteOperations } from "./site.ts"
import type { ApiOperation } from "./types.ts"

/**
 * Every endpoint of the API, described: the public site's, the account's, the CRM's, and each declared
 * CRM resource's (generated). tests/api/openapi.test.ts fails when a mounted route is missing here.
 */
export const apiOperations = (): readonly ApiOperation[] => [...siteOperations, ...accountOperations, ...crmOperations, ...crmResourceOperations()]

let cached: string | null = null

/** The OpenAPI 3.1 document as JSON, built on first use and kept (the schemas do not change while running). */
export function openapiJson(version: string): string {
  cached ??= JSON.stringify(buildDocument(apiOperations(), version))
  return cached
}
