import { dss_user_deeplink_frm } from "../../schemas/forms/dss_user_deeplink_frm.ts"
import { user_confirm_cert_frm } from "../../schemas/forms/user_confirm_cert_frm.ts"
import { user_confirm_phone_frm } from "../../schemas/forms/user_confirm_phone_frm.ts"
import { openapiMessages as t } from "../../schemas/messages/openapi.ts"
import { input as representativeInput } from "../routes/representatives.ts"
import type { ApiOperation } from "./types.ts"

/** The personal account (lk) and the order wizard: a signed-in site user's endpoints. */

const LK = "Личный кабинет"
const ORDERS = "Заказы"
const u = { auth: "user" } as const
const file = { status: 200, description: t.download, contentType: "application/octet-stream" }

export const accountOperations: readonly ApiOperation[] = [
  { ...u, method: "GET", path: "/api/v1/lk/legal_person", tag: LK, summary: "Организации руководителя" },
  { ...u, method: "GET", path: "/api/v1/lk/legal_person/:id", tag: LK, summary: "Организация" },
  { ...u, method: "GET", path: "/api/v1/lk/representatives", tag: LK, summary: "Представители организации" },
  { ...u, method: "GET", path: "/api/v1/lk/representatives/:id", tag: LK, summary: "Представитель" },
  { ...u, method: "POST", path: "/api/v1/lk/representatives", tag: LK, summary: "Новый представитель", body: { preset: representativeInput }, ok: { status: 201, description: t.created } },
  { ...u, method: "PUT", path: "/api/v1/lk/representatives/:id", tag: LK, summary: "Изменение представителя", body: { preset: representativeInput } },
  { ...u, method: "DELETE", path: "/api/v1/lk/representatives/:id", tag: LK, summary: "Удаление представителя", ok: { status: 204, description: t.noContent } },
  { ...u, method: "POST", path: "/api/v1/lk/representatives/:id/confirm_phone", tag: LK, summary: "Подтверждение телефона представителя", body: { preset: user_confirm_phone_frm } },
  { ...u, method: "GET", path: "/api/v1/lk/epoas", tag: LK, summary: "МЧД организации" },
  { ...u, method: "POST", path: "/api/v1/lk/epoas", tag: LK, summary: "Загрузка МЧД (XML и подпись)", body: { multipart: { files: ["file", "signature"], fields: ["legal_person_id"] } }, ok: { status: 201, description: t.created } },
  { ...u, method: "POST", path: "/api/v1/lk/epoas/:id/revoke", tag: LK, summary: "Отзыв МЧД" },
  { ...u, method: "GET", path: "/api/v1/lk/certificates", tag: LK, summary: "Сертификаты пользователя" },
  { ...u, method: "GET", path: "/api/v1/lk/certificates/expiring", tag: LK, summary: "Истекающие сертификаты" },
  { ...u, method: "GET", path: "/api/v1/lk/certificates/:id", tag: LK, summary: "Сертификат" },
  { ...u, method: "GET", path: "/api/v1/lk/certificates/:id/file", tag: LK, summary: "Файл сертификата", ok: file },
  { ...u, method: "GET", path: "/api/v1/lk/certificates/:id/approvals", tag: LK, summary: "Согласования выпуска" },
  { ...u, method: "POST", path: "/api/v1/lk/certificates/:id/approval_code", tag: LK, summary: "Код подтверждения выпуска в SMS", limited: true },
  { ...u, method: "POST", path: "/api/v1/lk/certificates/:id/approve", tag: LK, summary: "Подтверждение выпуска кодом", body: { preset: user_confirm_cert_frm } },
  { ...u, method: "POST", path: "/api/v1/lk/certificates/:id/renewal", tag: LK, summary: "Заказ продления сертификата" },
  { ...u, method: "POST", path: "/api/v1/lk/dss_profile", tag: LK, summary: "Профиль myDSS" },
  { ...u, method: "GET", path: "/api/v1/lk/dss_profiles/:id", tag: LK, summary: "Профиль myDSS: состояние" },
  { ...u, method: "POST", path: "/api/v1/lk/dss_profiles/:id/sms", tag: LK, summary: "Ссылка myDSS в SMS", body: { preset: dss_user_deeplink_frm } },
  { ...u, method: "GET", path: "/api/v1/lk/licenses", tag: LK, summary: "Лицензии" },
  { ...u, method: "POST", path: "/api/v1/lk/licenses/:id/confirm", tag: LK, summary: "Подтверждение лицензии" },
  { ...u, method: "GET", path: "/api/v1/lk/licenses/:id/download", tag: LK, summary: "Файл лицензии", ok: file },
  { ...u, method: "GET", path: "/api/v1/lk/leads", tag: ORDERS, summary: "Заказы пользователя", query: [{ name: "page", description: t.page }] },
  { ...u, method: "GET", path: "/api/v1/lk/leads/item/:id", tag: ORDERS, summary: "Заказ" },
  { ...u, method: "GET", path: "/api/v1/lk/leads/:status", tag: ORDERS, summary: "Заказы в состоянии" },
  { ...u, method: "GET", path: "/api/v1/lk/leads/:id/documents/:doc_id", tag: ORDERS, summary: "Документ заказа", ok: file },
  { ...u, method: "GET", path: "/api/v1/lk/leads/:id/steps", tag: ORDERS, summary: "Что дальше по заказу: офис или адрес выезда, сканы, выпущенный сертификат" },
  { ...u, method: "POST", path: "/api/v1/lk/leads/:id/scans", tag: ORDERS, summary: "Приложить скан к заказу", body: { json: "{ field, url }: вид документа и загруженный файл (/api/v1/uploads/)" }, ok: { status: 201, description: t.created } },
  { ...u, method: "DELETE", path: "/api/v1/lk/leads/:id/scans/:doc_id", tag: ORDERS, summary: "Удалить скан заказа", ok: { status: 204, description: t.noContent } },
  { ...u, method: "GET", path: "/api/v1/lk/remote_leads", tag: ORDERS, summary: "Заявки на удалённый выпуск", query: [{ name: "status", description: "Состояние" }] },
  { ...u, method: "GET", path: "/api/v1/lk/remote_leads/:id", tag: ORDERS, summary: "Заявка на удалённый выпуск" },
  { ...u, method: "GET", path: "/api/v1/lk/remote_leads/:id/edit", tag: ORDERS, summary: "Заявка для продолжения в мастере" },
  { ...u, method: "POST", path: "/api/v1/uc/leads", tag: ORDERS, summary: "Новый заказ (черновик мастера)", body: { json: "Поля шага мастера: набор полей формы заказа выбранного типа (schemas/forms/order_*)" }, ok: { status: 201, description: t.created } },
  { ...u, method: "GET", path: "/api/v1/uc/leads/draft", tag: ORDERS, summary: "Черновик заказа" },
  { ...u, method: "GET", path: "/api/v1/uc/leads/prefill", tag: ORDERS, summary: "Данные прошлых заказов для нового" },
  { ...u, method: "GET", path: "/api/v1/uc/leads/:id", tag: ORDERS, summary: "Заказ мастера" },
  { ...u, method: "PUT", path: "/api/v1/uc/leads/:id", tag: ORDERS, summary: "Шаг мастера заказа", body: { json: "Поля шага мастера заказа" } },
  { ...u, method: "POST", path: "/api/v1/uc/leads/:id/submit", tag: ORDERS, summary: "Отправка заказа" },
  { ...u, method: "POST", path: "/api/v1/uc/leads/:id/cancel", tag: ORDERS, summary: "Отмена заказа" },
  { ...u, method: "POST", path: "/api/v1/uc/leads/:id/finish", tag: ORDERS, summary: "Завершение заказа" },
  { ...u, method: "GET", path: "/api/v1/uc/leads/:id/claims", tag: ORDERS, summary: "Заявления заказа" },
  { ...u, method: "GET", path: "/api/v1/uc/leads/:id/qes", tag: ORDERS, summary: "Подписание заказа КЭП: состояние" },
  { ...u, method: "POST", path: "/api/v1/uc/leads/:id/qes/challenge", tag: ORDERS, summary: "Строка для подписи заказа КЭП" },
  { ...u, method: "POST", path: "/api/v1/uc/leads/:id/qes", tag: ORDERS, summary: "Подпись заказа КЭП", body: { json: "{ challenge_id, signature }" } },
  { ...u, method: "POST", path: "/api/v1/uc/payments", tag: "Оплата", summary: "Оплата заказа", body: { json: "{ lead_id, method } — card или invoice" }, ok: { status: 201, description: t.created } },
]
