import { PAYMENT_GATEWAY_TITLE } from "../payment-pages.ts"

/**
 * The texts of payments (the payment choice, the local test gateway, /payment_result pages, the
 * server's 422s and the invoice and act PDFs): apart from schemas/messages/common.ts so that the site's first
 * load carries none of them.
 */

export const paymentMessages = {
  choice: {
    title: "Оплата заявки",
    toPay: "К оплате",
    card: "Оплатить картой",
    cardHint: "Банковской картой или через СБП: оплата зачисляется сразу.",
    invoice: "Счёт на оплату",
    invoiceHint: "Для юридических лиц и ИП: оплата по безналичному расчёту, зачисление за 1–3 рабочих дня.",
    redirecting: "Переходим на страницу оплаты…",
    creatingInvoice: "Готовим счёт…",
    invoiceReady: "Счёт сформирован. Оплатите его по реквизитам или по QR-коду в приложении банка.",
    download: "Скачать счёт (PDF)",
    downloadFailed: "Не удалось скачать счёт. Повторите попытку.",
    failed: "Не удалось создать платёж. Повторите попытку.",
  },
  errors: {
    orderRequired: "Укажите заявку",
    orderNotFound: "Заявка не найдена",
    methodInvalid: "Выберите способ оплаты: картой или по счёту",
    notPayable: "Эту заявку сейчас нельзя оплатить",
    emptyAmount: "В заявке нет ничего к оплате",
    providerFailed: "Платёжный сервис временно недоступен. Повторите попытку позже.",
    cardUnavailable: "Оплата картой временно недоступна: выберите оплату по счёту",
    notificationInvalid: "Некорректное уведомление о платеже",
    notificationForbidden: "Уведомления о платежах принимаются только с адресов ЮKassa",
    notificationsBusy: "Слишком много уведомлений о платежах. Повторите позже.",
    actionInvalid: "Выберите действие: оплатить или отказаться",
    nothingDue: "Заявка уже оплачена полностью",
  },
  /** The order's money as the account's order page shows it. */
  balance: {
    price: "Стоимость заявки",
    paid: "Оплачено",
    refunded: "Возвращено",
    due: "Осталось оплатить",
    refundedPayment: (amount: string) => `возвращено ${amount}`,
  },
  receipt: {
    /** A receipt or invoice line whose earlier part was paid before. */
    partLine: (name: string) => `${name} (доплата)`,
    /** The one line of an act or a refund whose sum the order's own lines do not make up. */
    servicesLine: (orderId: number) => `Услуги удостоверяющего центра по заявке № ${orderId}`,
  },
  /** History notes of the moves payments make. */
  notes: {
    card: "Оплата картой",
    paidEarlier: "Внесённых платежей достаточно для оплаты заявки",
  },
  gateway: {
    title: PAYMENT_GATEWAY_TITLE,
    lead: "Это встроенная тестовая платёжная страница: деньги не списываются.",
    order: "Заявка",
    amount: "Сумма",
    pay: "Оплатить",
    decline: "Отказаться",
    notFound: "Платёж не найден",
    done: "Этот платёж уже завершён.",
  },
  result: {
    successTitle: "Оплата получена",
    successText: "Спасибо! Оплата зачислена.",
    successNext: "Специалист проверит документы в течение рабочего дня. Статус заявки — в личном кабинете.",
    pendingTitle: "Ожидаем подтверждение оплаты",
    pendingText: "Банк ещё не подтвердил оплату. Страница обновится сама.",
    refresh: "Обновить",
    failureTitle: "Оплата не прошла",
    failureText: "Платёж отменён или отклонён банком. Деньги не списаны.",
    failureNext: "Попробуйте оплатить ещё раз или выберите оплату по счёту.",
    genericSuccess: "Если вы оплачивали заявку, её статус виден в личном кабинете.",
    genericFailure: "Если оплата не прошла, повторите её из личного кабинета.",
    checking: "Проверяем платёж…",
    orderLabel: "Заявка",
    orderNumber: (id: number) => `№ ${id}`,
    amount: "Сумма",
    toOrder: "Перейти к заявке",
    toAccount: "Личный кабинет",
    retry: "Оплатить ещё раз",
    notFound: "Платёж не найден",
    partialTitle: "Оплата получена частично",
    partialText: "Платёж зачислен, но заявка изменилась после его создания: её стоимость выше.",
    due: "Осталось оплатить",
    partialNext: "Доплатите разницу картой или по счёту на странице заявки.",
    payRest: "Доплатить",
    refundedText: "Этот платёж больше стоимости заявки: излишек возвращается на карту.",
    refunded: "Возвращено",
  },
  pdf: {
    invoiceTitle: (number: string, date: string) => `Счёт на оплату № ${number} от ${date}`,
    invoiceFile: (number: string) => `Счёт № ${number}.pdf`,
    invoiceDocTitle: (number: string) => `Счёт на оплату № ${number}`,
    actTitle: (number: string, date: string) => `Акт № ${number} от ${date}`,
    actFile: (number: string) => `Акт № ${number}.pdf`,
    actDocTitle: (number: string) => `Акт № ${number}`,
    invoiceVoidTitle: (number: string) => `Счёт на оплату № ${number} (аннулирован)`,
    purpose: (number: string, orderId: number) => `Оплата по счёту № ${number} (заявка № ${orderId}). Без НДС`,
  },
} as const

