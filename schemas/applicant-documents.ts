/**
 * The documents each applicant kind brings for a qualified certificate: ONE declared list, read by the
 * /doc_needs page (issue 9) and, later, by the order wizard's upload step (each entry's `id` names the
 * upload it asks for). Kinds and roles follow the order presets (order_cert_legal_entity,
 * order_cert_entrepreneur, order_cert_individual_person) and DOMAIN.md "What an order carries".
 * Plain data: no schema library, so the content page stays light.
 */

export type ApplicantKind = "legal_entity" | "entrepreneur" | "individual_person"

/** Who in the order the document concerns: the certificate holder, the head, a representative. */
export type ApplicantRole = "holder" | "chief" | "representative"

export interface ApplicantDocument {
  /** Stable key: the order wizard's upload field of this document. */
  readonly id: string
  readonly name: string
  /** What exactly, in which form (original, copy). */
  readonly note?: string
  /** Whose document it is. */
  readonly role: ApplicantRole
  /** Only in some cases (the note says when). */
  readonly optional?: true
}

export interface ApplicantGroup {
  readonly kind: ApplicantKind
  readonly title: string
  readonly lead: string
  readonly documents: readonly ApplicantDocument[]
}

export const APPLICANT_ROLE_LABELS: Readonly<Record<ApplicantRole, string>> = {
  holder: "Владелец сертификата",
  chief: "Руководитель",
  representative: "Представитель",
}

const passport: ApplicantDocument = {
  id: "passport",
  name: "Паспорт гражданина РФ",
  note: "Оригинал при личной идентификации; копия разворота с фотографией и страницы с регистрацией",
  role: "holder",
}
const snils: ApplicantDocument = { id: "snils", name: "СНИЛС", note: "Номер страхового свидетельства или документ с ним (АДИ-РЕГ)", role: "holder" }
const inn: ApplicantDocument = { id: "inn", name: "ИНН физического лица", note: "Номер; свидетельство приносить не нужно", role: "holder" }
const application: ApplicantDocument = {
  id: "application",
  name: "Заявление на выпуск сертификата",
  note: "Формируется при оформлении заявки; подписывается владельцем сертификата",
  role: "holder",
}
const representativeProxy: ApplicantDocument = {
  id: "representative_proxy",
  name: "Доверенность на представителя",
  note: "Если документы подаёт и получает сертификат не сам заявитель; нотариальная или от организации",
  role: "representative",
  optional: true,
}
const representativePassport: ApplicantDocument = {
  id: "representative_passport",
  name: "Паспорт представителя",
  note: "Оригинал, если за сертификатом приходит представитель",
  role: "representative",
  optional: true,
}

export const APPLICANT_DOCUMENTS: readonly ApplicantGroup[] = [
  {
    kind: "legal_entity",
    title: "Юридическое лицо",
    lead: "Сертификат сотрудника организации. Руководитель получает подпись в УЦ ФНС России, сотрудники — у нас, и действуют от имени организации по машиночитаемой доверенности (МЧД).",
    documents: [
      { ...passport, note: "Паспорт сотрудника — будущего владельца сертификата: оригинал при идентификации" },
      snils,
      inn,
      { id: "company_details", name: "Реквизиты организации", note: "ИНН, КПП, ОГРН, юридический адрес — заполняются в заявке, выписка из ЕГРЮЛ не нужна", role: "chief" },
      { id: "chief_order", name: "Документ о полномочиях руководителя", note: "Приказ о назначении или решение учредителя, если руководитель сам получает сертификат", role: "chief", optional: true },
      { id: "employee_proxy", name: "Машиночитаемая доверенность (МЧД) на сотрудника", note: "Оформляется руководителем и регистрируется в реестре ФНС; нужна для подписания документов от имени организации", role: "representative", optional: true },
      application,
      representativeProxy,
      representativePassport,
    ],
  },
  {
    kind: "entrepreneur",
    title: "Индивидуальный предприниматель",
    lead: "Квалифицированную подпись самого предпринимателя выдаёт УЦ ФНС России через доверенных лиц; у нас ИП оформляет подпись для торгов и сертификаты для своих сотрудников.",
    documents: [
      passport,
      snils,
      { ...inn, name: "ИНН предпринимателя" },
      { id: "ogrnip", name: "ОГРНИП", note: "Номер записи в ЕГРИП — указывается в заявке", role: "chief" },
      application,
      representativeProxy,
      representativePassport,
    ],
  },
  {
    kind: "individual_person",
    title: "Физическое лицо",
    lead: "Сертификат для личных дел: подача документов на портале госуслуг, участие в торгах по банкротству, подписание договоров.",
    documents: [passport, snils, inn, application, representativeProxy, representativePassport],
  },
]
