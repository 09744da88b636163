/**
 * The texts of visitors' requests (questions, callbacks, feedback) the server answers with: apart from schemas/messages/common.ts so that the site's first load carries none of them.
 */
export const requestMessages = {
  captchaWrong: "Проверка не пройдена. Дождитесь новой проверки и отправьте ещё раз",
  suggestUnavailable: "Сервис подсказок временно недоступен",
  throttled: "Слишком много запросов. Повторите попытку через несколько минут.",
  methodNotAllowed: "Метод не поддерживается",
  badMultipart: "Некорректный запрос: ожидается multipart/form-data",
  offerSubject: "Новая заявка с сайта",
  offerText: (lines: readonly string[]) => `Новая заявка с сайта удостоверяющего центра.\n\n${lines.join("\n")}\n`,
  salesSubject: { corporate: "Новая заявка корпоративного клиента", services_ib: "Новая заявка на услуги информационной безопасности" },
  salesText: (lines: readonly string[]) => `Новая заявка с сайта удостоверяющего центра.\n\n${lines.join("\n")}\n`,
  salesKinds: { corporate: "Корпоративным клиентам", services_ib: "Услуги информационной безопасности" },
  salesFields: {
    id: "Номер заявки",
    kind: "Форма",
    company: "Организация",
    inn: "ИНН",
    certificates_count: "Сколько нужно подписей",
    topics: "Что интересует",
    name: "Контактное лицо",
    phone: "Телефон",
    email: "E-mail",
    comment: "Комментарий",
    createdAt: "Получена",
  },
  offerFields: {
    id: "Номер заявки",
    name: "Имя",
    phone: "Телефон",
    email: "E-mail",
    comment: "Вопрос",
    utm_source: "utm_source",
    utm_medium: "utm_medium",
    utm_campaign: "utm_campaign",
    createdAt: "Получена",
  },
} as const
