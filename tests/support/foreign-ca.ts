import { createPrivateKey, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto"
import { readFileSync } from "node:fs"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"

/**
 * "Another CA" for the revocation tests: the fixtures' ECDSA P-256 CA (tests/fixtures/pki/ecdsa-ca.*)
 * issues leaf certificates naming any CRL and OCSP address, signs CRLs, and answers OCSP requests,
 * all with pkijs and node:crypto at test time (the gost engine that `openssl ocsp` would need for GOST
 * is not installed here or in CI; ECDSA is a foreign CA's algorithm the validator verifies too).
 * A local HTTP server on 127.0.0.1 serves them and counts each hit.
 */

const fixture = (name: string) => readFileSync(new URL(`../fixtures/pki/${name}`, import.meta.url))
const ECDSA_SHA256 = "1.2.840.10045.4.3.2"
const OCSP_BASIC = "1.3.6.1.5.5.7.48.1.1"

const encode = (schema: { toBER(): ArrayBuffer }) => new Uint8Array(schema.toBER())
const extension = (extnID: string, value: { toSchema(): asn1js.AsnType } | asn1js.AsnType, critical = false) =>
  new pkijs.Extension({ extnID, critical, extnValue: encode("toSchema" in value ? value.toSchema() : value).buffer as ArrayBuffer })

export interface Revoked {
  readonly serial: string
  readonly at: Date
  /** RFC 5280 CRLReason; 0 written without the extension. */
  readonly reason: number
}

export class ForeignCa {
  readonly der: Uint8Array = new Uint8Array(fixture("ecdsa-ca.cer"))
  private readonly key: KeyObject = createPrivateKey(fixture("ecdsa-ca.key"))
  private readonly cert = pkijs.Certificate.fromBER(new Uint8Array(this.der))
  private readonly ski = (this.cert.extensions?.find((e) => e.extnID === "2.5.29.14")?.parsedValue as asn1js.OctetString).valueBlock.valueHexView

  private signed(tbs: Uint8Array): { algorithm: pkijs.AlgorithmIdentifier; value: asn1js.BitString } {
    return { algorithm: new pkijs.AlgorithmIdentifier({ algorithmId: ECDSA_SHA256 }), value: new asn1js.BitString({ valueHex: sign("sha256", tbs, this.key) }) }
  }

  private aki() {
    return extension("2.5.29.35", new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: this.ski }) }))
  }

  /** A leaf (DER) naming `crl` addresses and `ocsp` responders; its serial in lower-case hex. */
  issue(options: { readonly crl?: readonly string[]; readonly ocsp?: readonly string[]; readonly cn?: string; readonly ocspSigning?: boolean; readonly key?: KeyObject } = {}): { der: Uint8Array; serial: string; key: KeyObject } {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" })
    const serialBytes = randomBytes(12)
    serialBytes[0] = (serialBytes[0]! & 0x7f) | 0x10
    const cert = new pkijs.Certificate()
    cert.version = 2
    cert.serialNumber = new asn1js.Integer({ valueHex: serialBytes })
    cert.issuer = this.cert.subject
    cert.subject.typesAndValues.push(new pkijs.AttributeTypeAndValue({ type: "2.5.4.3", value: new asn1js.Utf8String({ value: options.cn ?? "Сторонний владелец" }) }))
    cert.notBefore.value = new Date(Date.now() - 86_400_000)
    cert.notAfter.value = new Date(Date.now() + 365 * 86_400_000)
    cert.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(new Uint8Array((options.key ?? pair.publicKey).export({ type: "spki", format: "der" })))
    const extensions = [this.aki()]
    if (options.crl?.length)
      extensions.push(
        extension("2.5.29.31", new pkijs.CRLDistributionPoints({ distributionPoints: options.crl.map((url) => new pkijs.DistributionPoint({ distributionPoint: [new pkijs.GeneralName({ type: 6, value: url })] })) })),
      )
    if (options.ocsp?.length)
      extensions.push(
        extension(
          "1.3.6.1.5.5.7.1.1",
          new pkijs.InfoAccess({ accessDescriptions: options.ocsp.map((url) => new pkijs.AccessDescription({ accessMethod: "1.3.6.1.5.5.7.48.1", accessLocation: new pkijs.GeneralName({ type: 6, value: url }) })) }),
        ),
      )
    if (options.ocspSigning) extensions.push(extension("2.5.29.37", new pkijs.ExtKeyUsage({ keyPurposes: ["1.3.6.1.5.5.7.3.9"] })))
    cert.extensions = extensions
    const { algorithm } = this.signed(new Uint8Array(0))
    cert.signature = algorithm
    cert.signatureAlgorithm = algorithm
    cert.tbsView = new Uint8Array(cert.encodeTBS().toBER())
    cert.signatureValue = this.signed(cert.tbsView).value
    return { der: encode(cert.toSchema()), serial: Buffer.from(serialBytes).toString("hex"), key: pair.privateKey }
  }

  /** A CRL (DER) listing `revoked`, valid from now until `nextUpdate` (an hour by default). */
  crl(revoked: readonly Revoked[], nextUpdate: Date = new Date(Date.now() + 3_600_000)): Uint8Array {
    const crl = new pkijs.CertificateRevocationList()
    crl.version = 1
    crl.issuer = this.cert.subject
    crl.thisUpdate = new pkijs.Time({ type: 0, value: new Date(Date.now() - 60_000) })
    crl.nextUpdate = new pkijs.Time({ type: 0, value: nextUpdate })
    if (revoked.length)
      crl.revokedCertificates = revoked.map(
        (r) =>
          new pkijs.RevokedCertificate({
            userCertificate: new asn1js.Integer({ valueHex: Buffer.from(r.serial, "hex") }),
            revocationDate: new pkijs.Time({ type: 0, value: r.at }),
            ...(r.reason ? { crlEntryExtensions: new pkijs.Extensions({ extensions: [extension("2.5.29.21", new asn1js.Enumerated({ value: r.reason }))] }) } : {}),
          }),
      )
    crl.crlExtensions = new pkijs.Extensions({ extensions: [this.aki(), extension("2.5.29.20", new asn1js.Integer({ value: 1 }))] })
    const { algorithm } = this.signed(new Uint8Array(0))
    crl.signature = algorithm
    crl.signatureAlgorithm = algorithm
    crl.tbsView = new Uint8Array((crl as unknown as { encodeTBS(): asn1js.Sequence }).encodeTBS().toBER())
    crl.signatureValue = this.signed(crl.tbsView).value
    return encode(crl.toSchema())
  }

  /**
   * The OCSP answer (DER) to `request` by `revoked`; signed by this CA, or by `responder` (a delegated
   * responder certificate and its key, included in the answer).
   */
  ocspAnswer(request: Uint8Array, revoked: readonly Revoked[], responder?: { der: Uint8Array; key: KeyObject }): Uint8Array {
    const req = pkijs.OCSPRequest.fromBER(new Uint8Array(request))
    const certID = req.tbsRequest.requestList[0]!.reqCert
    const serial = Buffer.from(certID.serialNumber.valueBlock.valueHexView).toString("hex").replace(/^(00)+(?=.)/, "")
    const entry = revoked.find((r) => r.serial === serial)
    const certStatus = entry
      ? new asn1js.Constructed({
          idBlock: { tagClass: 3, tagNumber: 1 },
          value: [new asn1js.GeneralizedTime({ valueDate: entry.at }), new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [new asn1js.Enumerated({ value: entry.reason })] })],
        })
      : new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } })
    const data = new pkijs.ResponseData({
      responderID: this.cert.subject,
      producedAt: new Date(),
      responses: [new pkijs.SingleResponse({ certID, certStatus, thisUpdate: new Date(Date.now() - 60_000), nextUpdate: new Date(Date.now() + 3_600_000) })],
    })
    data.tbsView = new Uint8Array(data.toSchema(true).toBER())
    const key = responder?.key ?? this.key
    const basic = new pkijs.BasicOCSPResponse({
      tbsResponseData: data,
      signatureAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: ECDSA_SHA256 }),
      signature: new asn1js.BitString({ valueHex: sign("sha256", data.tbsView, key) }),
      ...(responder ? { certs: [pkijs.Certificate.fromBER(new Uint8Array(responder.der))] } : {}),
    })
    const response = new pkijs.OCSPResponse({
      responseStatus: new asn1js.Enumerated({ value: 0 }),
      responseBytes: new pkijs.ResponseBytes({ responseType: OCSP_BASIC, response: new asn1js.OctetString({ valueHex: encode(basic.toSchema()) }) }),
    })
    return encode(response.toSchema())
  }
}

export interface RevocationServer {
  readonly url: string
  /** Requests received, by path. */
  readonly hits: Map<string, number>
  /** Answers by path; a path not set answers 404. */
  route(path: string, handler: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void): void
  total(): number
  close(): Promise<void>
}

/** A local HTTP server on 127.0.0.1 (random port) for revocation data, counting every request. */
export async function startRevocationServer(): Promise<RevocationServer> {
  const hits = new Map<string, number>()
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse, body: Buffer) => void>()
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").replace(/^https?:\/\/[^/]+/, "")
    hits.set(path, (hits.get(path) ?? 0) + 1)
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const handler = routes.get(path)
      if (!handler) {
        res.writeHead(404).end()
        return
      }
      handler(req, res, Buffer.concat(chunks))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    route: (path, handler) => void routes.set(path, handler),
    total: () => [...hits.values()].reduce((a, b) => a + b, 0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A handler answering `bytes` with `type`. */
export const answer = (bytes: Uint8Array, type: string) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { "content-type": type, "content-length": bytes.length })
  res.end(Buffer.from(bytes))
}
