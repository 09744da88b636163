/**
 * The texts of signing in the browser (docs/signer.md): the Signer's failures, the
 * workplace check, the binding of a certificate, the sign-in by certificate and the API's refusals.
 * Apart from schemas/messages/common.ts so that the site's first load carries none of them.
 */
export const signerMessages = {
  // The Signer (the CryptoPro plug-in adapter and the uploaded signature).
  pluginMissing: "КриптоПро ЭЦП Browser plug-in не найден",
  pluginFailed: (detail: string) => `Ошибка КриптоПро ЭЦП Browser plug-in: ${detail}`,
  noCertificates: "На подключённых носителях нет сертификатов с закрытым ключом",
  certificateNotFound: "Выбранный сертификат не найден на носителе",
  certificateLabel: (owner: string, issuer: string, validTo: string) => `${owner} — выдан: ${issuer}, действует до ${validTo}`,
  uploadedLabel: (file: string) => `Подпись из файла «${file}»`,
  loadingCertificates: "Ищем сертификаты…",

  // The API's refusals.
  purposeInvalid: "Укажите назначение запроса: привязка или вход",
  challengeInvalid: "Запрос на подпись не найден, истёк или уже использован. Повторите попытку",
  signatureRequired: "Приложите подпись",
  signatureNotCms: "Файл не является электронной подписью (CMS)",
  signatureOneSigner: "Подпись должна содержать ровно одну подпись одного владельца",
  signatureInvalid: "Подпись недействительна: подписан не тот текст или подпись повреждена",
  certificateExpired: "Срок действия сертификата истёк или ещё не начался",
  certificateUntrusted: "Сертификат выдан удостоверяющим центром, которому нет доверия",
  certificateRevoked: "Сертификат отозван",
  certificateSuspended: "Действие сертификата приостановлено",
  alreadyBound: "Сертификат уже привязан к личному кабинету",
  notBound: "Сертификат не привязан к личному кабинету",
  wrongPassword: "Неверный пароль",
  passwordRequired: "Введите пароль",
  vectorRequired: "Введите кодовое слово",
  wrongVector: "Неверное кодовое слово",
  vectorSpent: "Слишком много неверных попыток. Войдите по сертификату заново",
  certificateRequired: "Приложите сертификат",
  epoaInvalid: "Доверенность не найдена, не действует или выдана не владельцу сертификата",
  epoaCertificateNotOwn:
    "Доверенности показываются только владельцу сертификата: привяжите сертификат к личному кабинету или подпишите им одноразовый запрос",
  epoaOtherSigner: "Запрос подписан не тем сертификатом, который выбран",

  // The binding page and the bound list.
  bindingTitle: "Привязка сертификата",
  bindingIntro:
    "Привяжите сертификат электронной подписи, чтобы входить в личный кабинет по сертификату. Сертификат подписывает одноразовый запрос, пароль подтверждает изменение.",
  byPlugin: "Через КриптоПро ЭЦП Browser plug-in",
  byFile: "Подписью из файла",
  fileIntro:
    "Скачайте запрос, подпишите его отсоединённой подписью в любой программе (КриптоПро CSP, OpenSSL), загрузите файл подписи (.sig) и выберите его в списке сертификатов.",
  downloadChallenge: "Скачать запрос для подписи",
  challengeReady: (until: string) => `Запрос действует до ${until}`,
  signatureFile: "Файл подписи (.sig, .p7s)",
  bound: "Сертификат привязан",
  boundTitle: "Привязанные сертификаты",
  boundEmpty: "Привязанных сертификатов нет",
  boundSubject: "Владелец",
  boundIssuer: "Издатель",
  boundSerial: "Серийный номер",
  boundUntil: "Действует до",
  unbind: "Отвязать",
  unbound: "Сертификат отвязан",
  chooseForSigning: "Выбрать сертификат для подписи",
  chosen: (name: string) => `Для подписи выбран сертификат: ${name}`,
  checkWorkplace: "Проверка рабочего места",
  toBinding: "Привязать сертификат",

  // Signing for the organisation (choose_certificate_epoa_frm).
  orgTitle: "Подписать от имени организации",
  orgIntro: "Выберите свой сертификат и машиночитаемую доверенность, по которой вы действуете от имени организации.",
  orgSigned: (org: string, number: string) => `Подписано от имени организации «${org}» по доверенности № ${number}`,
  epoaLabel: (org: string, number: string, until: string) => `${org}, № ${number}, до ${until}`,
  noEpoas: "Для владельца выбранного сертификата нет действующих доверенностей",
  provingCertificate: "Подтверждаем владение сертификатом: подпишите одноразовый запрос…",

  // Sign-in by certificate.
  signInByCertificate: "Войти по сертификату",
  vectorIntro: "Введите кодовое слово, указанное в заявлении на выпуск сертификата.",

  // The workplace check.
  workplaceTitle: "Проверка рабочего места",
  workplaceIntro: "Страница проверяет, готов ли компьютер к работе с электронной подписью: плагин, криптопровайдер, сертификаты на носителях и доверие к ним.",
  checking: "Проверяем…",
  recheck: "Проверить ещё раз",
  pluginRow: "КриптоПро ЭЦП Browser plug-in",
  cspRow: "КриптоПро CSP",
  certificatesRow: "Сертификаты на носителях",
  found: (version: string) => `Установлен, версия ${version}`,
  notFound: "Не найден",
  unknownVersion: "версия не определена",
  certificateOk: "Сертификат действителен, цепочка доверена",
  chainUnknown: "Доверие не проверено",
  cspNeedsPlugin: "Не проверен: версию КриптоПро CSP сообщает плагин",
  problemsTitle: "Что нужно исправить",
  noProblems: "Всё в порядке: рабочее место готово к работе с электронной подписью.",
  fixPlugin: "Установите КриптоПро ЭЦП Browser plug-in с сайта КриптоПро и перезапустите браузер.",
  fixPluginLink: "Скачать КриптоПро ЭЦП Browser plug-in",
  fixExtension: "Если плагин установлен, включите расширение «CryptoPro Extension for CAdES Browser Plug-in» в настройках браузера.",
  fixCsp: "Установите КриптоПро CSP версии 4.0 или новее с сайта КриптоПро.",
  fixCspLink: "Скачать КриптоПро CSP",
  fixToken: "Подключите носитель (токен) с электронной подписью и нажмите «Проверить ещё раз».",
  fixRoot: (name: string) => `Сертификат «${name}»: установите корневой сертификат удостоверяющего центра, выдавшего его, в хранилище «Доверенные корневые центры сертификации».`,
  fixExpired: (name: string) => `Срок действия сертификата «${name}» истёк: продлите его.`,
  fixRevoked: (name: string) => `Сертификат «${name}» отозван или приостановлен: закажите новый.`,
  renew: "Продлить",
  validity: (from: string, to: string) => `с ${from} по ${to}`,
  trusted: "Цепочка доверена",
  untrusted: "Цепочка не доверена",
  expired: "Срок действия истёк",
  checkFailed: "Не удалось проверить сертификат",
} as const
