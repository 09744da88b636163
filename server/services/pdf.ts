import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import fontkit from "@pdf-lib/fontkit"
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib"

/**
 * The product's PDF documents (the application for a certificate, the invoice, the act): pdf-lib with
 * DejaVu Sans embedded (a TTF with Cyrillic, from the `dejavu-fonts-ttf` package; subset, so a page
 * weighs tens of kilobytes). A small flowing layout: text wraps at the margins and new pages start by
 * themselves. Callers describe the document; they never place text by coordinates.
 */

const require = createRequire(import.meta.url)
const fontPath = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`)
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined
const loadFonts = () =>
  (fonts ??= Promise.all([readFile(fontPath("DejaVuSans.ttf")), readFile(fontPath("DejaVuSans-Bold.ttf"))]).then(([regular, bold]) => ({ regular, bold })))

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 50

export interface PdfWriter {
  /** A heading line, bold and larger. */
  heading(text: string, size?: number): void
  /** A paragraph that wraps at the margins. */
  text(text: string, options?: { size?: number; bold?: boolean; align?: "left" | "center" | "right" }): void
  /** Label–value rows in two columns (the document's facts). */
  facts(rows: ReadonlyArray<readonly [label: string, value: string]>): void
  /** A table with a header row; `widths` are fractions of the text width. */
  table(header: readonly string[], rows: ReadonlyArray<readonly string[]>, widths: readonly number[]): void
  /** A PNG image (a QR code) of `size` points square. */
  image(png: Uint8Array, size: number): Promise<void>
  /** Vertical space in points. */
  space(points: number): void
}

/** Builds a PDF: `write` describes its content; the answer is the file's bytes. */
export async function buildPdf(meta: { title: string; author: string }, write: (w: PdfWriter) => Promise<void> | void): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  const bytes = await loadFonts()
  const regular = await doc.embedFont(bytes.regular, { subset: true })
  const bold = await doc.embedFont(bytes.bold, { subset: true })
  doc.setTitle(meta.title)
  doc.setAuthor(meta.author)
  doc.setLanguage("ru-RU")
  doc.setCreationDate(new Date())

  const width = A4[0] - 2 * MARGIN
  let page: PDFPage = doc.addPage(A4)
  let y = A4[1] - MARGIN
  const ensure = (height: number) => {
    if (y - height >= MARGIN) return
    page = doc.addPage(A4)
    y = A4[1] - MARGIN
  }
  const lines = (text: string, font: PDFFont, size: number, max: number): string[] => {
    const out: string[] = []
    for (const paragraph of text.split("\n")) {
      let line = ""
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word
        if (font.widthOfTextAtSize(next, size) <= max || !line) line = next
        else {
          out.push(line)
          line = word
        }
      }
      out.push(line)
    }
    return out
  }
  const draw = (text: string, x: number, font: PDFFont, size: number) => page.drawText(text, { x, y: y - size, size, font, color: rgb(0, 0, 0) })

  const writer: PdfWriter = {
    heading(text, size = 14) {
      writer.text(text, { size, bold: true })
      y -= 4
    },
    text(text, options = {}) {
      const size = options.size ?? 10
      const font = options.bold ? bold : regular
      for (const line of lines(text, font, size, width)) {
        ensure(size * 1.4)
        const w = font.widthOfTextAtSize(line, size)
        const x = options.align === "center" ? MARGIN + (width - w) / 2 : options.align === "right" ? MARGIN + width - w : MARGIN
        draw(line, x, font, size)
        y -= size * 1.4
      }
    },
    facts(rows) {
      writer.table([], rows, [0.4, 0.6])
    },
    table(header, rows, widths) {
      const size = 9
      const cols = widths.map((f) => f * width)
      const row = (cells: readonly string[], font: PDFFont) => {
        const wrapped = cells.map((cell, i) => lines(cell, font, size, (cols[i] ?? 0) - 6))
        const height = Math.max(...wrapped.map((l) => l.length)) * size * 1.35 + 4
        ensure(height)
        let x = MARGIN
        wrapped.forEach((cellLines, i) => {
          const w = cols[i] ?? 0
          page.drawRectangle({ x, y: y - height, width: w, height, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 0.5 })
          cellLines.forEach((l, n) => page.drawText(l, { x: x + 3, y: y - 2 - size - n * size * 1.35, size, font }))
          x += w
        })
        y -= height
      }
      if (header.length) row(header, bold)
      for (const r of rows) row(r, regular)
      y -= 6
    },
    async image(png, size) {
      const img = await doc.embedPng(png)
      ensure(size)
      page.drawImage(img, { x: MARGIN, y: y - size, width: size, height: size })
      y -= size + 6
    },
    space(points) {
      y -= points
    },
  }
  await write(writer)
  return doc.save()
}
