import { messages } from "../../../schemas/messages/common.ts"

/** The document title of a CRM page (React 19 hoists it into head). */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} — ${messages.admin.crmTitle}`}</title>
}
