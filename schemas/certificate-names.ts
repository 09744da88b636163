import { certificateNameMessages as m } from "./messages/certificate-name.ts"
import { formatByMask } from "./forms/shown.ts"

/**
 * A certificate's distinguished name as a person reads it, for every verdict that names an owner or an
 * issuer (the certificate check, each signer, and later a PDF's signatures and a timestamp's TSA):
 * the name (the person's surname and given names, else CN, else the organisation), position,
 * organisation with its unit, place, labelled identifiers (ИНН ЮЛ, ОГРН, ОГРНИП, ИНН, СНИЛС), e-mail,
 * and every other attribute under its label or, when unknown, its OID — nothing is dropped silently.
 * Pure: the server's decoded name (server/services/pki/names.ts) and the page's JSON both fit.
 */

/** One attribute as decoded: `short` is 'CN', 'SN', 'INN', … or the OID when the type is unknown. */
export interface NameAttributeInput {
  readonly oid?: string
  readonly short: string
  readonly label?: string
  readonly value: string
}

export interface LabelledValue {
  readonly label: string
  readonly value: string
}

export interface ReadableName {
  /** What to show first: the person's full name, else CN, else the organisation, else 'Имя не указано'. */
  readonly name: string
  /** The natural person (SN and G), when the certificate names one. */
  readonly person: string | null
  readonly position: string | null
  /** O with OU; null when it is the same as `name` (an organisation's certificate without a person). */
  readonly organisation: string | null
  /** Country, region, locality, street. */
  readonly place: string | null
  /** ИНН ЮЛ, ОГРН, ОГРНИП, ИНН, СНИЛС in that order, formatted (СНИЛС 123-456-789 01). */
  readonly identifiers: readonly LabelledValue[]
  readonly email: string | null
  /** The rest: known attributes under a Russian label, unknown ones under their OID. */
  readonly other: readonly LabelledValue[]
  /** One line: name, position, organisation, identifiers ('Петров Пётр Петрович, Генеральный директор, ООО «Ромашка», ИНН ЮЛ 7707083893'). */
  readonly line: string
}

/** The types this reads by OID, whatever `short` the decoder gave. */
const SHORT_OF: Readonly<Record<string, string>> = {
  "2.5.4.3": "CN",
  "2.5.4.4": "SN",
  "2.5.4.42": "G",
  "2.5.4.12": "T",
  "2.5.4.10": "O",
  "2.5.4.11": "OU",
  "2.5.4.7": "L",
  "2.5.4.8": "S",
  "2.5.4.9": "STREET",
  "2.5.4.6": "C",
  "2.5.4.5": "SERIALNUMBER",
  "2.5.4.65": "PSEUDONYM",
  "1.2.840.113549.1.9.1": "E",
  "1.2.840.113549.1.9.2": "UN",
  "0.9.2342.19200300.100.1.25": "DC",
  "0.9.2342.19200300.100.1.1": "UID",
  "1.2.643.3.131.1.1": "INN",
  "1.2.643.100.4": "INNLE",
  "1.2.643.100.1": "OGRN",
  "1.2.643.100.5": "OGRNIP",
  "1.2.643.100.3": "SNILS",
}

/** Short names other decoders write for the same types (OpenSSL's GN, ST, emailAddress). */
const ALIASES: Readonly<Record<string, string>> = { GN: "G", GIVENNAME: "G", ST: "S", EMAILADDRESS: "E", TITLE: "T" }

const keyOf = (a: NameAttributeInput): string => {
  const byOid = a.oid ? SHORT_OF[a.oid] : undefined
  if (byOid) return byOid
  const short = a.short.trim()
  return SHORT_OF[short] ?? ALIASES[short.toUpperCase()] ?? short.toUpperCase()
}

/** Two names are the same when they differ only in case, spacing and the kind of quotes. */
const same = (a: string, b: string): boolean => {
  const norm = (s: string) => s.toLowerCase().replace(/[«»“”„"']/g, '"').replace(/\s+/g, " ").trim()
  return norm(a) === norm(b)
}

const joined = (parts: readonly (string | null | undefined)[]): string | null => {
  const kept = parts.filter((p): p is string => typeof p === "string" && p.trim() !== "")
  return kept.length > 0 ? kept.join(", ") : null
}

const IDENTIFIER_ORDER = ["INNLE", "OGRN", "OGRNIP", "INN", "SNILS"] as const
type IdentifierKey = (typeof IDENTIFIER_ORDER)[number]

export function readableName(attributes: readonly NameAttributeInput[]): ReadableName {
  const values = new Map<string, string[]>()
  const order: { key: string; attribute: NameAttributeInput }[] = []
  for (const attribute of attributes) {
    const value = attribute.value.trim()
    if (value === "") continue
    const key = keyOf(attribute)
    values.set(key, [...(values.get(key) ?? []), value])
    order.push({ key, attribute: { ...attribute, value } })
  }
  const all = (key: string): string[] => values.get(key) ?? []
  const first = (key: string): string | null => all(key)[0] ?? null

  const personParts = [first("SN"), first("G")].filter((x): x is string => x !== null)
  const person = personParts.length > 0 ? personParts.join(" ") : null
  const commonName = first("CN")
  const organisationName = joined(all("O"))
  const organisationFull = joined([...all("O"), ...all("OU")])
  const name = person ?? commonName ?? organisationName ?? m.empty
  const organisation = organisationFull && !same(organisationFull, name) ? organisationFull : null

  const country = all("C").map((c) => m.countries[c.toUpperCase()] ?? c)
  const place = joined([...country, ...all("S"), ...all("L"), ...all("STREET")])

  // Before INNLE (2021) an organisation's INN was written in INN as twelve digits, '00' first.
  const found: Record<IdentifierKey, string[]> = { INNLE: all("INNLE"), OGRN: all("OGRN"), OGRNIP: all("OGRNIP"), INN: [], SNILS: all("SNILS") }
  for (const inn of all("INN")) {
    if (found.INNLE.length === 0 && found.OGRN.length > 0 && /^00\d{10}$/.test(inn)) found.INNLE.push(inn.slice(2))
    else found.INN.push(inn)
  }
  const identifiers = IDENTIFIER_ORDER.flatMap((key) =>
    found[key].map((value) => ({ label: m.identifiers[key], value: key === "SNILS" ? formatByMask("snils", value) : value })),
  )

  const shown = new Set(["SN", "G", "T", "O", "OU", "C", "S", "L", "STREET", "E", ...IDENTIFIER_ORDER])
  // CN is the name, the person or the organisation in nearly every certificate; kept when it says something else.
  const cnSaid = (cn: string) => [name, person, organisationName].some((x) => x !== null && same(cn, x))
  const other = order
    .filter(({ key, attribute }) => !shown.has(key) && !(key === "CN" && cnSaid(attribute.value)))
    .map(({ key, attribute }) => ({ label: (m.other as Readonly<Record<string, string>>)[key] ?? attribute.oid ?? attribute.short, value: attribute.value }))

  const position = joined(all("T"))
  const email = joined(all("E"))
  const line = joined([name, position, organisation, ...identifiers.map((i) => `${i.label} ${i.value}`)]) ?? name
  return { name, person, position, organisation, place, identifiers, email, other, line }
}
