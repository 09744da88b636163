import { crmMessages } from "../../../schemas/messages/crm.ts"
import type { ServerHooks } from "../../lib/crud.ts"

/** The requisites' one record (schemas/resources/requisites.ts): no second record, no delete. */
export const requisitesHooks: ServerHooks = {
  check: async (_db, _input, id) => (id === null ? { name: [crmMessages.singletonOnly] } : null),
  beforeDelete: async () => ({ name: [crmMessages.singletonOnly] }),
}
