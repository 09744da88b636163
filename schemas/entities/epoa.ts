/**
 * Machine-readable powers of attorney (МЧД, docs/epoa.md): the public answer's shape, the
 * statuses and the models page's catalogue. Pure data: the server, the CRM declaration and the /epoa
 * pages read it alike.
 */

/** 'истекла' is read from valid_until; only 'active' and 'revoked' are stored. */
export type EpoaStatus = "active" | "expired" | "revoked"

export interface EpoaPowerView {
  /** The classifier's code, or null for a power written as free text. */
  readonly code: string | null
  readonly name: string
}

/** The API's `attributes` of an МЧД (public: representative masked; staff and the principal's director: in full). */
export interface EpoaAttributes {
  readonly number: string
  readonly format_version: string
  readonly status: EpoaStatus
  readonly status_label: string
  readonly issued_on: string
  readonly valid_from: string
  readonly valid_until: string
  readonly principal: { readonly name: string; readonly inn: string; readonly ogrn: string | null; readonly kpp: string | null; readonly signatory: string | null }
  readonly representative: { readonly name: string; readonly snils: string | null; readonly inn: string | null }
  readonly powers: readonly EpoaPowerView[]
  readonly revoked_at: string | null
  readonly revoke_reason: string | null
}

export interface EpoaRecord {
  readonly id: string
  readonly type: "epoa"
  readonly attributes: EpoaAttributes
}

/** Versions of the МЧД format (source `epoa_formats` of epoa_model_frm): the one accepted and the ones it replaced. */
export const EPOA_FORMATS = [
  { value: "EMCHD_1", label: "EMCHD_1 — единый формат ФНС (принимается)" },
  { value: "003", label: "003 — формат ФНС для налоговых органов (до 2024 г.)" },
  { value: "002", label: "002 — формат для электронного документооборота (до 2024 г.)" },
] as const
export type EpoaFormat = (typeof EPOA_FORMATS)[number]["value"]

/** A model of an МЧД: the receiving authority's set of powers in a format version. */
export interface EpoaModel {
  readonly id: string
  readonly name: string
  readonly authority: string
  readonly format: EpoaFormat
  readonly description: string
  readonly powers: readonly { readonly code: string; readonly name: string }[]
}

/**
 * The models a customer of the CA meets most: the codes are the ones the classifier of powers
 * (m4d.nalog.gov.ru) and the EDO operators publish; the page searches them by name and code.
 */
export const EPOA_MODELS: readonly EpoaModel[] = [
  {
    id: "fns-reporting",
    name: "Представление отчётности в налоговые органы",
    authority: "ФНС России",
    format: "EMCHD_1",
    description: "Подписание и представление налоговых деклараций, расчётов и бухгалтерской отчётности, получение документов от налогового органа.",
    powers: [
      { code: "01.001", name: "Представление налоговой и бухгалтерской отчётности" },
      { code: "01.002", name: "Получение документов от налогового органа" },
      { code: "2_FNS28", name: "Подписывать и представлять уведомления об исчисленных суммах налогов" },
    ],
  },
  {
    id: "edo-primary",
    name: "Электронный документооборот с контрагентами",
    authority: "Операторы ЭДО",
    format: "EMCHD_1",
    description: "Подписание счетов-фактур, УПД, актов и накладных в системах электронного документооборота.",
    powers: [
      { code: "02.001", name: "Подписание счетов-фактур, УПД и корректировочных документов" },
      { code: "02.002", name: "Подписание первичных учётных документов (акты, накладные)" },
      { code: "BBDOCS_DOCS_DCSALL_SRCDOC_SOURCEDOCS6", name: "Подписывать товарные накладные" },
    ],
  },
  {
    id: "customs",
    name: "Таможенное декларирование",
    authority: "ФТС России",
    format: "EMCHD_1",
    description: "Подача таможенных деклараций и документов, взаимодействие с таможенными органами.",
    powers: [{ code: "FTS_DECL_001", name: "Подавать таможенные декларации и документы" }],
  },
  {
    id: "sfr",
    name: "Отчётность в Социальный фонд",
    authority: "СФР",
    format: "EMCHD_1",
    description: "Представление сведений о трудовой деятельности и отчётности по страховым взносам.",
    powers: [{ code: "SFR_REPORT_001", name: "Представлять отчётность в Социальный фонд России" }],
  },
  {
    id: "fas-eias",
    name: "Отчётность во ФГИС ЕИАС",
    authority: "ФАС России",
    format: "EMCHD_1",
    description: "Подписание отчётных форм и сопроводительных документов для ФГИС ЕИАС.",
    powers: [{ code: "FAS_EIAS_MA0001", name: "Подписывать заполненные отчетные формы и сопроводительные документы при отправке во ФГИС ЕИАС" }],
  },
  {
    id: "fns-003",
    name: "Доверенность для налоговых органов (прежний формат)",
    authority: "ФНС России",
    format: "003",
    description: "Формат, действовавший до перехода на единый формат: новые доверенности в нём не выпускаются.",
    powers: [{ code: "01", name: "Представление отчётности (по справочнику СПДУЛ)" }],
  },
  {
    id: "edo-002",
    name: "Доверенность для ЭДО (прежний формат)",
    authority: "Операторы ЭДО",
    format: "002",
    description: "Формат ON_DOVBB для документооборота между организациями, заменён единым форматом EMCHD_1.",
    powers: [{ code: "ON_DOVBB", name: "Подписание документов в системах ЭДО" }],
  },
]

/** The models page's search: every word of the query in the model's name, authority, or a power's code or name; the chosen formats. */
export function searchEpoaModels(q: string, formats: readonly string[]): EpoaModel[] {
  const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean)
  return EPOA_MODELS.filter((m) => {
    if (formats.length > 0 && !formats.includes(m.format)) return false
    const hay = [m.name, m.authority, m.description, ...m.powers.flatMap((p) => [p.code, p.name])].join(" ").toLowerCase()
    return words.every((w) => hay.includes(w))
  })
}
