/**
 * The texts of the CA's register (issue 11, docs/register.md): /reestr, the certificate's public
 * answer, the CRM's register actions, issuing from an order, the expiry letters. A module of its own
 * so that the site's first load carries none of them.
 */
export const registerMessages = {
  duplicate: "Сертификат уже есть в реестре",
  caNotConfigured: "Ключ удостоверяющего центра не настроен (CA_KEY_FILE, CA_CERT_FILE): выпуск, отзыв и приостановка сертификатов недоступны",
  notCertificate: "Файл не является сертификатом X.509 (DER или PEM)",
  noFiles: "Выберите один или несколько файлов сертификатов (.cer)",
  tooManyFiles: (n: number) => `Не больше ${n} файлов за один раз`,
  fileTooLarge: "Файл сертификата слишком большой",
  notFoundBySerial: "Сертификат с таким серийным номером в реестре не найден",
  serialFormat: "Серийный номер — шестнадцатеричное число (цифры 0–9 и буквы A–F)",
  searchByRequired: "Выберите, по какому признаку искать",
  alreadyRevoked: "Сертификат уже отозван",
  notSuspended: "Сертификат не приостановлен",
  notValidToSuspend: "Приостановить можно только действующий сертификат",
  reasonRequired: "Выберите причину отзыва",
  expiredCannotResume: "Срок действия сертификата истёк: возобновить его нельзя",
  noCodeWord: "У сертификата нет кодового слова: приостановление по звонку невозможно",
  codeWordWrong: (left: number) => (left > 0 ? `Кодовое слово неверно. Осталось попыток: ${left}` : "Кодовое слово неверно"),
  codeWordLocked: "Три неверных ответа: приостановление по звонку для этого сертификата заблокировано. Владелец должен обратиться в офис.",
  orderNotReady: "Выпустить сертификат можно только по заявке на сертификат в статусе «Ожидает идентификации»",
  periodUnknown: "В заявке не указан срок действия сертификата: выпустить его нельзя",
  identityUnchecked: "Сначала завершите проверку личности: подтвердите документы заявителя и отметьте его идентификацию",
  orderHasCertificate: "По этой заявке сертификат уже выпущен",
  csrRequired: "Приложите запрос на сертификат (PKCS#10)",
  csrInvalid: "Файл не является запросом на сертификат PKCS#10 или его подпись неверна",
  applicationIncomplete: "В данных заявки нет фамилии и имени владельца",
  caUnavailable: "Удостоверяющий центр временно недоступен",
  actions: {
    revoke: (reason: string) => `Отозвать: ${reason.toLowerCase()}`,
    suspend: "Приостановить",
    resume: "Возобновить",
    title: "Изменить статус",
    confirm: (serial: string, action: string) => `${action} сертификат ${serial}? Изменение сразу попадёт в список отзыва (CRL).`,
    note: "Комментарий (необязательно)",
  },
  crm: {
    importTitle: "Импорт сертификатов",
    importFiles: "Файлы сертификатов (.cer, DER или PEM)",
    importHint: "Можно выбрать несколько файлов. Если хотя бы один не подойдёт, не сохранится ни один.",
    importSubmit: "Импортировать",
    imported: (n: number) => `Импортировано сертификатов: ${n}`,
    phoneTitle: "Приостановить по звонку владельца",
    phoneLead: "Спросите у владельца кодовое слово из заявления на выпуск. После трёх неверных ответов приостановление по звонку блокируется.",
    phoneDone: "Сертификат приостановлен по звонку владельца",
    issueTitle: "Выпуск сертификата",
    issueLead: "Приложите запрос на сертификат (PKCS#10), созданный на носителе клиента. Данные владельца возьмутся из заявки.",
    issueFile: "Запрос на сертификат (PKCS#10: .csr, .req, .p10, .pem)",
    issueSubmit: "Выпустить",
    issueConfirmTitle: "Выпустить сертификат?",
    issueConfirm: (number: string, file: string) =>
      `Сертификат по заявке № ${number} будет выпущен по запросу «${file}» с данными владельца из заявки и сразу войдёт в реестр. Отменить выпуск нельзя: ошибочный сертификат придётся отзывать.`,
    issueConfirmYes: "Выпустить сертификат",
    issueConfirmNo: "Не выпускать",
    orderTitle: "Заявка",
    orderLink: (id: number) => `Заявка № ${id}`,
    issued: (serial: string) => `Сертификат выпущен, серийный номер ${serial}`,
  },
  expiry: {
    subject: (days: number) => `Срок действия сертификата истекает через ${days} ${dayWord(days)}`,
    text: (o: { owner: string; serial: string; until: string; days: number; url: string }) =>
      [
        "Здравствуйте!",
        "",
        `Срок действия сертификата электронной подписи (${o.owner}, серийный номер ${o.serial}) истекает ${o.until} — через ${o.days} ${dayWord(o.days)}.`,
        "Чтобы подписывать документы без перерыва, закажите новый сертификат заранее:",
        o.url,
        "",
        "Удостоверяющий центр",
      ].join("\n"),
  },
  page: {
    title: "Реестр сертификатов",
    lead: "Проверьте статус сертификата, выданного нашим удостоверяющим центром: по серийному номеру или по ИНН, ОГРН или СНИЛС владельца.",
    found: (n: number) => (n === 1 ? "Найден 1 сертификат" : `Найдено сертификатов: ${n}`),
    none: "Сертификаты не найдены",
    more: "Показаны первые сертификаты. Уточните запрос, чтобы увидеть остальные.",
    serial: "Серийный номер",
    status: "Статус",
    validity: "Срок действия",
    owner: "Владелец",
    organization: "Организация",
    inn: "ИНН",
    ogrn: "ОГРН",
    issuer: "Издатель",
    revoked: "Прекращён",
    reason: "Причина",
    expired: "срок действия истёк",
    download: "Скачать сертификат (.cer)",
    from: "с",
    to: "по",
  },
} as const

function dayWord(n: number): string {
  const a = n % 100
  const b = n % 10
  if (a >= 11 && a <= 14) return "дней"
  if (b === 1) return "день"
  if (b >= 2 && b <= 4) return "дня"
  return "дней"
}
