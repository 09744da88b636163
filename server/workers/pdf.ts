import type { Config } from "../config.ts"
import { type ClaimInput, claimPdf } from "../services/claims.ts"
import { type LicenceInput, licencePdf } from "../services/licences.ts"
import { actPdf, type InvoiceInput, invoicePdf } from "../services/payments/closing-pdfs.ts"

/** A product document to render (pdf-lib with an embedded font subset: hundreds of milliseconds of CPU). */
export type PdfTask =
  | { readonly kind: "invoice" | "act"; readonly config: Pick<Config, "operator" | "caBank">; readonly input: InvoiceInput }
  | { readonly kind: "claim"; readonly config: Pick<Config, "operator">; readonly input: ClaimInput }
  | { readonly kind: "licence"; readonly config: Pick<Config, "operator">; readonly input: LicenceInput }

export function pdfTask(task: PdfTask): Promise<Uint8Array> {
  switch (task.kind) {
    case "invoice":
      return invoicePdf(task.config, task.input)
    case "act":
      return actPdf(task.config, task.input)
    case "claim":
      return claimPdf(task.config, task.input)
    case "licence":
      return licencePdf(task.config, task.input)
  }
}
