import { XMLParser, XMLValidator } from "fast-xml-parser"
import { epoaMessages } from "../../../schemas/messages/epoa.ts"
import { XML_MAX_DEPTH, xmlShapeProblem } from "../../lib/xml-guard.ts"
import { PkiInputError } from "../pki/types.ts"

/** The format's namespace and version (ВерсФорм) this registry accepts. */
export const EPOA_NAMESPACE = "urn://x-artefacts/EMCHD_1"
export const EPOA_FORMAT_VERSION = "EMCHD_1"

export interface EpoaPower {
  /** The classifier's code (МашПолн/@КодПолн), or null for a free-text power (ТекстПолн). */
  readonly code: string | null
  readonly name: string
}

/** What the registry keeps of an МЧД (table `epoas`), read from its XML. */
export interface ParsedEpoa {
  readonly number: string
  readonly formatVersion: string
  readonly principal: {
    readonly kind: "legal_entity" | "entrepreneur"
    readonly name: string
    readonly inn: string
    readonly ogrn: string | null
    readonly kpp: string | null
    /** The head who signs for the principal (ЛицоБезДов), or the entrepreneur. */
    readonly signatoryName: string | null
    readonly signatorySnils: string | null
    readonly signatoryInn: string | null
  }
  readonly representative: { readonly name: string; readonly snils: string | null; readonly inn: string | null }
  readonly issuedOn: string
  readonly validFrom: string
  readonly validUntil: string
  readonly powers: readonly EpoaPower[]
}

type Node = Record<string, unknown>

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  // Also checked before parsing (xmlShapeProblem); the parser's own limit stays as a second line.
  maxNestedTags: XML_MAX_DEPTH,
})

const asNode = (v: unknown): Node | null => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Node) : Array.isArray(v) ? asNode(v[0]) : null)
const list = (v: unknown): Node[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map(asNode).filter((n): n is Node => n !== null)
/** The path's node, following the first of each repeated element. */
const at = (node: Node | null, ...path: string[]): Node | null => path.reduce<Node | null>((n, key) => (n ? asNode(n[key]) : null), node)
const attr = (node: Node | null, name: string): string | null => {
  const v = node?.[`@${name}`]
  return typeof v === "string" && v.trim() !== "" ? v.trim() : null
}
const text = (v: unknown): string | null => (typeof v === "string" ? v.trim() || null : typeof v === "object" && v !== null && typeof (v as Node)["#text"] === "string" ? ((v as Node)["#text"] as string).trim() || null : null)
const digits = (v: string | null) => (v ? v.replace(/\D/g, "") || null : null)

/** ФИО/@Фамилия @Имя @Отчество as one line. */
const fullName = (person: Node | null): string | null => {
  const fio = at(person, "ФИО")
  const parts = [attr(fio, "Фамилия"), attr(fio, "Имя"), attr(fio, "Отчество")].filter(Boolean)
  return parts.length > 0 ? parts.join(" ") : null
}

/** Parses the XML text of a well-formed МЧД; throws the Russian 422 for text that is not XML or not this format. */
export function readEpoaRoot(xml: string): Node {
  // The format has no DTD: a DOCTYPE (entity expansion, external entities) is refused before any parser sees it.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new PkiInputError(epoaMessages.api.notEpoa)
  // Too deep, or an element or attribute named __proto__/constructor/prototype: refused by name, not a 500.
  const shape = xmlShapeProblem(xml)
  if (shape) throw new PkiInputError(shape)
  if (XMLValidator.validate(xml) !== true) throw new PkiInputError(epoaMessages.api.notXml)
  let doc: Node
  try {
    doc = parser.parse(xml) as Node
  } catch {
    // The parser refuses with plain Errors (its own depth and name limits): the file's fault, so a 422.
    throw new PkiInputError(epoaMessages.api.notXml)
  }
  const root = asNode(doc["Доверенность"])
  if (!root) throw new PkiInputError(epoaMessages.api.notEpoa)
  const version = attr(root, "ВерсФорм")
  if (version !== EPOA_FORMAT_VERSION) throw new PkiInputError(version ? epoaMessages.api.oldFormat(version) : epoaMessages.api.notEpoa)
  if (!/\bxmlns\s*=\s*["']urn:\/\/x-artefacts\/EMCHD_1["']/.test(xml)) throw new PkiInputError(epoaMessages.api.notEpoa)
  return root
}

/**
 * The registry's fields of an МЧД that conforms to the XSD (call `assertConforms` first: the schema
 * guarantees the required parts this reads). Principals: a Russian organisation (РосОргДовер) or an
 * entrepreneur (ИПДовер); representative: a person (СведФизЛ). Others are refused with a 422.
 */
export function parseEpoa(xml: string): ParsedEpoa {
  const root = readEpoaRoot(xml)
  const document = at(root, "Документ")
  if (at(document, "Передов")) throw new PkiInputError(epoaMessages.api.redelegation)
  const poa = at(document, "Довер")
  const info = at(poa, "СвДов")
  const number = attr(info, "НомДовер")
  const issuedOn = attr(info, "ДатаВыдДовер")
  const validUntil = attr(info, "СрокДейст")
  if (!poa || !number || !issuedOn || !validUntil) throw new PkiInputError(epoaMessages.api.notEpoa)

  const principalNode = at(poa, "СвДоверит", "Доверит")
  const org = at(principalNode, "РосОргДовер")
  const ip = at(principalNode, "ИПДовер")
  let principal: ParsedEpoa["principal"]
  if (org) {
    const info = at(org, "СвРосОрг")
    const head = at(org, "ЛицоБезДов", "СвФЛ")
    principal = {
      kind: "legal_entity",
      name: attr(info, "НаимОрг") ?? "",
      inn: attr(info, "ИННЮЛ") ?? "",
      ogrn: attr(info, "ОГРН"),
      kpp: attr(info, "КПП"),
      signatoryName: fullName(at(head, "СведФЛ")),
      signatorySnils: digits(attr(head, "СНИЛС")),
      signatoryInn: attr(head, "ИННФЛ"),
    }
  } else if (ip) {
    const name = fullName(at(ip, "СведФЛ"))
    principal = {
      kind: "entrepreneur",
      name: attr(ip, "НаимИП") ?? `ИП ${name ?? ""}`.trim(),
      inn: attr(ip, "ИННФЛ") ?? "",
      ogrn: attr(ip, "ОГРНИП"),
      kpp: null,
      signatoryName: name,
      signatorySnils: digits(attr(ip, "СНИЛС")),
      signatoryInn: attr(ip, "ИННФЛ"),
    }
  } else throw new PkiInputError(epoaMessages.api.principalUnsupported)

  const person = at(poa, "СвУпПред", "Пред", "СведФизЛ")
  const representativeName = fullName(at(person, "СведФЛ"))
  if (!person || !representativeName) throw new PkiInputError(epoaMessages.api.representativeUnsupported)

  const powersNode = at(poa, "СвПолн")
  const powers: EpoaPower[] = list(powersNode?.["МашПолн"]).map((p) => ({ code: attr(p, "КодПолн"), name: attr(p, "НаимПолн") ?? attr(p, "КодПолн") ?? "" }))
  const free = text(powersNode?.["ТекстПолн"])
  if (free) powers.push({ code: null, name: free })

  return {
    number: number.toLowerCase(),
    formatVersion: attr(root, "ВерсФорм") ?? EPOA_FORMAT_VERSION,
    principal,
    representative: { name: representativeName, snils: digits(attr(person, "СНИЛС")), inn: attr(person, "ИННФЛ") },
    issuedOn,
    validFrom: issuedOn,
    validUntil,
    powers,
  }
}
