/**
 * The CRM frame's texts beyond crm.ts: the menu's toggle, the lists' status counts, the
 * operator's queues, the unsaved-changes prompt, the CRM's own error page and the audit log's excerpts.
 */
export const crmScreenMessages = {
  collapseMenu: "Скрыть меню",
  expandMenu: "Показать меню",
  /** A status chip of a list: «Проверка документов (3)». */
  countOf: (label: string, count: number) => `${label} (${count})`,
  allStatuses: "Все статусы",
  /** The scrolling card of a list's table, apart from the list's own landmark. */
  tableOf: (title: string) => `Таблица «${title}»`,
  statusCounts: "Заявки по статусам",
  queuesTitle: "Очереди заявок",
  queuesLoading: "Считаем заявки…",
  queuesFailed: "Не удалось посчитать заявки",
  queueDocuments: "Ждут проверки документов",
  queueDocumentsHint: "Оплаченные и на проверке",
  queueIdentification: "Ждут идентификации",
  queueIdentificationHint: "Во всех офисах обслуживания",
  /** The identification queue of the staff member's own office. */
  queueIdentificationAt: (office: string) => `В офисе «${office}»`,
  /** Said under the queues to a staff member whose profile names no office. */
  queuesNoOffice: "В профиле не указан офис обслуживания: показаны заявки всех офисов. Офис назначает администратор.",
  queueIssuedToday: "Выпущено сегодня",
  queueIssuedTodayHint: "Сертификаты, выпущенные с начала дня",
  queueCount: (n: number) => `${n}`,
  /** The unsaved-changes prompt (a modal inside the CRM; the browser's own when the tab closes). */
  unsavedTitle: "Уйти без сохранения?",
  unsavedText: "В форме есть несохранённые изменения. Если уйти, они пропадут.",
  unsavedLeave: "Уйти без сохранения",
  unsavedStay: "Остаться в форме",
  /** The preview of what is typed, before saving. */
  previewLoading: "Готовим предпросмотр…",
  previewFailed: "Не удалось показать предпросмотр: изменения в форме сохранились, попробуйте ещё раз",
  previewUnsaved: "Предпросмотр несохранённой версии: так запись будет выглядеть на сайте после сохранения.",
  /** The CRM's 403 page. */
  forbiddenTitle: "Раздел недоступен для вашей роли",
  forbiddenLead: "У вашей учётной записи нет прав на этот раздел CRM. Если они нужны для работы, обратитесь к администратору.",
  toDashboard: "На главную CRM",
  availableSections: "Доступные разделы",
  /** The audit log: a long or HTML value as a short text excerpt. */
  excerptMore: "…",
} as const
