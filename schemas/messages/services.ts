/**
 * The texts of the account's services (docs/account-services.md): representatives, the application for
 * the certificate and the licences. Apart from schemas/messages/common.ts so that the site's first load
 * carries none of them; the consultation's are schemas/messages/consultation.ts (a tariff page shows
 * its button, so they are kept apart from these).
 */

/** Representatives of a director's legal person (/account/representative…). */
export const representativeMessages = {
  title: "Представители",
  lead: "Сотрудники ваших организаций, которые могут получать подписи и документы от имени организации.",
  empty: "Представителей пока нет. Добавьте сотрудника, который будет получать подписи от имени организации.",
  add: "Добавить представителя",
  newTitle: "Новый представитель",
  editTitle: "Изменить данные представителя",
  card: "Представитель",
  edit: "Изменить",
  remove: "Удалить",
  removeConfirm: "Удалить представителя? Это действие нельзя отменить.",
  removed: "Представитель удалён",
  saved: "Данные представителя сохранены",
  back: "К списку представителей",
  legalPerson: "Организация",
  position: "Должность",
  email: "E-mail",
  phone: "Телефон",
  snils: "СНИЛС",
  notGiven: "не указан",
  phoneConfirmed: "Телефон подтверждён",
  phoneNotConfirmed: "Телефон не подтверждён",
  confirmPhone: "Подтвердить телефон",
  confirmLead: (phone: string) => `Мы отправили SMS с кодом на номер ${phone}. Введите код, чтобы подтвердить телефон представителя.`,
  confirmTitle: "Подтверждение телефона",
  codeSending: "Отправляем код…",
  noLegalPersons: "Чтобы добавить представителя, нужна организация, руководителем которой вы являетесь.",
  legalPersonUnknown: "Выберите организацию из списка",
  alreadyConfirmed: "Телефон уже подтверждён",
  cancel: "Отмена",
} as const

/** The application for the certificate (the claim) of a paid order. */
export const claimMessages = {
  blockTitle: "Заявление на выпуск сертификата",
  blockLead: "Проверьте данные заказа: заявление формируется по ним и подписывается владельцем сертификата при идентификации.",
  notYet: "Заявление можно будет сформировать после оплаты заказа.",
  make: "Сформировать заявление",
  making: "Формируем заявление…",
  download: "Скачать заявление (PDF)",
  made: (date: string) => `Сформировано ${date}`,
  notPaid: "Заявление можно сформировать только после оплаты заказа",
  documentTitle: "Заявление на выпуск сертификата",
  pdf: {
    title: "Заявление на изготовление сертификата ключа проверки электронной подписи",
    to: (ca: string) => `В удостоверяющий центр ${ca}`,
    caDetails: (inn: string, ogrn: string, address: string) => `ИНН ${inn}, ОГРН ${ogrn}, ${address}`,
    request:
      "Прошу изготовить квалифицированный сертификат ключа проверки электронной подписи в соответствии с Федеральным законом от 06.04.2011 № 63-ФЗ «Об электронной подписи» по следующим данным:",
    order: (id: number, tariff: string | null) => `Заказ № ${id}${tariff ? `, тариф «${tariff}»` : ""}`,
    applicant: "Заявитель",
    holder: "Владелец сертификата",
    applicantKinds: { legal_entity: "Юридическое лицо", entrepreneur: "Индивидуальный предприниматель", individual_person: "Физическое лицо" } as Record<string, string>,
    company: "Наименование",
    inn: "ИНН",
    kpp: "КПП",
    ogrn: "ОГРН",
    ogrnip: "ОГРНИП",
    legalAddress: "Адрес",
    fullName: "Фамилия, имя, отчество",
    position: "Должность",
    holderInn: "ИНН владельца",
    snils: "СНИЛС",
    passport: "Паспорт: серия и номер",
    passportDate: "Дата выдачи",
    passportIssuer: "Кем выдан",
    passportDivision: "Код подразделения",
    birthDate: "Дата рождения",
    birthPlace: "Место рождения",
    registration: "Адрес регистрации",
    confirm:
      "Подтверждаю достоверность указанных сведений. С Регламентом удостоверяющего центра ознакомлен(а) и обязуюсь его соблюдать. Даю согласие на обработку персональных данных в соответствии с Федеральным законом от 27.07.2006 № 152-ФЗ «О персональных данных».",
    holderSign: (name: string) => `Владелец сертификата: ____________________ / ${name} /`,
    chiefSign: "Руководитель организации: ____________________ / ____________________ /   М.П.",
    date: (d: string) => `Дата: ${d}`,
    author: "Удостоверяющий центр",
  },
} as const

/** Licences of CryptoPro CSP bought as an order's option. */
export const licenceMessages = {
  title: "Лицензии",
  lead: "Лицензии КриптоПро CSP, купленные вместе с подписью. Серийный номер вводится в программе «КриптоПро CSP» на вкладке «Общие» → «Ввод лицензии».",
  empty: "Лицензий пока нет. Лицензия КриптоПро CSP появится здесь после оплаты заказа, в котором она выбрана.",
  serial: "Серийный номер",
  product: "Продукт",
  order: "Заказ",
  period: "Срок действия",
  perpetual: "Бессрочная",
  months: (n: number) => `${n} мес.`,
  confirm: "Подтвердить получение",
  confirmed: (date: string) => `Получение подтверждено ${date}`,
  download: "Скачать лицензию (PDF)",
  documentTitle: "Лицензия КриптоПро CSP",
  pdf: {
    title: "Лицензия на право использования СКЗИ «КриптоПро CSP»",
    holder: "Правообладатель: ООО «КРИПТО-ПРО»",
    seller: (name: string, inn: string) => `Поставщик: ${name}, ИНН ${inn}`,
    product: "Продукт",
    serial: "Серийный номер лицензии",
    period: "Срок действия",
    licensee: "Лицензиат",
    order: "Основание",
    orderText: (id: number) => `Заказ № ${id}`,
    issued: "Дата выдачи",
    terms:
      "Лицензия даёт право использования СКЗИ «КриптоПро CSP» на одном рабочем месте в соответствии с лицензионным соглашением ООО «КРИПТО-ПРО». Серийный номер вводится в программе «КриптоПро CSP»: вкладка «Общие» → «Ввод лицензии». Храните этот документ: он подтверждает право использования.",
    author: "Удостоверяющий центр",
  },
} as const
