/**
 * The payments' page titles the route table needs: apart from schemas/messages/payment.ts, because the
 * route table is in every first load and a module is bundled whole.
 */
export const PAYMENT_GATEWAY_TITLE = "Тестовая оплата"
