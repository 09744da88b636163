import QRCode from "qrcode"
import { longDay, moscowYear } from "../../../schemas/dates.ts"
import { formatRubles } from "../../../schemas/money.ts"
import { paymentMessages } from "../../../schemas/messages/payment.ts"
import { initialsOf, type Requisites } from "../../../schemas/requisites.ts"
import { buildPdf, type PdfWriter } from "../pdf.ts"
import type { PricedItem } from "./amount.ts"
import type { Buyer } from "./buyer.ts"
import { gostPayload } from "./gost-qr.ts"
import { plural, rublesInWords } from "./rubles-words.ts"

export type { Buyer } from "./buyer.ts"

export interface InvoiceInput {
  readonly number: string
  readonly date: Date
  readonly orderId: number
  readonly buyer: Buyer
  readonly items: readonly PricedItem[]
  readonly amount: number
}

const t = paymentMessages.pdf
const buyerLine = (b: Buyer) => [b.name, b.inn ? `ИНН ${b.inn}` : "", b.kpp ? `КПП ${b.kpp}` : "", b.address ?? ""].filter(Boolean).join(", ")
const sellerLine = (r: Requisites) => `${r.name}, ИНН ${r.inn}, КПП ${r.kpp}, ${r.legal_address}, тел. ${r.phone}`
const itemRows = (items: readonly PricedItem[]) => items.map((i, n) => [String(n + 1), i.name, "1", "шт.", formatRubles(i.price), formatRubles(i.price)])
const totals = (items: readonly PricedItem[], amount: number) =>
  `Всего ${items.length} ${plural(items.length, ["наименование", "наименования", "наименований"])} на сумму ${formatRubles(amount)}. ${rublesInWords(amount)}.`

/**
 * The invoice's number: the year it was issued and its payment's row id, «2026-000123». The id makes
 * it unique; kept in the payment's row (provider_payment_id), it never changes for that invoice.
 */
export const invoiceNumber = (paymentId: number, date: Date) =>
  `${moscowYear(date)}-${String(paymentId).padStart(6, "0")}`

/** The invoice's QR payload (ГОСТ Р 56042): the CA's bank details, the purpose and the sum. */
export function invoiceQrPayload(r: Requisites, input: Pick<InvoiceInput, "number" | "orderId" | "amount">): string {
  return gostPayload({
    name: r.name,
    personalAcc: r.account,
    bankName: r.bank_name,
    bic: r.bik,
    correspAcc: r.correspondent_account,
    payeeInn: r.inn,
    kpp: r.kpp,
    purpose: t.purpose(input.number, input.orderId),
    sum: input.amount,
  })
}

/** The signature lines of the seller: «Руководитель», «Главный бухгалтер», with the names below the line. */
function signatures(w: PdfWriter, r: Requisites) {
  w.table(
    [],
    [
      [`Руководитель (${r.head_position})`, "____________________", initialsOf(r.head_name)],
      ["Главный бухгалтер", "____________________", initialsOf(r.accountant_name)],
    ],
    [0.4, 0.3, 0.3],
  )
}

/**
 * 'Счёт на оплату' as a Russian invoice is laid out: the recipient's bank block (bank, БИК, its
 * correspondent account; ИНН, КПП, the recipient and its account), the title with the number and the
 * date, the supplier and the buyer (name, ИНН, КПП, address), the lines, the total in figures and in
 * words, the payment QR code of ГОСТ Р 56042 a bank's app reads, and the signatories.
 */
export async function invoicePdf(r: Requisites, input: InvoiceInput): Promise<Uint8Array> {
  const qr = await QRCode.toBuffer(invoiceQrPayload(r, input), { type: "png", errorCorrectionLevel: "M", margin: 1, width: 360 })
  return buildPdf({ title: t.invoiceDocTitle(input.number), author: r.name }, async (w) => {
    w.table(
      [],
      [
        ["Банк получателя", r.bank_name, "БИК", r.bik],
        ["", "", "Сч. №", r.correspondent_account],
        [`ИНН ${r.inn}`, `КПП ${r.kpp}`, "Сч. №", r.account],
        ["Получатель", r.name, "", ""],
      ],
      [0.22, 0.4, 0.1, 0.28],
    )
    w.space(6)
    w.heading(t.invoiceTitle(input.number, longDay(input.date)))
    w.facts([
      ["Поставщик (исполнитель)", sellerLine(r)],
      ["Покупатель (заказчик)", buyerLine(input.buyer)],
      ["Основание", `Заявка № ${input.orderId}`],
    ])
    w.table(["№", "Товары (работы, услуги)", "Кол-во", "Ед.", "Цена", "Сумма"], itemRows(input.items), [0.06, 0.46, 0.1, 0.08, 0.15, 0.15])
    w.text(`Итого: ${formatRubles(input.amount)}`, { bold: true, align: "right" })
    w.text("Без налога (НДС)", { align: "right" })
    w.text(`Всего к оплате: ${formatRubles(input.amount)}`, { bold: true, align: "right" })
    w.space(4)
    w.text(totals(input.items, input.amount))
    w.text(`Назначение платежа: ${t.purpose(input.number, input.orderId)}`)
    w.text("Счёт действителен в течение 5 банковских дней. Оплата означает согласие с условиями оказания услуг.", { size: 8 })
    w.space(6)
    w.text("Оплата по QR-коду: отсканируйте код в приложении вашего банка.", { size: 9 })
    await w.image(qr, 110)
    signatures(w, r)
  })
}

/** 'Акт' (the closing document of an issued order): the services rendered, their sum, and the signatures. */
export async function actPdf(r: Requisites, input: InvoiceInput): Promise<Uint8Array> {
  return buildPdf({ title: t.actDocTitle(input.number), author: r.name }, (w) => {
    w.heading(t.actTitle(input.number, longDay(input.date)))
    w.facts([
      ["Исполнитель", sellerLine(r)],
      ["Заказчик", buyerLine(input.buyer)],
      ["Основание", `Заявка № ${input.orderId}`],
    ])
    w.table(["№", "Наименование работ, услуг", "Кол-во", "Ед.", "Цена", "Сумма"], itemRows(input.items), [0.06, 0.46, 0.1, 0.08, 0.15, 0.15])
    w.text(`Итого: ${formatRubles(input.amount)}`, { bold: true, align: "right" })
    w.text("Без налога (НДС)", { align: "right" })
    w.space(4)
    w.text(totals(input.items, input.amount))
    w.text("Вышеперечисленные услуги выполнены полностью и в срок. Заказчик претензий по объёму, качеству и срокам оказания услуг не имеет.")
    w.space(16)
    w.text(`Исполнитель: ${r.head_position} ____________________ ${initialsOf(r.head_name)}`)
    w.space(10)
    w.text("Заказчик ____________________")
  })
}
