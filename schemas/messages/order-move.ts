import { formatRubles } from "../money.ts"

/** The staff's moves of an order in the CRM: refusals, the fields a move asks for, the history's notes, the customer's e-mail lines. */
export const orderMoveMessages = {
  fields: {
    amount: "Сумма платежа, ₽",
    documentNumber: "Номер платёжного поручения",
    documentDate: "Дата платёжного поручения",
    reason: "Причина отмены",
  },
  refused: {
    issuedByIssue: "Статус «Сертификат выпущен» ставится только выпуском сертификата: кнопка «Выпустить» на странице заявки.",
    completedCertificate: "Заявка на сертификат завершается выпуском сертификата, а не отметкой «Выполнено».",
    issuedOptions: "В заявке нет сертификата: её завершает отметка «Выполнено».",
    notInvoice: "Оплату вручную отмечают только для заявок, оплачиваемых по счёту: оплата картой зачисляется сама.",
    notPayable: "Заявка не ждёт оплаты: отметить оплату нельзя.",
    paymentRole: "Отмечать оплату могут только сотрудники, работающие с платежами (роли «Администратор» и «Бухгалтер»).",
    moneyOnly: "Бухгалтер только отмечает оплату: остальные действия с заявкой выполняет оператор УЦ.",
    reasonRequired: "Укажите причину отмены: по оплаченной заявке клиенту вернут деньги.",
  },
  field: {
    amount: "Укажите сумму в рублях: целое число больше нуля",
    amountTooLarge: (max: number) => `Сумма не больше ${formatRubles(max)}`,
    number: "Укажите номер платёжного поручения (до 32 символов)",
    date: "Укажите дату в формате ДД.ММ.ГГГГ",
    dateFuture: "Дата платёжного поручения не может быть позже сегодняшней",
    reason: "Причина — не больше 1000 символов",
  },
  history: {
    paymentRecorded: (amount: number, number: string, date: string) => `Оплата по счёту получена: ${formatRubles(amount)}, платёжное поручение № ${number} от ${date}`,
    refundCard: (amount: number) => `Возврат ${formatRubles(amount)} на карту покупателя`,
    refundManual: (amount: number) => `Возврат ${formatRubles(amount)} по банковским реквизитам: его проводит бухгалтерия`,
    issued: (serial: string) => `Выпущен сертификат, серийный номер ${serial}`,
  },
  mail: {
    refund: (amount: number) => `Сумма возврата: ${formatRubles(amount)}.`,
    refundCard: "Деньги вернутся на карту, с которой была оплата; банк обычно зачисляет их в течение нескольких рабочих дней.",
    refundManual: "Деньги вернём переводом по банковским реквизитам плательщика; если реквизиты понадобятся, бухгалтерия свяжется с вами.",
  },
  /** The moved order's alert when the recorded money does not yet cover the price. */
  partlyPaid: "Платёж записан; заявка останется в ожидании оплаты, пока платежи не покроют её стоимость.",
} as const
