/**
 * Texts of the certificate and signature validation (issue 11): the verdicts the server writes into
 * its reports, the API's refusals, the public page 'Проверка электронной подписи' and the CRM's trust
 * list. Dates are shown as dd.MM.yyyy HH:mm in Moscow time (the CA's time), on the server and the page alike.
 */

import { messages } from "./messages.ts"

/** The public page's title: the site's messages hold it (the route table reads it there). */
export const VALIDATION_PAGE_TITLE = messages.pages.svs

// Made on first use: a page's first Intl object loads the locale's data (schemas/money.ts says what it costs).
let moscowFormat: Intl.DateTimeFormat | undefined
const moscow = () =>
  (moscowFormat ??= new Intl.DateTimeFormat("ru-RU", {
    timeZone: "Europe/Moscow",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }))

/** dd.MM.yyyy HH:mm, Moscow time. */
export function ruDateTime(date: Date | string): string {
  const d = typeof date === "string" ? new Date(date) : date
  if (Number.isNaN(d.getTime())) return String(date)
  const parts = moscow().formatToParts(d)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ""
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
  /**
   * Why another CA's certificate's revocation was not checked (its CRL or OCSP answer fetched on
   * demand, docs/pki.md "Revocation of other CAs' certificates"): the page shows it after 'не проверялся'.
   */
  revocationUnchecked: {
    validBecause: (why: string) => `Сертификат действителен (статус отзыва не проверялся: ${why})`,
    noAddress: "в сертификате нет адреса списка отзыва или службы OCSP",
    disabled: "загрузка списков отзыва других удостоверяющих центров отключена на сервере",
    budget: "проверка отзыва заняла слишком много времени",
    scheme: (url: string) => `Адрес списка отзыва не разрешён (только http и https): ${url}`,
    privateHost: (host: string) => `Адрес списка отзыва не разрешён: ${host} указывает на внутреннюю сеть`,
    badUrl: (url: string) => `Адрес списка отзыва записан неверно: ${url}`,
    unresolved: (host: string) => `Список отзыва недоступен: имя ${host} не найдено`,
    unreachable: (url: string, why: string) => `Список отзыва недоступен: ${url} (${why})`,
    httpStatus: (url: string, status: number) => `Список отзыва недоступен: ${url} ответил кодом ${status}`,
    redirect: (url: string) => `Список отзыва недоступен: ${url} перенаправляет на другой адрес`,
    timeout: (url: string, seconds: number) => `Истекло время ожидания ответа ${url} (${seconds} с)`,
    tooLarge: (url: string, limit: string) => `Ответ ${url} больше допустимого (${limit})`,
    notCrl: (url: string) => `По адресу ${url} не список отзыва`,
    crlSignature: (url: string) => `Подпись списка отзыва ${url} не подтверждается ключом издателя`,
    crlIssuer: (url: string) => `Список отзыва ${url} выпущен не издателем сертификата`,
    crlStale: (url: string, at: string) => `Список отзыва ${url} устарел: следующий ожидался ${at}`,
    ocspFailed: (url: string, why: string) => `Служба OCSP ${url} не дала ответа: ${why}`,
    ocspSignature: (url: string) => `Подпись ответа OCSP ${url} не подтверждается издателем`,
    ocspStatus: (url: string, code: number) => `Служба OCSP ${url} отказала (код ${code})`,
    ocspNoAnswer: (url: string) => `Ответ OCSP ${url} не о проверяемом сертификате`,
    ocspUnknown: (url: string) => `Служба OCSP ${url} не знает сертификат`,
    ocspStale: (url: string) => `Ответ OCSP ${url} устарел`,
  },
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
  /** A CAdES-T signature timestamp: it fixes the signing time only when it verifies (docs/validation.md "Timestamps"). */
  timestamp: {
    valid: "Штамп времени действителен",
    broken: "Штамп времени не принят: он повреждён",
    otherSignature: "Штамп времени не принят: он выдан не для этой подписи",
    noCertificate: "Штамп времени не принят: в нём нет сертификата службы штампов времени",
    badSignature: "Штамп времени не принят: подпись службы штампов времени неверна",
    notTsa: "Штамп времени не принят: сертификат не предназначен для штампов времени (нет назначения «Установка штампа времени»)",
    certificateInvalid: (verdict: string) => `Штамп времени не принят: сертификат службы штампов времени недействителен: ${verdict}`,
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
  /** A PDF with signatures inside it (PAdES, adbe.pkcs7.detached): each checked by its /ByteRange (docs/validation.md, "Signed PDFs"). */
  pdf: {
    tooManySignatures: (n: number) => `PDF не принят: в нём больше ${n} подписей`,
    noSignatures: "В PDF нет встроенных электронных подписей. Если подпись отсоединённая, загрузите файл подписи (.sig, .p7s), а PDF — как подписанный документ",
    unsupported: (subFilter: string) => `Подпись не проверена: формат ${subFilter} не поддерживается`,
    sha1: "Подпись не проверена: формат adbe.pkcs7.sha1 (в подпись вложен хэш SHA-1 документа) устарел и не поддерживается",
    docTimeStamp: "Штамп времени документа (ETSI.RFC3161) не проверяется",
    broken: "Подпись недействительна: словарь подписи в PDF повреждён",
    byteRangeMissing: "Подпись недействительна: нет диапазона подписанных байтов (/ByteRange)",
    byteRangeMalformed: "Подпись недействительна: диапазон подписанных байтов (/ByteRange) должен состоять из четырёх неотрицательных целых чисел",
    byteRangeNotFromStart: "Подпись недействительна: подписанный диапазон начинается не с начала файла",
    byteRangeOutside: "Подпись недействительна: подписанный диапазон выходит за пределы файла",
    byteRangeGap: "Подпись недействительна: пропуск в подписанном диапазоне не совпадает со значением подписи (/Contents), подписаны не те байты",
    contentsMissing: "Подпись недействительна: нет значения подписи (/Contents)",
    contentsNotHex: "Подпись недействительна: значение подписи (/Contents) не является шестнадцатеричной строкой",
    contentsTooLarge: (mb: number) => `Подпись не проверена: значение подписи (/Contents) больше ${mb} Мб`,
    contentsNotCms: "Подпись недействительна: значение подписи (/Contents) не является подписью CMS",
    contentsAttached: "Подпись недействительна: подпись в PDF присоединённая и подписывает не байты документа",
    changedAfter: "Документ изменён после подписи",
    signaturesAdded: "После подписи в документ добавлены другие подписи",
    unchanged: "Подпись охватывает весь документ",
    validAll: (n: number) => (n === 1 ? "Подпись действительна" : `Все подписи действительны (${n})`),
    changedAfterLast: (n: number) => (n === 1 ? "Подпись верна, но документ изменён после подписи" : "Подписи верны, но документ изменён после последней подписи"),
    notAllChecked: "Не все подписи удалось проверить",
    invalidSome: (bad: number, n: number) => (n === 1 ? "Подпись недействительна" : `Недействительных подписей: ${bad} из ${n}`),
    page: {
      signature: (n: number) => `Подпись ${n}`,
      kind: "PDF со встроенными подписями",
      signer: "Подписант",
      time: "Время подписи",
      pdfTime: "Время подписи (по данным PDF)",
      format: "Формат подписи",
      changes: "Изменения после подписи",
      revisions: "Редакций документа",
      noSigner: "не определён",
      noDocument: "Подписи PDF проверяются по самому файлу: подписанный документ прикладывать не нужно.",
    },
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
    signatureFile: "Файл подписи (.sig, .sgn, .p7s) или PDF с подписями",
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
      tsa: "Служба штампов времени",
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
