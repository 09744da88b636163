import { messages } from "../../schemas/messages/common.ts"
import { documentTitle } from "../ui/page-title.ts"
import type { RouteHead } from "./route-types.ts"

/**
 * The head of a page from its route (React 19 hoists these into <head>, on the server too): the
 * title, the description, the canonical address and the Open Graph tags.
 */
export function PageHead({ head, url }: { head: RouteHead; url: string }) {
  const title = documentTitle(head.title)
  const description = head.description ?? messages.shell.description
  return (
    <>
      {!head.titledByPage && <title>{title}</title>}
      <meta name="description" content={description} />
      {head.keywords && <meta name="keywords" content={head.keywords} />}
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={messages.shell.brand} />
      <meta property="og:locale" content="ru_RU" />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
    </>
  )
}
