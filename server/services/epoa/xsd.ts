import { readFileSync } from "node:fs"
import { validateXML } from "xmllint-wasm"
import { EPOA_XSD_ERRORS_SHOWN } from "../../../schemas/constants.ts"
import { epoaMessages } from "../../../schemas/messages/epoa.ts"
import { PkiInputError } from "../pki/types.ts"

/** The tax service's schema of the МЧД (format EMCHD_1), committed beside this file with its source (xsd/README.md). */
export const EPOA_XSD_FILE = "ON_EMCHD_1_928_00_01_01_01.xsd"
let schema: string | null = null
const schemaText = () => (schema ??= readFileSync(new URL(`./xsd/${EPOA_XSD_FILE}`, import.meta.url), "utf8"))

/** Upload's document name inside xmllint's in-memory file system (its messages name it; we cut it off). */
const DOC = "epoa.xml"

/** One XSD error as xmllint words it, without the file and line (libxml2's English: shown as is). */
export interface XsdError {
  readonly line: number | null
  readonly message: string
}

/** Checks the decoded text of an МЧД against the official XSD; the errors found, none when it conforms. */
export async function xsdErrors(text: string): Promise<readonly XsdError[]> {
  const result = await validateXML({ xml: { fileName: DOC, contents: text }, schema: { fileName: EPOA_XSD_FILE, contents: schemaText() } })
  if (result.valid) return []
  return result.errors
    .filter((e) => e.message.trim() !== "" && !/fails to validate$/.test(e.message.trim()))
    .map((e) => ({ line: e.loc?.lineNumber ?? null, message: inRussian(e.message) }))
}

/** The element's local name: `{urn://x-artefacts/EMCHD_1}СвДов` → `СвДов`. */
const local = (name: string) => name.replace(/^\{[^}]*\}/, "")

/**
 * libxml2's usual schema errors in Russian (element, attribute and value named as in the file); an
 * error of another kind names its element and keeps libxml2's own words after it.
 */
export function inRussian(raw: string): string {
  const m = raw.replace(/^Schemas validity error\s*:\s*/, "").trim()
  const x = epoaMessages.xsd
  let r: RegExpExecArray | null
  if ((r = /^Element '([^']+)', attribute '([^']+)': The attribute '[^']+' is not allowed/.exec(m))) return x.attributeNotAllowed(local(r[1]!), r[2]!)
  if ((r = /^Element '([^']+)', attribute '([^']+)': .*?The value '([^']*)'/.exec(m))) return x.attributeValue(local(r[1]!), r[2]!, r[3]!)
  if ((r = /^Element '([^']+)', attribute '([^']+)':/.exec(m))) return `${x.other(local(r[1]!))}: атрибут «${r[2]}»`
  if ((r = /^Element '([^']+)': The attribute '([^']+)' is required but missing/.exec(m))) return x.attributeMissing(local(r[1]!), r[2]!)
  if ((r = /^Element '([^']+)': This element is not expected/.exec(m))) return x.notExpected(local(r[1]!))
  if ((r = /^Element '([^']+)': Missing child element/.exec(m))) return x.missingChild(local(r[1]!))
  if (/No matching global declaration available for the validation root/.test(m)) return x.noRoot
  if ((r = /^Element '([^']+)': .*?The value '([^']*)'/.exec(m))) return x.elementValue(local(r[1]!), r[2]!)
  if ((r = /^Element '([^']+)': (.*)$/.exec(m))) return `${x.other(local(r[1]!))}: ${r[2]}`
  return m
}

/** Throws the Russian 422 naming the first few XSD errors (with their lines) when the text does not conform. */
export async function assertConforms(text: string): Promise<void> {
  const errors = await xsdErrors(text)
  if (errors.length === 0) return
  const unique = [...new Map(errors.map((e) => [`${e.line}:${e.message}`, e])).values()]
  const shown = unique.slice(0, EPOA_XSD_ERRORS_SHOWN).map((e) => (e.line === null ? e.message : epoaMessages.api.xsdLine(e.line, e.message)))
  throw new PkiInputError(epoaMessages.api.xsdFailed(shown, unique.length))
}
