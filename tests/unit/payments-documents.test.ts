import QRCode from "qrcode"
import { describe, expect, it } from "vitest"
import { loadConfig } from "../../server/config.ts"
import { DEMO_REQUISITES } from "../../server/db/seed/requisites.ts"
import { invoiceQrPayload } from "../../server/services/payments/closing-pdfs.ts"
import { gostPayload } from "../../server/services/payments/gost-qr.ts"
import { receiptOf } from "../../server/services/payments/payments.ts"
import { paymentProvider } from "../../server/services/payments/provider.ts"
import { rublesInWords } from "../../server/services/payments/rubles-words.ts"

describe("the payment QR of ГОСТ Р 56042-2014", () => {
  it("is the UTF-8 header ST00012 and the required fields, the sum in kopecks, no separator inside a value", () => {
    expect(
      gostPayload({
        name: "ООО «УЦ | Демо»",
        personalAcc: "40702810900000000001",
        bankName: "ПАО «Демобанк»",
        bic: "044525999",
        correspAcc: "30101810400000000999",
        payeeInn: "7700000009",
        kpp: "770001001",
        purpose: "Оплата по счёту № 7-3 (заявка № 7). Без НДС",
        sum: 5700,
      }),
    ).toBe(
      "ST00012|Name=ООО «УЦ Демо»|PersonalAcc=40702810900000000001|BankName=ПАО «Демобанк»|BIC=044525999|CorrespAcc=30101810400000000999|PayeeINN=7700000009|KPP=770001001|Purpose=Оплата по счёту № 7-3 (заявка № 7). Без НДС|Sum=570000",
    )
  })

  it("an invoice's payload carries the requisites record's bank details", () => {
    const requisites = { ...DEMO_REQUISITES, bik: "044525225", account: "40702810000000000042" }
    const payload = invoiceQrPayload(requisites, { number: "2026-000005", orderId: 12, amount: 4500 })
    expect(payload.split("|")).toEqual(expect.arrayContaining(["ST00012", "BIC=044525225", "PersonalAcc=40702810000000000042", "Sum=450000", `PayeeINN=${DEMO_REQUISITES.inn}`, `KPP=${DEMO_REQUISITES.kpp}`]))
  })

  it("the QR symbol carries exactly that payload, Cyrillic as UTF-8 bytes", () => {
    const payload = invoiceQrPayload(DEMO_REQUISITES, { number: "2026-000005", orderId: 12, amount: 4500 })
    const qr = QRCode.create(payload, { errorCorrectionLevel: "M" })
    const segments = qr.segments as unknown as Array<{ mode: { id: string }; data: Uint8Array | string }>
    const carried = segments.map((seg) => (typeof seg.data === "string" ? seg.data : new TextDecoder("utf-8", { fatal: true }).decode(seg.data))).join("")
    expect(carried).toBe(payload)
    expect(segments.some((seg) => seg.mode.id === "Byte")).toBe(true)
  })
})

describe("the total in words", () => {
  it.each([
    [0, "Ноль рублей 00 копеек"],
    [1, "Один рубль 00 копеек"],
    [2, "Два рубля 00 копеек"],
    [11, "Одиннадцать рублей 00 копеек"],
    [21, "Двадцать один рубль 00 копеек"],
    [1000, "Одна тысяча рублей 00 копеек"],
    [2500, "Две тысячи пятьсот рублей 00 копеек"],
    [5700, "Пять тысяч семьсот рублей 00 копеек"],
    [12_345, "Двенадцать тысяч триста сорок пять рублей 00 копеек"],
    [1_002_001, "Один миллион две тысячи один рубль 00 копеек"],
  ])("%i → %s", (n, words) => expect(rublesInWords(n)).toBe(words))
})

describe("the 54-FZ receipt", () => {
  it("one line per option, paid in full; a token is a commodity, the rest services", () => {
    const r = receiptOf("buyer@example.test", [
      { option_id: "1", name: "Сертификат", kind: "certificate", price: 4500 },
      { option_id: "2", name: "Рутокен", kind: "token", price: 1200 },
      { option_id: "3", name: "Лицензия КриптоПро CSP ".repeat(10), kind: "license", price: 2700 },
    ], 1)
    expect(r.customer).toEqual({ email: "buyer@example.test" })
    expect(r.items.map((i) => [i.amount.value, i.payment_subject, i.payment_mode, i.vat_code])).toEqual([
      ["4500.00", "service", "full_payment", 1],
      ["1200.00", "commodity", "full_payment", 1],
      ["2700.00", "service", "full_payment", 1],
    ])
    expect(r.items[2]!.description.length).toBeLessThanOrEqual(128)
  })
})

describe("the provider", () => {
  const db = {} as Parameters<typeof paymentProvider>[0]["db"]
  const base = loadConfig({ DATA_DIR: "/tmp/uc-unit-payments", JWT_SECRET: "x".repeat(40) })
  it("is ЮKassa with both keys, else the test gateway — never the test gateway in production", () => {
    expect(paymentProvider({ db, config: { ...base, yookassa: { ...base.yookassa, shopId: "1", secretKey: "k" } } })?.name).toBe("yookassa")
    expect(paymentProvider({ db, config: { ...base, yookassa: { ...base.yookassa, shopId: "1", secretKey: undefined } } })?.name).toBe("local")
    expect(paymentProvider({ db, config: { ...base, production: true } })).toBeNull()
    expect(paymentProvider({ db, config: { ...base, production: true, yookassa: { ...base.yookassa, shopId: "1", secretKey: "k" } } })?.name).toBe("yookassa")
  })
})
