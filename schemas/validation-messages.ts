/**
 * Texts of the certificate and signature validation (issue 11): the verdicts the server writes into
 * its reports, the API's refusals, the public page 'Проверка электронной подписи' and the CRM's trust
 * list. Dates are shown as dd.MM.yyyy HH:mm in Moscow time (the CA's time), on the server and the page alike.
 */

import { messages } from "./messages.ts"

/** The public page's title: the site's messages hold it (the route table reads it there). */
export const VALIDATION_PAGE_TITLE = messages.pages.svs

const moscow = new Intl.DateTimeFormat("ru-RU", {
  timeZone: "Europe/Moscow",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
})

/** dd.MM.yyyy HH:mm, Moscow time. */
export function ruDateTime(date: Date | string): string {
  const d = typeof date === "string" ? new Date(date) : date
  if (Number.isNaN(d.getTime())) return String(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => moscow.formatToParts(d).find((p) => p.type === type)?.value ?? ""
  return `${part("day")}.${part("month")}.${part("year")} ${part("hour")}:${part("minute")}`
}

/** dd.MM.yyyy, Moscow time. */
export const ruDate = (date: Date | string): string => ruDateTime(date).slice(0, 10)

export const validationMessages = {
  /** A check refused while the server's checking threads are full (503 with Retry-After). */
  busy: "Сейчас проверяется слишком много подписей. Повторите попытку через несколько секунд.",
  certificate: {
    valid: "Сертификат действителен",
    validNotChecked: "Сертификат действителен (статус отзыва не проверялся: сертификат выдан другим удостоверяющим центром)",
    revoked: (at: string) => `Сертификат прекращён (отозван) ${at}`,
    suspended: (at: string) => `Действие сертификата приостановлено ${at}`,
    expired: (at: string) => `Срок действия сертификата истёк ${at}`,
    notYetValid: (at: string) => `Срок действия сертификата начнётся ${at}`,
    untrusted: "Цепочка сертификатов не доходит до доверенного корневого сертификата",
    broken: "Подпись сертификата в цепочке неверна: сертификат подделан или повреждён",
  },
  chain: { trusted: "доверенная", untrusted: "не доходит до доверенного корневого сертификата", broken: "нарушена" },
  revocation: { good: "не отозван", revoked: "прекращён (отозван)", suspended: "приостановлен", not_checked: "не проверялся" },
  signer: {
    valid: "Подпись действительна",
    noCertificate: "Подпись недействительна: сертификат подписанта не найден в подписи",
    digestMismatch: "Подпись недействительна: документ изменён после подписания",
    badSignature: "Подпись недействительна: значение подписи неверно",
    badSigningCertificate: "Подпись недействительна: атрибут signingCertificate не совпадает с сертификатом подписанта",
    unsupportedDigest: (oid: string) => `Подпись не проверена: алгоритм хэширования ${oid} не поддерживается`,
    documentNeeded: "Подпись отсоединённая: для проверки нужен подписанный документ",
    certificateInvalid: (verdict: string) => `Подпись математически верна, но сертификат подписанта недействителен: ${verdict}`,
  },
  signature: {
    valid: "Подпись действительна",
    validMany: (n: number) => `Все подписи действительны (${n})`,
    invalid: "Подпись недействительна",
    documentNeeded: "Подпись отсоединённая: приложите подписанный документ, чтобы проверить её",
    noSigners: "В подписи нет ни одного подписанта",
  },
  input: {
    notCertificate: "Файл не является сертификатом X.509 (DER, PEM или Base64)",
    notSignature: "Файл не является подписью CMS (PKCS#7) в формате DER, PEM или Base64",
    notRootList: "В файле нет ни одного сертификата: загрузите PEM, файлы .cer/.crt, ZIP с ними или TSL.xml Минцифры",
    certificateRequired: "Загрузите файл сертификата или вставьте его текст",
    signatureRequired: "Загрузите файл подписи",
    emptyDocument: "Файл документа пуст",
    zipBroken: "Архив повреждён: его не удаётся распаковать",
    zipOverlap: "Архив не принят: файлы в нём пересекаются друг с другом",
    zipTooLarge: (mb: number) => `Архив не принят: распакованные файлы больше ${mb} Мб`,
    zipTooManyFiles: (n: number) => `Архив не принят: в нём больше ${n} файлов`,
    tooManySigners: (n: number) => `Подпись не принята: в ней больше ${n} подписантов`,
    tooManyCertificates: (n: number) => `Подпись не принята: в ней больше ${n} сертификатов`,
    fileTooLarge: (mb: number) => `Размер файла для проверки не должен превышать ${mb} Мб`,
  },
  /** Any XML the site takes (an МЧД, the Минцифры TSL.xml): its shape is checked before it is read. */
  xml: {
    tooDeep: (max: number) => `Слишком глубокая вложенность элементов XML: больше ${max} уровней`,
    reservedName: (name: string) => `Недопустимое имя элемента или атрибута XML: «${name}»`,
  },
  page: {
    title: VALIDATION_PAGE_TITLE,
    lead: "Проверьте сертификат электронной подписи или подпись документа: цепочку до доверенного корневого сертификата, срок действия, статус отзыва и целостность документа.",
    modeLabel: "Что проверить",
    modeCertificate: "Сертификат",
    modeSignature: "Подпись документа",
    certificateFile: "Файл сертификата (.cer, .crt, .pem)",
    signatureFile: "Файл подписи (.sig, .sgn, .p7s)",
    documentFile: "Подписанный документ (для отсоединённой подписи)",
    submit: "Проверить",
    again: "Проверить другой файл",
    retry: "Повторить",
    cancel: "Отменить",
    print: "Распечатать",
    uploading: (percent: number) => `Загрузка: ${percent}%`,
    checking: "Проверяем…",
    failed: "Не удалось проверить файл",
    connection: "Нет связи с сервером. Попробуйте ещё раз.",
    chooseFile: "Выберите файл",
    result: "Результат проверки",
    signer: (n: number) => `Подписант ${n}`,
    fields: {
      verdict: "Итог",
      subject: "Владелец",
      issuer: "Издатель",
      serial: "Серийный номер",
      thumbprint: "Отпечаток (SHA-1)",
      validity: "Срок действия",
      publicKey: "Ключ",
      signatureAlgorithm: "Алгоритм подписи сертификата",
      keyUsage: "Использование ключа",
      extendedKeyUsage: "Расширенное использование ключа",
      policies: "Политики",
      chain: "Цепочка сертификатов",
      revocation: "Статус отзыва",
      signingTime: "Время подписи",
      timestamp: "Штамп времени",
      digestAlgorithm: "Алгоритм хэширования",
      digest: "Хэш документа",
      signatureValue: "Значение подписи",
      detached: "Вид подписи",
    },
    validityRange: (from: string, to: string) => `с ${from} по ${to}`,
    digestMatches: "совпадает с документом",
    digestDiffers: "не совпадает с документом",
    digestUnknown: "не проверен: нет документа",
    signatureOk: "верно",
    signatureBad: "неверно",
    detached: "отсоединённая",
    attached: "присоединённая",
    none: "—",
  },
  trustList: {
    title: "Доверенные корневые сертификаты",
    upload: "Загрузить список",
    uploadHint: "Новый список заменит встроенный и ранее загруженный (сертификат демо-УЦ останется): файл PEM с сертификатами, сертификат .cer/.crt, ZIP-архив с ними или TSL.xml с портала e-trust.gosuslugi.ru.",
    fileLabel: "Файл списка",
    replaced: (n: number) => `Загружено сертификатов: ${n}`,
    sources: { demo: "Демо-УЦ", bundled: "Встроенный список", uploaded: "Загружен" },
  },
} as const
