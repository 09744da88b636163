import type { Requisites } from "../../schemas/requisites.ts"
import { type ClaimInput, claimPdf } from "../services/claims.ts"
import { type LicenceInput, licencePdf } from "../services/licences.ts"
import { actPdf, type InvoiceInput, invoicePdf } from "../services/payments/closing-pdfs.ts"

/** A product document to render (pdf-lib with an embedded font subset: hundreds of milliseconds of CPU). */
export type PdfTask =
  | { readonly kind: "invoice" | "act"; readonly requisites: Requisites; readonly input: InvoiceInput }
  | { readonly kind: "claim"; readonly requisites: Requisites; readonly input: ClaimInput }
  | { readonly kind: "licence"; readonly requisites: Requisites; readonly input: LicenceInput }

export function pdfTask(task: PdfTask): Promise<Uint8Array> {
  switch (task.kind) {
    case "invoice":
      return invoicePdf(task.requisites, task.input)
    case "act":
      return actPdf(task.requisites, task.input)
    case "claim":
      return claimPdf(task.requisites, task.input)
    case "licence":
      return licencePdf(task.requisites, task.input)
  }
}
