/**
 * The payment QR code of ГОСТ Р 56042-2014 ("Стандарты финансовых операций. Двумерные символы
 * штрихового кода для осуществления платежей физических лиц"): the header `ST00012` (format 0001,
 * encoding 2 = UTF-8), then `Key=Value` pairs separated by `|`. Name, PersonalAcc, BankName, BIC and
 * CorrespAcc are required; Sum is in kopecks. A value may not contain the separator.
 */
export interface GostPayment {
  readonly name: string
  readonly personalAcc: string
  readonly bankName: string
  readonly bic: string
  readonly correspAcc: string
  readonly payeeInn: string
  readonly kpp: string
  readonly purpose: string
  /** Whole rubles. */
  readonly sum: number
}

const clean = (value: string) => value.replace(/\|/g, " ").replace(/\s+/g, " ").trim()

export function gostPayload(p: GostPayment): string {
  const pairs: Array<[string, string]> = [
    ["Name", p.name],
    ["PersonalAcc", p.personalAcc],
    ["BankName", p.bankName],
    ["BIC", p.bic],
    ["CorrespAcc", p.correspAcc],
    ["PayeeINN", p.payeeInn],
    ["KPP", p.kpp],
    ["Purpose", p.purpose],
    ["Sum", String(Math.round(p.sum * 100))],
  ]
  return ["ST00012", ...pairs.map(([k, v]) => `${k}=${clean(v)}`)].join("|")
}
