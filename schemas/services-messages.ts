/**
 * The texts of the account's services (docs/account-services.md): consultation requests,
 * representatives, the application for the certificate and the licences. Apart from
 * schemas/messages.ts so that the site's first load carries none of them.
 */
export const servicesMessages = {
  consultation: {
    button: "Получить консультацию",
    title: "Получить консультацию",
    lead: "Оставьте телефон и вопрос — специалист удостоверяющего центра перезвонит и поможет с выбором.",
    loading: "Загрузка формы…",
    sentTitle: "Заявка отправлена",
    sentText: "Спасибо! Специалист свяжется с вами в ближайшее время.",
    failedTitle: "Ошибка",
    failedText: "Не удалось отправить заявку. Попробуйте ещё раз или позвоните нам.",
    close: "Закрыть",
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
  },
} as const
