import { randomUUID } from "node:crypto"
import { readFileSync } from "node:fs"
import { signCms } from "../../server/services/pki/cms.ts"
import { parseGostPrivateKey } from "../../server/services/pki/private-key.ts"
import { DEMO_EPOA_PARTIES, DEMO_EPOA_POWERS, type EpoaDraft, epoaXml } from "../../server/services/epoa/sample.ts"

const pki = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/pki/${name}`, import.meta.url)))

/** A demo key and its certificate from tests/fixtures/pki (made once by scripts/pki-fixtures.sh). */
export const demoSigner = (name: "director-romashka" | "user-ivanov") => ({ certificate: pki(`${name}.cer`), ...parseGostPrivateKey(pki(`${name}.key`)) })

/** A fresh МЧД of ООО «Ромашка» to Иванов (a new number each call), its fields overridable. */
export function draftEpoa(overrides: Partial<EpoaDraft> = {}): EpoaDraft {
  return { number: randomUUID(), issuedOn: "2026-06-01", validUntil: "2031-06-01", ...DEMO_EPOA_PARTIES, powers: DEMO_EPOA_POWERS, ...overrides }
}

/** The XML's bytes and a detached CAdES-BES signature over them by `signer` (the company's director by default). */
export function signedEpoa(draft: EpoaDraft = draftEpoa(), signer: "director-romashka" | "user-ivanov" = "director-romashka", encode: (xml: string) => Uint8Array = (x) => new TextEncoder().encode(x)) {
  const xml = encode(epoaXml(draft))
  const signature = signCms(xml, demoSigner(signer), { detached: true, signingTime: new Date("2026-06-01T09:00:00Z") })
  return { draft, xml: Buffer.from(xml), signature: Buffer.from(signature) }
}
