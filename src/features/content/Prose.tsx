import { prose } from "./content.css.ts"

/**
 * The CRM's rich text as HTML, in the content typography. The server sanitized it when it was stored
 * and again when the public API answered it (server/lib/sanitize-html.ts): nothing here runs.
 */
export function Prose({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `${prose} ${className}` : prose} dangerouslySetInnerHTML={{ __html: html }} />
}
