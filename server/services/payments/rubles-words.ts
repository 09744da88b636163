/** Whole rubles in Russian words, as an invoice writes its total: «Четыре тысячи пятьсот рублей 00 копеек». */
const ONES_M = ["", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"]
const ONES_F = ["", "одна", "две", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"]
const TEENS = ["десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать", "шестнадцать", "семнадцать", "восемнадцать", "девятнадцать"]
const TENS = ["", "", "двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят", "семьдесят", "восемьдесят", "девяносто"]
const HUNDREDS = ["", "сто", "двести", "триста", "четыреста", "пятьсот", "шестьсот", "семьсот", "восемьсот", "девятьсот"]

/** The Russian plural of n: «рубль», «рубля», «рублей». */
export function plural(n: number, forms: readonly [string, string, string]): string {
  const n100 = n % 100
  const n10 = n % 10
  if (n100 >= 11 && n100 <= 14) return forms[2]
  if (n10 === 1) return forms[0]
  if (n10 >= 2 && n10 <= 4) return forms[1]
  return forms[2]
}

function triad(n: number, feminine: boolean): string[] {
  const words = [HUNDREDS[Math.floor(n / 100)]!]
  const rest = n % 100
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]!)
  else words.push(TENS[Math.floor(rest / 10)]!, (feminine ? ONES_F : ONES_M)[rest % 10]!)
  return words.filter(Boolean)
}

const SCALES: ReadonlyArray<{ forms: readonly [string, string, string]; feminine: boolean }> = [
  { forms: ["", "", ""], feminine: false },
  { forms: ["тысяча", "тысячи", "тысяч"], feminine: true },
  { forms: ["миллион", "миллиона", "миллионов"], feminine: false },
  { forms: ["миллиард", "миллиарда", "миллиардов"], feminine: false },
]

export function rublesInWords(amount: number): string {
  const n = Math.floor(Math.abs(amount))
  const words: string[] = []
  if (n === 0) words.push("ноль")
  for (let i = SCALES.length - 1; i >= 0; i--) {
    const part = Math.floor(n / 1000 ** i) % 1000
    if (part === 0) continue
    const scale = SCALES[i]!
    words.push(...triad(part, scale.feminine))
    if (i > 0) words.push(plural(part, scale.forms))
  }
  const text = `${words.join(" ")} ${plural(n, ["рубль", "рубля", "рублей"])} 00 копеек`
  return text.charAt(0).toUpperCase() + text.slice(1)
}
