import QRCode from "qrcode"
import { formatRubles } from "../../../schemas/money.ts"
import { paymentMessages } from "../../../schemas/payment-messages.ts"
import type { Config } from "../../config.ts"
import { buildPdf } from "../pdf.ts"
import type { PricedItem } from "./amount.ts"
import { gostPayload } from "./gost-qr.ts"
import { plural, rublesInWords } from "./rubles-words.ts"

/** Who buys: the applicant's name as the order carries it, with its INN and KPP when known. */
export interface Buyer {
  readonly name: string
  readonly inn?: string | null
  readonly kpp?: string | null
}

export interface InvoiceInput {
  readonly number: string
  readonly date: Date
  readonly orderId: number
  readonly buyer: Buyer
  readonly items: readonly PricedItem[]
  readonly amount: number
}

const t = paymentMessages.pdf
const ruDate = (d: Date) => d.toLocaleDateString("ru-RU", { timeZone: "Europe/Moscow", day: "2-digit", month: "2-digit", year: "numeric" })
const buyerLine = (b: Buyer) => [b.name, b.inn ? `ИНН ${b.inn}` : "", b.kpp ? `КПП ${b.kpp}` : ""].filter(Boolean).join(", ")
const itemRows = (items: readonly PricedItem[]) => items.map((i, n) => [String(n + 1), i.name, "1", "шт.", formatRubles(i.price), formatRubles(i.price)])
const totals = (items: readonly PricedItem[], amount: number) =>
  `Всего ${items.length} ${plural(items.length, ["наименование", "наименования", "наименований"])} на сумму ${formatRubles(amount)}. ${rublesInWords(amount)}.`

/** The invoice's QR payload (ГОСТ Р 56042): the CA's bank details, the purpose and the sum. */
export function invoiceQrPayload(config: Pick<Config, "operator" | "caBank">, input: Pick<InvoiceInput, "number" | "orderId" | "amount">): string {
  return gostPayload({
    name: config.operator.name,
    personalAcc: config.caBank.account,
    bankName: config.caBank.name,
    bic: config.caBank.bic,
    correspAcc: config.caBank.correspondentAccount,
    payeeInn: config.operator.inn,
    kpp: config.caBank.kpp,
    purpose: t.purpose(input.number, input.orderId),
    sum: input.amount,
  })
}

/**
 * 'Счёт на оплату': the bank details block of a Russian invoice (the recipient's bank, BIC, accounts,
 * INN/KPP), the supplier and the buyer, the lines, the total in figures and in words, and the payment
 * QR code of ГОСТ Р 56042 that a bank's app reads to fill the transfer.
 */
export async function invoicePdf(config: Pick<Config, "operator" | "caBank">, input: InvoiceInput): Promise<Uint8Array> {
  const qr = await QRCode.toBuffer(invoiceQrPayload(config, input), { type: "png", errorCorrectionLevel: "M", margin: 1, width: 360 })
  const { operator, caBank } = config
  return buildPdf({ title: t.invoiceDocTitle(input.number), author: operator.name }, async (w) => {
    w.table(
      [],
      [
        ["Банк получателя", caBank.name],
        ["БИК", caBank.bic],
        ["Сч. №", caBank.correspondentAccount],
        [`ИНН ${operator.inn}  КПП ${caBank.kpp}`, ""],
        ["Получатель", operator.name],
        ["Сч. №", caBank.account],
      ],
      [0.35, 0.65],
    )
    w.space(6)
    w.heading(t.invoiceTitle(input.number, ruDate(input.date)))
    w.facts([
      ["Поставщик (исполнитель)", `${operator.name}, ИНН ${operator.inn}, КПП ${caBank.kpp}, ${operator.address}`],
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
    w.text("Руководитель ____________________        Бухгалтер ____________________")
  })
}

/** 'Акт' (the closing document of an issued order): the services rendered, their sum, and the signatures. */
export async function actPdf(config: Pick<Config, "operator" | "caBank">, input: InvoiceInput): Promise<Uint8Array> {
  const { operator, caBank } = config
  return buildPdf({ title: t.actDocTitle(input.number), author: operator.name }, (w) => {
    w.heading(t.actTitle(input.number, ruDate(input.date)))
    w.facts([
      ["Исполнитель", `${operator.name}, ИНН ${operator.inn}, КПП ${caBank.kpp}, ${operator.address}`],
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
    w.text("Исполнитель ____________________        Заказчик ____________________")
  })
}
