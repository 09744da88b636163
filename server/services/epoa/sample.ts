import { EPOA_FORMAT_VERSION, EPOA_NAMESPACE } from "./parse.ts"

/** What a model МЧД (an organisation's head to a person) says; the demo's, the model page's sample and the tests' files. */
export interface EpoaDraft {
  readonly number: string
  readonly issuedOn: string
  readonly validUntil: string
  readonly principal: { readonly name: string; readonly inn: string; readonly kpp: string; readonly ogrn: string; readonly region: string; readonly address: string }
  readonly head: { readonly surname: string; readonly name: string; readonly patronymic: string; readonly snils: string; readonly inn: string; readonly title: string }
  readonly representative: { readonly surname: string; readonly name: string; readonly patronymic: string; readonly snils: string; readonly inn: string; readonly birthDate: string }
  readonly powers: readonly { readonly code: string; readonly name: string }[]
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
/** СНИЛС as the format writes it: 000-000-000 00. */
const snilsText = (d: string) => `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6, 9)} ${d.slice(9, 11)}`
const fio = (p: { surname: string; name: string; patronymic: string }) => `<ФИО Фамилия="${esc(p.surname)}" Имя="${esc(p.name)}" Отчество="${esc(p.patronymic)}"/>`

/** The file name the tax service gives an МЧД: ON_EMCHD_{yyyymmdd}_{number}. */
export const epoaFileId = (d: Pick<EpoaDraft, "number" | "issuedOn">) => `ON_EMCHD_${d.issuedOn.replace(/-/g, "")}_${d.number}`

/** An МЧД in format EMCHD_1 (UTF-8) that passes the official XSD: a Russian organisation, its head without a power of attorney, one person. */
export function epoaXml(d: EpoaDraft): string {
  const p = d.principal
  return `<?xml version="1.0" encoding="UTF-8"?>
<Доверенность xmlns="${EPOA_NAMESPACE}" ВерсФорм="${EPOA_FORMAT_VERSION}" ПрЭлФорм="00000000" ИдФайл="${epoaFileId(d)}">
  <Документ>
    <Довер>
      <СвДов ВидДовер="1" ПрПередов="1" ВнНомДовер="${esc(d.number.slice(0, 8))}" НомДовер="${d.number}" ДатаВыдДовер="${d.issuedOn}" СрокДейст="${d.validUntil}">
        <СведСист>https://m4d.nalog.gov.ru/emchd/check-status?guid=${d.number}</СведСист>
      </СвДов>
      <СвДоверит ТипДоверит="1">
        <Доверит>
          <РосОргДовер ЕИОУК="0" ЕИОФЛ="1" ЕИОИП="0">
            <СвРосОрг НаимОрг="${esc(p.name)}" ИННЮЛ="${p.inn}" КПП="${p.kpp}" ОГРН="${p.ogrn}">
              <АдрРег Регион="${p.region}">
                <АдрРФ>${esc(p.address)}</АдрРФ>
              </АдрРег>
            </СвРосОрг>
            <ЛицоБезДов ПолнЮЛ="1">
              <СвФЛ ИННФЛ="${d.head.inn}" СНИЛС="${snilsText(d.head.snils)}" Должность="${esc(d.head.title)}">
                <СведФЛ>
                  ${fio(d.head)}
                </СведФЛ>
              </СвФЛ>
            </ЛицоБезДов>
          </РосОргДовер>
        </Доверит>
      </СвДоверит>
      <СвУпПред ТипПред="3">
        <Пред>
          <СведФизЛ ИННФЛ="${d.representative.inn}" СНИЛС="${snilsText(d.representative.snils)}">
            <СведФЛ ДатаРожд="${d.representative.birthDate}">
              ${fio(d.representative)}
            </СведФЛ>
          </СведФизЛ>
        </Пред>
      </СвУпПред>
      <СвПолн ТипПолн="1" ПрСовмПолн="1">
${d.powers.map((w) => `        <МашПолн КодПолн="${esc(w.code)}" НаимПолн="${esc(w.name)}"/>`).join("\n")}
      </СвПолн>
    </Довер>
  </Документ>
</Доверенность>
`
}

/** The demo principal (the seed's ООО «Ромашка», its director) and representative (the demo user): as in their certificates (tests/fixtures/pki). */
export const DEMO_EPOA_PARTIES = {
  principal: { name: "ООО «Ромашка»", inn: "7707083893", kpp: "773601001", ogrn: "1027700132195", region: "77", address: "117997, Г.МОСКВА, УЛ. ВАВИЛОВА, Д. 19" },
  head: { surname: "Петров", name: "Пётр", patronymic: "Петрович", snils: "11223344595", inn: "772345678901", title: "Генеральный директор" },
  representative: { surname: "Иванов", name: "Иван", patronymic: "Иванович", snils: "12345678964", inn: "500100732259", birthDate: "1985-04-12" },
} as const

/** Powers from the tax service's classifier of powers (the codes the EDO operators use), for the demo and the sample. */
export const DEMO_EPOA_POWERS = [
  { code: "02.001", name: "Подписание счетов-фактур, УПД и корректировочных документов" },
  { code: "02.002", name: "Подписание первичных учётных документов (акты, накладные)" },
  { code: "01.001", name: "Представление налоговой и бухгалтерской отчётности" },
] as const

/** The model page's sample download: the demo МЧД of ООО «Ромашка» to its employee, a fixed number. */
export function sampleEpoaXml(): { name: string; xml: string } {
  const draft = { number: "a1b2c3d4-e5f6-4a8b-9c0d-e1f2a3b4c5d6", issuedOn: "2026-01-15", validUntil: "2027-01-15", ...DEMO_EPOA_PARTIES, powers: DEMO_EPOA_POWERS }
  return { name: epoaFileId(draft), xml: epoaXml(draft) }
}
