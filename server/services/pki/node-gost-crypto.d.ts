/** The parts of node-gost-crypto (rudonick's WebCrypto GOST, CommonJS, untyped) that gost.ts uses. */
declare module "node-gost-crypto" {
  export interface GostCurveParams {
    readonly p: string
    readonly a: string | number
    readonly b: string | number
    readonly q: string
    readonly x: string | number
    readonly y: string | number
  }
  export interface GostSignAlgorithm {
    readonly name: "GOST R 34.10"
    readonly version: 2012
    readonly length: 256 | 512
    readonly namedCurve?: string
    readonly curve?: GostCurveParams
    readonly procreator?: "CP" | "VN" | "SC"
    readonly hash?: { readonly name: "GOST R 34.11"; readonly version: 2012; readonly length: 256 | 512 }
    readonly ukm?: ArrayBuffer
  }
  export interface GostSignInstance {
    sign(privateKey: ArrayBuffer, data: ArrayBuffer): ArrayBuffer
    verify(publicKey: ArrayBuffer, signature: ArrayBuffer, data: ArrayBuffer): boolean
    generateKey(): { privateKey: ArrayBuffer; publicKey: ArrayBuffer }
  }
  export interface GostDigestInstance {
    digest(data: ArrayBuffer): ArrayBuffer
  }
  export const gostEngine: {
    getGostSign(algorithm: GostSignAlgorithm): GostSignInstance
    getGostDigest(algorithm: { name: "GOST R 34.11"; version: 2012; length: 256 | 512 }): GostDigestInstance
  }
  const _default: { gostEngine: typeof gostEngine }
  export default _default
}
