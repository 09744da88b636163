import { readdirSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { XML_MAX_DEPTH, xmlShapeProblem } from "../../server/lib/xml-guard.ts"

const nested = (depth: number) => `${"<a>".repeat(depth)}${"</a>".repeat(depth)}`

describe("xmlShapeProblem: the shape of an XML document the site takes", () => {
  it("the real EMCHD files pass", () => {
    const dir = new URL("../fixtures/epoa/", import.meta.url)
    const files = readdirSync(dir).filter((f) => f.endsWith(".xml"))
    expect(files.length).toBeGreaterThan(2)
    // windows-1251 read as latin1: the tags' structure is all that counts here.
    for (const f of files) expect([f, xmlShapeProblem(readFileSync(new URL(f, dir), "latin1"))]).toEqual([f, null])
  })

  it(`refuses nesting deeper than ${XML_MAX_DEPTH} levels; self-closing elements and siblings do not add up`, () => {
    expect(xmlShapeProblem(nested(XML_MAX_DEPTH))).toBeNull()
    expect(xmlShapeProblem(nested(XML_MAX_DEPTH + 1))).toBe(`Слишком глубокая вложенность элементов XML: больше ${XML_MAX_DEPTH} уровней`)
    expect(xmlShapeProblem(nested(10_000))).toMatch(/глубокая/)
    expect(xmlShapeProblem(`<r>${"<b/>".repeat(1000)}${"<c></c>".repeat(1000)}</r>`)).toBeNull()
    expect(xmlShapeProblem(`<r>${nested(XML_MAX_DEPTH - 1)}${nested(XML_MAX_DEPTH - 1)}</r>`)).toBeNull()
  })

  it("refuses elements and attributes named __proto__, constructor, prototype, with or without a prefix", () => {
    expect(xmlShapeProblem("<r><__proto__/></r>")).toBe("Недопустимое имя элемента или атрибута XML: «__proto__»")
    expect(xmlShapeProblem("<r><x:constructor>1</x:constructor></r>")).toMatch(/«x:constructor»/)
    expect(xmlShapeProblem('<r a="1" prototype="2"/>')).toMatch(/«prototype»/)
    expect(xmlShapeProblem("<r x:__proto__='1'/>")).toMatch(/«x:__proto__»/)
  })

  it("does not mistake text, attribute values, comments, CDATA or declarations for names", () => {
    expect(xmlShapeProblem('<?xml version="1.0"?><r a="constructor=1">__proto__ <!-- <__proto__> --><![CDATA[<constructor>]]></r>')).toBeNull()
    expect(xmlShapeProblem(`<!-- ${"<a>".repeat(100)} --><r/>`)).toBeNull()
  })

  it("steps over what is not a tag: well-formedness is the parser's business", () => {
    expect(xmlShapeProblem("a < b and <r unquoted=1>")).toBeNull()
    expect(xmlShapeProblem(`<a x="${"<".repeat(50_000)}`)).toBeNull()
  })
})
