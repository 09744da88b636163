import { messages } from "../../schemas/messages/common.ts"

/** The document title of a page. */
export const documentTitle = (title: string) => `${title} — ${messages.shell.titleSuffix}`
