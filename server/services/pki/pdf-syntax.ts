/**
 * Just enough PDF syntax (ISO 32000-1 section 7.3) to read one indirect object's value from its
 * header: numbers, names, strings (with their byte offsets, which a signature's ByteRange must match),
 * arrays, dictionaries and references. A stream's data is never read. Input that is not PDF throws
 * PdfSyntaxError; the caller decides what that means.
 */

export class PdfSyntaxError extends Error {}

export interface PdfName {
  readonly name: string
}
export interface PdfString {
  /** Where the string's token starts ('(' or '<') and ends (after ')' or '>') in the file. */
  readonly start: number
  readonly end: number
  readonly hex: boolean
  /** The decoded bytes; null for a hex string holding other than hex digits and white space. */
  readonly bytes: Uint8Array | null
}
export interface PdfRef {
  readonly ref: readonly [number, number]
}
export interface PdfDict {
  readonly dict: ReadonlyMap<string, PdfValue>
  readonly start: number
}
export type PdfValue = number | boolean | null | PdfName | PdfString | PdfRef | PdfDict | readonly PdfValue[]

/** Nested arrays and dictionaries deeper than this are refused: real signature objects nest a few levels. */
const DEPTH_MAX = 32

const isWhite = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c || b === 0x00
const isDelimiter = (b: number) => b === 0x28 || b === 0x29 || b === 0x3c || b === 0x3e || b === 0x5b || b === 0x5d || b === 0x7b || b === 0x7d || b === 0x2f || b === 0x25
const isRegular = (b: number | undefined) => b !== undefined && !isWhite(b) && !isDelimiter(b)
const hexValue = (b: number) => (b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x41 && b <= 0x46 ? b - 0x37 : b >= 0x61 && b <= 0x66 ? b - 0x57 : -1)

const ESCAPES: Readonly<Record<number, number>> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c, 0x28: 0x28, 0x29: 0x29, 0x5c: 0x5c }

export const isName = (v: PdfValue | undefined): v is PdfName => typeof v === "object" && v !== null && "name" in v
export const isString = (v: PdfValue | undefined): v is PdfString => typeof v === "object" && v !== null && "hex" in v
export const isDict = (v: PdfValue | undefined): v is PdfDict => typeof v === "object" && v !== null && "dict" in v

export class PdfReader {
  pos: number
  constructor(
    readonly bytes: Uint8Array,
    start: number,
  ) {
    this.pos = start
  }

  private skipWhite(): void {
    const b = this.bytes
    while (this.pos < b.length) {
      const c = b[this.pos] as number
      if (isWhite(c)) this.pos++
      else if (c === 0x25) while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++
      else break
    }
  }

  /** A keyword or a number's text at the position, without moving. */
  private word(): string {
    let end = this.pos
    while (end < this.bytes.length && isRegular(this.bytes[end])) end++
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset + this.pos, end - this.pos).toString("latin1")
  }

  /** `N G obj` at the position: the object's number, or null when the header is not there. */
  header(): number | null {
    const m = /^(\d+)$/.exec(this.word())
    if (!m) return null
    this.pos += m[1]!.length
    this.skipWhite()
    const g = this.word()
    if (!/^\d+$/.test(g)) return null
    this.pos += g.length
    this.skipWhite()
    if (this.word() !== "obj") return null
    this.pos += 3
    return Number(m[1])
  }

  value(depth = 0): PdfValue {
    if (depth > DEPTH_MAX) throw new PdfSyntaxError("too deep")
    this.skipWhite()
    const b = this.bytes
    const c = b[this.pos]
    if (c === undefined) throw new PdfSyntaxError("end of file")
    if (c === 0x3c && b[this.pos + 1] === 0x3c) return this.dictionary(depth)
    if (c === 0x3c) return this.hexString()
    if (c === 0x28) return this.literalString()
    if (c === 0x2f) return this.name()
    if (c === 0x5b) {
      this.pos++
      const items: PdfValue[] = []
      for (;;) {
        this.skipWhite()
        if (b[this.pos] === 0x5d) {
          this.pos++
          return items
        }
        items.push(this.value(depth + 1))
      }
    }
    const word = this.word()
    if (word === "") throw new PdfSyntaxError(`unexpected byte ${c}`)
    this.pos += word.length
    if (word === "true" || word === "false") return word === "true"
    if (word === "null") return null
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) throw new PdfSyntaxError(`unexpected ${word}`)
    const n = Number(word)
    // `N G R`: a reference, when an integer follows and then R.
    if (/^\d+$/.test(word)) {
      const back = this.pos
      this.skipWhite()
      const g = this.word()
      if (/^\d+$/.test(g)) {
        this.pos += g.length
        this.skipWhite()
        if (this.word() === "R") {
          this.pos++
          return { ref: [n, Number(g)] }
        }
      }
      this.pos = back
    }
    return n
  }

  private dictionary(depth: number): PdfDict {
    const start = this.pos
    this.pos += 2
    const dict = new Map<string, PdfValue>()
    for (;;) {
      this.skipWhite()
      if (this.bytes[this.pos] === 0x3e && this.bytes[this.pos + 1] === 0x3e) {
        this.pos += 2
        return { dict, start }
      }
      const key = this.value(depth + 1)
      if (!isName(key)) throw new PdfSyntaxError("a dictionary key is not a name")
      const value = this.value(depth + 1)
      // The first of a repeated key counts, as readers commonly do.
      if (!dict.has(key.name)) dict.set(key.name, value)
    }
  }

  private name(): PdfName {
    this.pos++
    const raw = this.word()
    this.pos += raw.length
    return { name: raw.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) }
  }

  private hexString(): PdfString {
    const start = this.pos
    const b = this.bytes
    const close = b.indexOf(0x3e, start + 1)
    if (close < 0) throw new PdfSyntaxError("a hex string is not closed")
    this.pos = close + 1
    const out = new Uint8Array(Math.ceil((close - start - 1) / 2))
    let n = 0
    let high = -1
    for (let i = start + 1; i < close; i++) {
      const c = b[i] as number
      if (isWhite(c)) continue
      const v = hexValue(c)
      if (v < 0) return { start, end: this.pos, hex: true, bytes: null }
      if (high < 0) high = v
      else {
        out[n++] = (high << 4) | v
        high = -1
      }
    }
    if (high >= 0) out[n++] = high << 4
    return { start, end: this.pos, hex: true, bytes: out.subarray(0, n) }
  }

  private literalString(): PdfString {
    const start = this.pos
    const b = this.bytes
    const out: number[] = []
    let depth = 0
    let i = start + 1
    for (; i < b.length; i++) {
      const c = b[i] as number
      if (c === 0x5c) {
        const e = b[++i]
        if (e === undefined) break
        const simple = ESCAPES[e]
        if (simple !== undefined) out.push(simple)
        else if (e >= 0x30 && e <= 0x37) {
          let v = e - 0x30
          for (let k = 0; k < 2 && (b[i + 1] ?? 0) >= 0x30 && (b[i + 1] ?? 0) <= 0x37; k++) v = v * 8 + ((b[++i] as number) - 0x30)
          out.push(v & 0xff)
        } else if (e === 0x0d && b[i + 1] === 0x0a) i++
        else if (e !== 0x0a && e !== 0x0d) out.push(e)
        continue
      }
      if (c === 0x28) depth++
      if (c === 0x29 && depth-- === 0) break
      out.push(c)
    }
    if (i >= b.length) throw new PdfSyntaxError("a literal string is not closed")
    this.pos = i + 1
    return { start, end: this.pos, hex: false, bytes: new Uint8Array(out) }
  }
}

/** Text of a PDF text string: UTF-16BE with its byte-order mark, else PDFDocEncoding read as Latin-1. */
export function pdfText(value: PdfValue | undefined): string | null {
  if (!isString(value) || !value.bytes) return null
  const b = value.bytes
  if (b[0] === 0xfe && b[1] === 0xff) return Buffer.from(b.subarray(2)).swap16().toString("utf16le")
  return Buffer.from(b).toString("latin1")
}

/** A PDF date (`D:YYYYMMDDHHmmSSOHH'mm'`, 7.9.4); null when it is not one. */
export function pdfDate(text: string | null): Date | null {
  const m = text && /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?'?/.exec(text.trim())
  if (!m) return null
  const [, y, mo = "01", d = "01", h = "00", mi = "00", s = "00", sign, oh = "00", om = "00"] = m
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
  const offset = sign === "+" || sign === "-" ? (sign === "-" ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000 : 0
  const date = new Date(utc - offset)
  return Number.isNaN(date.getTime()) ? null : date
}
