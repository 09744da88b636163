import sanitize from "sanitize-html"
import { EDITOR_LINK_BUTTON_CLASS } from "../../schemas/constants.ts"

/**
 * The rich-text editor's HTML as the server keeps it: only what the editor itself writes (paragraphs,
 * headings, emphasis, lists, links in a new tab in the two link styles, images), nothing that runs
 * or restyles the page. Every CRM route that stores editor HTML passes it through here first.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: ["p", "br", "h2", "h3", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "blockquote", "a", "img", "span"],
  allowedAttributes: { a: ["href", "target", "rel", "class"], img: ["src", "alt"] },
  allowedClasses: { a: [EDITOR_LINK_BUTTON_CLASS] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  transformTags: {
    // Links open in a new tab without a handle on our page (SPEC.md section 9: link target _blank).
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer" } }),
  },
  // Images only from our own upload folders or https (the editor uploads to /uploads/images/, the
  // gallery's and the CRM's public images are /uploads/files/<hex>.<ext>).
  exclusiveFilter: (frame) =>
    frame.tag === "img" && !/^(\/uploads\/images\/[\w.-]+|\/uploads\/files\/[0-9a-f]{32}\.(?:jpg|jpeg|gif|png)|https:\/\/)/.test(frame.attribs.src ?? ""),
}

export const sanitizeEditorHtml = (html: string): string => sanitize(html, OPTIONS)
