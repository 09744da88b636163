import { readFileSync } from "node:fs"
import { describe, expect, test } from "vitest"
import { decodeXml } from "../../server/services/epoa/decode.ts"
import { parseEpoa } from "../../server/services/epoa/parse.ts"
import { DEMO_EPOA_PARTIES, DEMO_EPOA_POWERS, epoaXml } from "../../server/services/epoa/sample.ts"
import { assertConforms, inRussian, xsdErrors } from "../../server/services/epoa/xsd.ts"
import { PkiInputError } from "../../server/services/pki/types.ts"

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/epoa/${name}`, import.meta.url)))
const PUBLIC_35 = "ON_EMCHD_20241203_c61a40df-d38f-4800-9ba4-61a2df016993.xml"
const PUBLIC_1 = "ON_EMCHD_20250523_472e846e-572b-4696-9ab1-ff839f9b0634.xml"
const rejection = async (work: () => unknown) => {
  try {
    await work()
  } catch (err) {
    expect(err).toBeInstanceOf(PkiInputError)
    return (err as Error).message
  }
  throw new Error("accepted")
}

describe("МЧД: decoding, the XSD and parsing", () => {
  test("a public UTF-8 МЧД passes the official XSD and parses into the registry's fields", async () => {
    const text = decodeXml(fixture(PUBLIC_35))
    expect(await xsdErrors(text)).toEqual([])
    const p = parseEpoa(text)
    expect(p).toMatchObject({
      number: "c61a40df-d38f-4800-9ba4-61a2df016993",
      formatVersion: "EMCHD_1",
      issuedOn: "2024-12-03",
      validFrom: "2024-12-03",
      validUntil: "2025-12-03",
      principal: { kind: "legal_entity", inn: "7714350892", ogrn: "1157746734837", kpp: "771401001", signatoryName: "ТРАНДИН СЕРГЕЙ ИВАНОВИЧ", signatorySnils: "04185549465" },
      representative: { name: "АЛФИМОВА АННА СЕРГЕЕВНА", snils: "06196363983", inn: "510103032621" },
    })
    expect(p.principal.name).toBe('ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "БАЗАЛЬТ СВОБОДНОЕ ПРОГРАММНОЕ ОБЕСПЕЧЕНИЕ"')
    expect(p.powers).toHaveLength(35)
    expect(p.powers[0]).toEqual({ code: "BBDOCS_DOCS_DCSALL_SRCDOC_SOURCEDOCS14", name: "Подписывать акт о приемке выполненных работ (КС-2)" })
    expect(parseEpoa(decodeXml(fixture(PUBLIC_1))).powers).toEqual([{ code: "FAS_EIAS_MA0001", name: "Подписывать заполненные отчетные формы и сопроводительные документы при отправке во ФГИС ЕИАС" }])
  })

  test("a windows-1251 file is decoded by its declaration and then passes the XSD (xmllint reads only UTF-8)", async () => {
    const bytes = fixture("demo-windows-1251.xml")
    // The bytes really are windows-1251: not valid UTF-8.
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow()
    const text = decodeXml(bytes)
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    await assertConforms(text)
    const p = parseEpoa(text)
    expect(p.principal).toMatchObject({ name: "ООО «Ромашка»", inn: "7707083893", signatoryName: "Петров Пётр Петрович" })
    expect(p.representative).toEqual({ name: "Иванов Иван Иванович", snils: "12345678964", inn: "500100732259" })
  })

  test("a UTF-8 BOM is dropped; an unknown declared encoding and bytes that are not text are refused in Russian", async () => {
    const text = epoaXml({ number: "11111111-2222-4333-8444-555555555555", issuedOn: "2026-01-01", validUntil: "2027-01-01", ...DEMO_EPOA_PARTIES, powers: DEMO_EPOA_POWERS })
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)])
    expect(parseEpoa(decodeXml(bom)).number).toBe("11111111-2222-4333-8444-555555555555")
    expect(await rejection(() => decodeXml(new TextEncoder().encode('<?xml version="1.0" encoding="koi8-r"?><a/>')))).toBe(
      "Кодировка «koi8-r» не поддерживается: загрузите файл в UTF-8 или windows-1251",
    )
    expect(await rejection(() => decodeXml(new Uint8Array([0x3c, 0xff, 0xfe, 0x00])))).toBe("Файл не является XML-документом")
  })

  test("not XML, another XML and the old format 002 are refused before the XSD with their own messages", async () => {
    expect(await rejection(() => parseEpoa("это не XML"))).toBe("Файл не является XML-документом")
    expect(await rejection(() => parseEpoa("<a><b></a>"))).toBe("Файл не является XML-документом")
    expect(await rejection(() => parseEpoa('<?xml version="1.0"?><Файл ИдФайл="x"/>'))).toBe("Файл не является машиночитаемой доверенностью в едином формате ФНС (EMCHD_1)")
    // No DTD in the format: entity tricks never reach a parser.
    const bomb = '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "xxxxxxxxxx"><!ENTITY y "&x;&x;&x;&x;&x;&x;&x;&x;&x;&x;">]><Доверенность ВерсФорм="EMCHD_1">&y;</Доверенность>'
    expect(await rejection(() => parseEpoa(bomb))).toBe("Файл не является машиночитаемой доверенностью в едином формате ФНС (EMCHD_1)")
    expect(await rejection(() => parseEpoa(decodeXml(fixture("ON_DOVBB_20240828_cfeae40d-e613-48ff-989f-f6b45590e338.xml"))))).toBe(
      "Формат доверенности «002» устарел: загрузите доверенность в едином формате ФНС (EMCHD_1)",
    )
  })

  test("XSD failures name the first three errors in Russian, with their lines and the total", async () => {
    const text = decodeXml(fixture(PUBLIC_1))
      .replace('НомДовер="472e846e-572b-4696-9ab1-ff839f9b0634"', 'НомДовер="12345"')
      .replace("<СведСист>", "<Лишний/><СведСист>")
      .replace(' КПП="771401001"', "")
      .replace('ОГРН="1157746734837"', 'ОГРН="1157746734837" Цвет="синий"')
    const message = await rejection(() => assertConforms(text))
    expect(message).toMatch(/^Доверенность не соответствует схеме формата EMCHD_1 \(ошибок: [45]\): /)
    expect(message).toContain("строка 5: недопустимое значение «12345» атрибута «НомДовер» элемента «СвДов»")
    expect(message).toContain("строка 6: элемент «Лишний» здесь не ожидается")
    expect(message.endsWith("; …")).toBe(true)
    // The message names each distinct error once (libxml2 reports the length and the pattern of one value separately).
    expect(message.match(/«12345»/g)).toHaveLength(1)
  })

  test("libxml2's schema errors in Russian", () => {
    const ns = "{urn://x-artefacts/EMCHD_1}"
    expect(inRussian(`Schemas validity error : Element '${ns}СвРосОрг': The attribute 'ИННЮЛ' is required but missing.`)).toBe("у элемента «СвРосОрг» нет обязательного атрибута «ИННЮЛ»")
    expect(inRussian(`Schemas validity error : Element '${ns}СвРосОрг', attribute 'Цвет': The attribute 'Цвет' is not allowed.`)).toBe("атрибут «Цвет» у элемента «СвРосОрг» не допускается")
    expect(inRussian(`Schemas validity error : Element '${ns}Довер': Missing child element(s). Expected is ( ${ns}СвПолн ).`)).toBe("в элементе «Довер» не хватает обязательных вложенных элементов")
    expect(inRussian("Schemas validity error : Element 'a': No matching global declaration available for the validation root.")).toBe("корневой элемент не «Доверенность» формата EMCHD_1")
  })

  test("the model's XML (seed, sample download) passes the XSD and parses back to what it was made from", async () => {
    const draft = { number: "0b5c7f7e-1d4a-4c39-9a57-3f1d2c6e8a01", issuedOn: "2026-01-15", validUntil: "2027-01-15", ...DEMO_EPOA_PARTIES, powers: DEMO_EPOA_POWERS }
    const text = epoaXml({ ...draft, principal: { ...draft.principal, name: 'ООО "Ромашка & Ко" <тест>' } })
    await assertConforms(text)
    const p = parseEpoa(text)
    expect(p.principal.name).toBe('ООО "Ромашка & Ко" <тест>')
    expect(p.powers.map((w) => w.code)).toEqual(DEMO_EPOA_POWERS.map((w) => w.code))
  })

  test("a free-text power (ТекстПолн, ТипПолн 0) is kept with no code", async () => {
    const draft = { number: "22222222-3333-4444-8555-666666666666", issuedOn: "2026-01-15", validUntil: "2027-01-15", ...DEMO_EPOA_PARTIES, powers: DEMO_EPOA_POWERS }
    const text = epoaXml(draft).replace(/<СвПолн ТипПолн="1"[^]*<\/СвПолн>/, '<СвПолн ТипПолн="0" ПрСовмПолн="1"><ТекстПолн>Представлять интересы общества в налоговых органах</ТекстПолн></СвПолн>')
    await assertConforms(text)
    expect(parseEpoa(text).powers).toEqual([{ code: null, name: "Представлять интересы общества в налоговых органах" }])
  })
})
