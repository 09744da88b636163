import type { ListedCertificate } from "../../machines/certificate-list.machine.ts"

export const DAY = 86_400_000

/** A certificate as the plug-in lists it, valid from yesterday for 300 days, with its key; `over` changes any part. */
export const listedCertificate = (name: string, over: Partial<ListedCertificate> = {}): ListedCertificate => ({
  thumbprint: name.toUpperCase(),
  subjectName: `CN=${name}, C=RU`,
  issuerName: "CN=Демонстрационный УЦ, O=УЦ",
  validFrom: new Date(Date.now() - DAY),
  validTo: new Date(Date.now() + 300 * DAY),
  hasPrivateKey: true,
  certificate: "MIIB",
  ...over,
})
