import { validationMessages as t } from "../../schemas/messages/validation.ts"

/**
 * How deep an XML document the site takes may nest. An МЧД (EMCHD_1) goes about a dozen levels down,
 * the Минцифры TSL.xml ten; a parser that builds a tree recurses or stacks per level, so a document
 * ten thousand levels deep only ever means harm.
 */
export const XML_MAX_DEPTH = 64

/** Names that reach an object's prototype when a parser turns elements and attributes into keys. */
const RESERVED_NAMES = new Set(["__proto__", "constructor", "prototype"])

/**
 * The `<…>` token at `at` (sticky): a closing tag, or an opening one with its attributes and an
 * optional `/`. No part may cross a `<` (XML allows none in names or attribute values), so a broken
 * tag fails at the next one and the pass stays linear.
 */
const TAG = /<(\/?)([^\s/<>!?]+)((?:\s+[^\s=/<>]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"[^"<]*"|'[^'<]*')/g
const SKIPPED: ReadonlyArray<readonly [string, string]> = [
  ["<!--", "-->"],
  ["<![CDATA[", "]]>"],
  ["<?", "?>"],
  ["<!", ">"],
]

/** The local part of a qualified name (`x:__proto__` → `__proto__`): parsers that drop prefixes see that. */
const local = (name: string) => name.slice(name.indexOf(":") + 1)

/**
 * Why the text's shape is refused (a Russian message), or null: nested deeper than `maxDepth`, or an
 * element or attribute named `__proto__`, `constructor` or `prototype` (with or without a prefix).
 * One pass over the tags, no tree built; well-formedness is the real parser's business afterwards, so
 * what does not look like a tag here is stepped over.
 */
export function xmlShapeProblem(text: string, maxDepth = XML_MAX_DEPTH): string | null {
  let depth = 0
  let at = text.indexOf("<")
  while (at >= 0) {
    const skipped = SKIPPED.find(([open]) => text.startsWith(open, at))
    if (skipped) {
      const end = text.indexOf(skipped[1], at + skipped[0].length)
      if (end < 0) return null
      at = text.indexOf("<", end + skipped[1].length)
      continue
    }
    TAG.lastIndex = at
    const tag = TAG.exec(text)
    if (!tag) {
      at = text.indexOf("<", at + 1)
      continue
    }
    const [, closing, name, attributes, selfClosing] = tag as unknown as [string, string, string, string, string]
    if (RESERVED_NAMES.has(local(name))) return t.xml.reservedName(name)
    if (closing) depth = Math.max(0, depth - 1)
    else {
      for (const [, attribute] of attributes.matchAll(ATTRIBUTE)) if (RESERVED_NAMES.has(local(attribute!))) return t.xml.reservedName(attribute!)
      if (!selfClosing && ++depth > maxDepth) return t.xml.tooDeep(maxDepth)
    }
    at = text.indexOf("<", TAG.lastIndex)
  }
  return null
}
