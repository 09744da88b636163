/**
 * The consultation request's texts (docs/account-services.md): the button and modal that a tariff
 * page shows, and what the server answers and mails. Apart from schemas/messages/common.ts and from the
 * account services' texts so a content page carries only these.
 */
export const consultationMessages = {
  button: "Получить консультацию",
  blockTitle: "Нужна помощь с заказом?",
  blockLead: "Специалист удостоверяющего центра ответит на вопросы о документах, оплате и получении подписи.",
  title: "Получить консультацию",
  lead: "Оставьте телефон и вопрос — специалист удостоверяющего центра перезвонит и поможет с выбором.",
  loading: "Загрузка формы…",
  sentTitle: "Заявка отправлена",
  sentText: "Спасибо! Специалист свяжется с вами в ближайшее время.",
  failedTitle: "Ошибка",
  failedText: "Не удалось отправить заявку. Попробуйте ещё раз или позвоните нам.",
  ok: "Хорошо",
  tariffUnknown: "Тариф не найден",
  orderUnknown: "Заказ не найден",
  subject: "Запрос консультации с сайта",
  text: (lines: readonly string[]) => `Клиент просит консультацию на сайте удостоверяющего центра.\n\n${lines.join("\n")}\n`,
  fields: {
    id: "Номер обращения",
    name: "Имя",
    phone: "Телефон",
    email: "E-mail",
    comment: "Вопрос",
    tariff: "Тариф",
    order: "Заказ",
    account: "Личный кабинет",
    signedIn: "клиент вошёл в личный кабинет",
    anonymous: "без входа",
    createdAt: "Получено",
  },
} as const
