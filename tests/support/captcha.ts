import svgCaptcha from "svg-captcha"

/**
 * Reads an svg-captcha picture the way a program looking at it could: each letter is a filled path
 * drawn from the Comismsh font with only ±0.1 of jitter per point, so comparing a path's shape with
 * every candidate glyph names the letter, and the glyphs' left-to-right order gives the text.
 * Tests answer the real captcha with it instead of reaching into the database.
 */

interface Glyph {
  readonly ch: string
  readonly commands: string
  readonly offsets: number[]
}

const CANDIDATES = "23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"

const options = (svgCaptcha as unknown as { options: { font: FontLike; fontSize: number } }).options
interface FontLike {
  charToGlyph(ch: string): { getPath(x: number, y: number, size: number): { toPathData(decimals?: number): string } }
}

/** Command letters and every number relative to the first point, so where the glyph stands drops out. */
function shape(d: string): { commands: string; offsets: number[]; xs: number[] } {
  const tokens = d.match(/[A-Za-z]|-?\d*\.?\d+(?:e[-+]?\d+)?/g) ?? []
  const commands = tokens.filter((t) => /^[A-Za-z]$/.test(t)).join("")
  const numbers = tokens.filter((t) => !/^[A-Za-z]$/.test(t)).map(Number)
  const x0 = numbers[0] ?? 0
  const y0 = numbers[1] ?? 0
  return {
    commands,
    offsets: numbers.map((n, i) => n - (i % 2 === 0 ? x0 : y0)),
    xs: numbers.filter((_, i) => i % 2 === 0),
  }
}

let glyphs: Glyph[] | undefined
const reference = () =>
  (glyphs ??= [...CANDIDATES].map((ch) => {
    const s = shape(options.font.charToGlyph(ch).getPath(0, 0, options.fontSize).toPathData(2))
    return { ch, commands: s.commands, offsets: s.offsets }
  }))

export function solveCaptcha(svg: string): string {
  const letters: { ch: string; x: number }[] = []
  for (const match of svg.matchAll(/<path fill="(?!none)[^"]*" d="([^"]+)"/g)) {
    const s = shape(match[1]!)
    const found = reference().find(
      (g) => g.commands === s.commands && g.offsets.length === s.offsets.length && g.offsets.every((o, i) => Math.abs(o - s.offsets[i]!) < 0.5),
    )
    if (!found) throw new Error("solveCaptcha: a letter matches no glyph")
    letters.push({ ch: found.ch, x: (Math.min(...s.xs) + Math.max(...s.xs)) / 2 })
  }
  return letters
    .sort((a, b) => a.x - b.x)
    .map((l) => l.ch)
    .join("")
}
