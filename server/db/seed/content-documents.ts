import { readFileSync } from "node:fs"
import type { Requisites } from "../../../schemas/requisites.ts"
import { docx, type DocParagraph, png, xlsx, zip } from "./content-files.ts"
import { regulationsPdf } from "./regulations.ts"

/**
 * The demo's files: the EP documents a CA publishes, the banner and the news cover. Each is
 * generated from this declaration, the same bytes every time, so a file missing from UPLOAD_DIR (a
 * fresh disk beside a database seeded earlier) is written again on start (server/db/seed/content.ts).
 */
export const SEED_MIME = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  zip: "application/zip",
  png: "image/png",
  pdf: "application/pdf",
  svg: "image/svg+xml",
} as const

export type SeedExt = keyof typeof SEED_MIME

export interface SeedFile {
  /** The file's name as visitors download it. */
  readonly name: string
  readonly ext: SeedExt
  /** The bytes; the 'Регламент' prints the operator's requisites, so it is made from them. */
  readonly data: (requisites: Requisites) => Buffer | Promise<Buffer>
}

const doc = (title: string, ...lines: string[]): DocParagraph[] => [{ text: title, heading: true }, ...lines.map((text) => ({ text }))]

const applicationLines = (who: string) => [
  `Заявитель: ${who}`,
  "Прошу выпустить квалифицированный сертификат ключа проверки электронной подписи.",
  "Фамилия, имя, отчество владельца сертификата: ______________________________",
  "СНИЛС: ____________________   ИНН: ____________________",
  "Паспорт: серия ______ номер __________, выдан ______________________________",
  "С регламентом удостоверяющего центра ознакомлен(а) и согласен(на).",
  "Подпись владельца сертификата: ______________   Дата: ____________",
]

const forLegal = () => docx(doc("Заявление на выпуск сертификата (сотрудник юридического лица)", ...applicationLines("организация (наименование, ИНН, ОГРН) ______________________________")))
const forPerson = () => docx(doc("Заявление на выпуск сертификата (физическое лицо)", ...applicationLines("физическое лицо")))

/**
 * The demo's picture: a calm diagonal gradient in the site's blues, for the news covers, in 24 bands so that it compresses to a few kilobytes (the pages stay light).
 */
const picture = (width: number, height: number) =>
  png(width, height, (x, y) => {
    const t = Math.round(((x / width + y / height) / 2) * 24) / 24
    return [Math.round(11 + 40 * t), Math.round(61 + 70 * t), Math.round(145 + 80 * t)]
  })

/**
 * The banners, drawn for the project: SVG sources beside them (server/db/seed/banners/*.svg), rasterized
 * once to 1200×200 PNG (the banner form takes jpg, gif or png only; about 27 KB each).
 */
const bannerPng = (name: string) => () => readFileSync(new URL(`./banners/${name}.png`, import.meta.url))

export const SEED_FILES = {
  cover: { name: "Обложка новости", ext: "png", data: () => picture(960, 540) },
  banner: { name: "Баннер — удалённый выпуск", ext: "png", data: bannerPng("remote") },
  bannerToken: { name: "Баннер — токен и КриптоПро CSP", ext: "png", data: bannerPng("token") },
  bannerDocuments: { name: "Баннер — регламент и бланки", ext: "png", data: bannerPng("documents") },
  applicationLegal: { name: "Заявление на выпуск сертификата (сотрудник организации)", ext: "docx", data: forLegal },
  applicationPerson: { name: "Заявление на выпуск сертификата (физическое лицо)", ext: "docx", data: forPerson },
  revocation: {
    name: "Заявление на отзыв сертификата",
    ext: "docx",
    data: () => docx(doc("Заявление на отзыв сертификата", "Прошу отозвать сертификат ключа проверки электронной подписи.", "Серийный номер сертификата: ______________________________", "Причина: ______________________________", "Подпись: ______________   Дата: ____________")),
  },
  proxy: {
    name: "Доверенность на получение сертификата",
    ext: "docx",
    data: () =>
      docx(doc("Доверенность", "Я, ______________________________, паспорт ______________, доверяю ______________________________, паспорт ______________,", "представлять мои интересы в удостоверяющем центре: подать документы и получить сертификат ключа проверки электронной подписи.", "Доверенность выдана сроком на ______ месяцев без права передоверия.", "Подпись: ______________   Дата: ____________")),
  },
  regulations: { name: "Регламент удостоверяющего центра", ext: "pdf", data: regulationsPdf },
  instruction: {
    name: "Инструкция по установке КриптоПро CSP и сертификата",
    ext: "docx",
    data: () =>
      docx(doc("Установка КриптоПро CSP и сертификата", "1. Установите КриптоПро CSP и введите серийный номер лицензии.", "2. Установите драйвер токена (Рутокен или JaCarta).", "3. Установите корневой сертификат удостоверяющего центра.", "4. Установите личный сертификат с токена в хранилище «Личное».", "5. Установите КриптоПро ЭЦП Browser plug-in и разрешите его в браузере.")),
  },
  price: {
    name: "Прайс-лист",
    ext: "xlsx",
    data: () =>
      xlsx("Прайс-лист", [
        ["Услуга", "Срок", "Цена, ₽"],
        ["Сертификат КЭП для физического лица", "12 месяцев", 2900],
        ["Сертификат КЭП сотрудника организации", "12 месяцев", 3900],
        ["Сертификат для участника торгов (44-ФЗ, 223-ФЗ)", "12 месяцев", 5900],
        ["Токен Рутокен ЭЦП 3.0", "—", 2200],
        ["Лицензия КриптоПро CSP, встроенная в сертификат", "12 месяцев", 1300],
        ["Настройка рабочего места", "—", 1500],
      ]),
  },
  bundle: {
    name: "Комплект заявлений",
    ext: "zip",
    data: () => zip([{ name: "Заявление — сотрудник организации.docx", data: forLegal() }, { name: "Заявление — физическое лицо.docx", data: forPerson() }]),
  },
} as const satisfies Record<string, SeedFile>

export type SeedFileKey = keyof typeof SEED_FILES

/** The EP documents of the demo, by position. */
export const SEED_DOCUMENTS: ReadonlyArray<{ readonly title: string; readonly kind: string; readonly file: SeedFileKey }> = [
  { title: "Заявление на выпуск сертификата для сотрудника организации", kind: "application", file: "applicationLegal" },
  { title: "Заявление на выпуск сертификата для физического лица", kind: "application", file: "applicationPerson" },
  { title: "Заявление на отзыв сертификата", kind: "application", file: "revocation" },
  { title: "Доверенность на получение сертификата представителем", kind: "power_of_attorney", file: "proxy" },
  { title: "Регламент удостоверяющего центра (порядок реализации функций аккредитованного удостоверяющего центра)", kind: "regulations", file: "regulations" },
  { title: "Инструкция по установке КриптоПро CSP и сертификата", kind: "instruction", file: "instruction" },
  { title: "Прайс-лист на услуги удостоверяющего центра", kind: "price", file: "price" },
  { title: "Комплект заявлений одним архивом", kind: "other", file: "bundle" },
]
