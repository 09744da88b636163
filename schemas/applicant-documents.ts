/**
 * The documents each applicant kind brings for a certificate (who may hold which one:
 * schemas/holder-rule.ts): ONE declared list, read by the /doc_needs page and, later, by the order
 * wizard's upload step (each entry's `id` names the upload it asks for). Kinds and roles follow the
 * order presets (order_cert_legal_entity, order_cert_entrepreneur, order_cert_individual_person) and
 * DOMAIN.md "What an order carries".
 * Plain data: no schema library, so the content page stays light.
 */

import type { ApplicantKind } from "./entities/order.ts"

export type { ApplicantKind }

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

/** The employee holder's МЧД, signed by the head or the entrepreneur (schemas/holder-rule.ts). */
const employeeProxy = (signedBy: string): ApplicantDocument => ({
  id: "employee_proxy",
  name: "Машиночитаемая доверенность (МЧД) на сотрудника",
  note: `Если владелец сертификата — сотрудник: подписывается ${signedBy} и регистрируется в реестре ФНС; нужна, чтобы сотрудник подписывал документы, для выпуска сертификата не обязательна`,
  role: "holder",
  optional: true,
})

export const APPLICANT_DOCUMENTS: readonly ApplicantGroup[] = [
  {
    kind: "legal_entity",
    title: "Юридическое лицо",
    lead: "Квалифицированный сертификат руководителя, который действует без доверенности, с 2022 года выдаёт только УЦ ФНС России. У нас — квалифицированный сертификат сотрудника: он подписывает документы организации по машиночитаемой доверенности (МЧД), которую подписывает руководитель. Руководителю у нас доступна неквалифицированная подпись для торговой площадки.",
    documents: [
      { ...passport, note: "Паспорт сотрудника — будущего владельца сертификата: оригинал при идентификации" },
      snils,
      inn,
      { id: "company_details", name: "Реквизиты организации", note: "ИНН, КПП, ОГРН, юридический адрес — заполняются в заявке, выписка из ЕГРЮЛ не нужна", role: "chief" },
      employeeProxy("руководителем"),
      { id: "chief_order", name: "Документ о полномочиях руководителя", note: "Приказ о назначении или решение учредителя — для неквалифицированной подписи площадки на руководителя", role: "chief", optional: true },
      application,
      representativeProxy,
      representativePassport,
    ],
  },
  {
    kind: "entrepreneur",
    title: "Индивидуальный предприниматель",
    lead: "Квалифицированный сертификат самого предпринимателя с 2022 года выдаёт только УЦ ФНС России. У нас — квалифицированный сертификат сотрудника предпринимателя, который подписывает документы по машиночитаемой доверенности (МЧД), и неквалифицированная подпись для торговой площадки — в том числе на самого предпринимателя.",
    documents: [
      { ...passport, note: "Паспорт владельца сертификата — сотрудника или самого предпринимателя: оригинал при идентификации" },
      snils,
      { ...inn, name: "ИНН владельца сертификата" },
      { id: "ogrnip", name: "ОГРНИП и ИНН предпринимателя", note: "Номер записи в ЕГРИП — указывается в заявке", role: "chief" },
      employeeProxy("предпринимателем"),
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
