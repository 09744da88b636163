import { epoa_search_principal_frm } from "../../schemas/forms/epoa_search_principal_frm.ts"
import { epoa_search_representative_frm } from "../../schemas/forms/epoa_search_representative_frm.ts"
import { epoa_revoked_frm } from "../../schemas/forms/epoa_revoked_frm.ts"
import { reestr_search_frm } from "../../schemas/forms/reestr_search_frm.ts"
import { CaRepository } from "../../schemas/entities/ca-repository.ts"
import type { FormPreset } from "../../schemas/forms/types.ts"
import { holdsValue } from "../../schemas/forms/values.ts"
import { ConfirmationBody, ImproveSessionBody, PhoneCodeRequestBody, ResetInput, ResetRequestInput, UserSignInBody } from "../../schemas/entities/user.ts"
import { RETURN_TO_MAX_LENGTH } from "../../schemas/constants.ts"
import { openapiMessages as t } from "../../schemas/messages/openapi.ts"
import { input as partnerRequestInput } from "../routes/catalogue-partners.ts"
import { input as consultationInput } from "../routes/consultations.ts"
import { input as feedbackInput } from "../routes/feedbacks.ts"
import { input as remoteOfferInput } from "../routes/remote-offers.ts"
import { signUpInput } from "../routes/users.ts"
import { KINDS as salesRequestKinds } from "../routes/sales-requests.ts"
import { DOCS_ASSET_BASE, DOCS_ASSETS } from "./docs-assets.ts"
import type { ApiOperation, ApiParameter, JsonSchema } from "./types.ts"

/** The public site's and the visitor's own endpoints (sign-up, sign-in, forms, content, catalogue, register). */

const utm: Record<string, JsonSchema> = {
  utm: { type: "object", properties: { source: { type: "string" }, medium: { type: "string" }, campaign: { type: "string" } } },
}
/** What a sign-up carries beside the form (docs/auth.md, "Registration"). */
const signUpExtra: Record<string, JsonSchema> = {
  return_to: { type: "string", maxLength: RETURN_TO_MAX_LENGTH, description: t.returnTo },
  order: { type: "object", description: t.signUpOrder },
}
/** A preset read from the query string (GET forms): its value fields as parameters. */
const queryOf = (preset: FormPreset): ApiParameter[] => preset.fields.filter(holdsValue).map((f) => ({ name: f.name, description: f.label ?? t.filter }))
const paging: ApiParameter[] = [
  { name: "page", description: t.page, schema: { type: "integer", minimum: 1 } },
  { name: "per", description: t.per, schema: { type: "integer", minimum: 1 } },
]
const url: ApiParameter[] = [{ name: "url", description: "Адрес страницы сайта" }]

const ACCOUNT = "Пользователи и вход"
const FORMS = "Заявки и формы"
const CONTENT = "Содержимое сайта"
const CATALOGUE = "Каталог"
const REGISTER = "Реестр сертификатов и МЧД"
/** A check refused at once while the worker threads' queue is full (server/lib/worker-pool.ts). */
const busy = { status: 503, description: t.busy, schema: { $ref: "#/components/schemas/Message" } }

export const siteOperations: readonly ApiOperation[] = [
  // Sign-up, sign-in, passwords, phone codes.
  { method: "POST", path: "/api/v1/users", tag: ACCOUNT, auth: "public", summary: "Регистрация", body: { preset: signUpInput, wrapper: "user", extra: signUpExtra }, ok: { status: 201, description: t.created }, limited: true },
  { method: "POST", path: "/api/v1/users/sign_in", tag: ACCOUNT, auth: "public", summary: "Вход по e-mail и паролю", body: { schema: UserSignInBody.fields.user, wrapper: "user" }, limited: true },
  { method: "POST", path: "/api/v1/users/sign_out", tag: ACCOUNT, auth: "user", summary: "Выход", ok: { status: 204, description: t.noContent } },
  { method: "DELETE", path: "/api/v1/users/sign_out", tag: ACCOUNT, auth: "user", summary: "Выход", ok: { status: 204, description: t.noContent } },
  { method: "GET", path: "/api/v1/users/info", tag: ACCOUNT, auth: "user", summary: "Данные вошедшего пользователя" },
  { method: "POST", path: "/api/v1/users/confirmation", tag: ACCOUNT, auth: "public", summary: "Подтверждение регистрации кодом из SMS", body: { schema: ConfirmationBody }, limited: true },
  { method: "POST", path: "/api/v1/users/improve_session", tag: ACCOUNT, auth: "user", summary: "Повышение уровня сессии (пароль и код из SMS)", body: { schema: ImproveSessionBody }, limited: true },
  { method: "POST", path: "/api/v1/users/password", tag: ACCOUNT, auth: "public", summary: "Запрос на восстановление пароля (user или admin)", body: { schema: ResetRequestInput, wrapper: "user" }, limited: true },
  { method: "PUT", path: "/api/v1/users/password", tag: ACCOUNT, auth: "public", summary: "Новый пароль по ссылке из письма", body: { schema: ResetInput, wrapper: "user" }, limited: true },
  { method: "POST", path: "/api/v1/phone_codes", tag: ACCOUNT, auth: "public", summary: "Отправка кода подтверждения в SMS", body: { schema: PhoneCodeRequestBody }, limited: true },
  // Signing with a certificate.
  { method: "POST", path: "/api/v1/cert_auth/challenges", tag: ACCOUNT, auth: "public", summary: "Строка для подписи сертификатом", body: { json: "{ purpose } — назначение подписи" }, limited: true },
  { method: "GET", path: "/api/v1/cert_auth/bindings", tag: ACCOUNT, auth: "user", summary: "Привязанные сертификаты" },
  { method: "POST", path: "/api/v1/cert_auth/bindings", tag: ACCOUNT, auth: "user", summary: "Привязка сертификата (подписанная строка)", body: { json: "{ challenge_id, signature } — подпись CMS в Base64" }, ok: { status: 201, description: t.created } },
  { method: "DELETE", path: "/api/v1/cert_auth/bindings/:id", tag: ACCOUNT, auth: "user", summary: "Отвязка сертификата", ok: { status: 204, description: t.noContent } },
  { method: "POST", path: "/api/v1/cert_auth/sign_in", tag: ACCOUNT, auth: "public", summary: "Вход по сертификату", body: { json: "{ challenge_id, signature }" }, limited: true },
  { method: "POST", path: "/api/v1/cert_auth/sign_in/vector", tag: ACCOUNT, auth: "public", summary: "Вход по сертификату и коду из SMS", body: { json: "{ challenge_id, signature, phone_code }" }, limited: true },
  { method: "POST", path: "/api/v1/cert_auth/epoas", tag: ACCOUNT, auth: "user", summary: "МЧД владельца сертификата: привязанного к кабинету или подтверждённого подписью запроса", body: { json: "{ certificate } — привязанный сертификат, или { challenge_id, signature[, certificate] } — подпись запроса с назначением epoas" } },
  { method: "POST", path: "/api/v1/cert_auth/org_signatures", tag: ACCOUNT, auth: "user", summary: "Подпись от имени организации", body: { json: "{ challenge_id, signature }" } },
  // Services behind form fields.
  { method: "GET", path: "/api/v1/captcha", tag: FORMS, auth: "public", summary: "Новое задание проверки «не робот» (proof of work, ALTCHA)", limited: true },
  { method: "POST", path: "/api/v1/suggestions/party", tag: FORMS, auth: "public", summary: "Подсказки организаций (DaData)", body: { json: "{ query, count }" }, limited: true },
  { method: "POST", path: "/api/v1/suggestions/address", tag: FORMS, auth: "public", summary: "Подсказки адресов (DaData)", body: { json: "{ query, count }" }, limited: true },
  { method: "POST", path: "/api/v1/uploads", tag: FORMS, auth: "any", summary: "Загрузка документа посетителя", body: { multipart: { files: ["file"], fields: ["accept"] } }, ok: { status: 201, description: t.created } },
  { method: "GET", path: "/api/v1/uploads/:id", tag: FORMS, auth: "any", summary: "Скачивание своего документа", ok: { status: 200, description: t.download, contentType: "application/octet-stream" } },
  // Visitors' requests.
  { method: "POST", path: "/api/v1/remote_offers", tag: FORMS, auth: "public", summary: "Заявка на удалённый выпуск", body: { preset: remoteOfferInput, extra: utm }, ok: { status: 201, description: t.created }, limited: true },
  { method: "POST", path: "/api/v1/feedbacks", tag: FORMS, auth: "public", summary: "Отзыв", body: { preset: feedbackInput, extra: utm }, ok: { status: 201, description: t.created }, limited: true },
  { method: "POST", path: "/api/v1/corporate_requests", tag: FORMS, auth: "public", summary: "Заявка для корпоративных клиентов", body: { preset: salesRequestKinds.corporate.preset, extra: utm }, ok: { status: 201, description: t.created }, limited: true },
  { method: "POST", path: "/api/v1/services_ib_requests", tag: FORMS, auth: "public", summary: "Заявка на услуги информационной безопасности", body: { preset: salesRequestKinds.services_ib.preset, extra: utm }, ok: { status: 201, description: t.created }, limited: true },
  { method: "POST", path: "/api/v1/uc/consultations", tag: FORMS, auth: "public", summary: "Заявка на консультацию", body: { preset: consultationInput, extra: utm }, ok: { status: 201, description: t.created }, limited: true },
  { method: "POST", path: "/api/v1/uc/partners/:id/requests", tag: FORMS, auth: "public", summary: "Заявка партнёру", body: { preset: partnerRequestInput, extra: utm }, ok: { status: 201, description: t.created }, limited: true },
  // Menus, cities, settings.
  { method: "GET", path: "/api/v2/menu_items", tag: CONTENT, auth: "public", summary: "Меню сайта" },
  { method: "GET", path: "/api/v2/cities", tag: CONTENT, auth: "public", summary: "Города" },
  { method: "GET", path: "/api/v2/cities/:id", tag: CONTENT, auth: "public", summary: "Город" },
  { method: "GET", path: "/api/v2/footer_links", tag: CONTENT, auth: "public", summary: "Ссылки подвала" },
  { method: "GET", path: "/api/v2/site_config", tag: CONTENT, auth: "public", summary: "Настройки сайта" },
  { method: "GET", path: "/api/v2/search", tag: CONTENT, auth: "public", summary: "Поиск по сайту", query: [{ name: "q", description: t.query }, ...paging] },
  // Content.
  { method: "GET", path: "/api/v2/pages", tag: CONTENT, auth: "public", summary: "Страница по адресу", query: url },
  { method: "GET", path: "/api/v2/faq", tag: CONTENT, auth: "public", summary: "Вопросы и ответы", query: [{ name: "q", description: t.query }] },
  { method: "GET", path: "/api/v2/faq/articles/:id", tag: CONTENT, auth: "public", summary: "Статья базы знаний" },
  { method: "GET", path: "/api/v2/post_sources", tag: CONTENT, auth: "public", summary: "Источники новостей" },
  { method: "GET", path: "/api/v2/posts", tag: CONTENT, auth: "public", summary: "Новости", query: paging },
  { method: "GET", path: "/api/v2/posts/:id", tag: CONTENT, auth: "public", summary: "Новость" },
  { method: "GET", path: "/api/v2/page_banners", tag: CONTENT, auth: "public", summary: "Баннеры страницы", query: url },
  { method: "GET", path: "/api/v2/page_settings", tag: CONTENT, auth: "public", summary: "Настройки страницы", query: url },
  { method: "GET", path: "/api/v2/page_meta", tag: CONTENT, auth: "public", summary: "Заголовок и описание страницы", query: url },
  { method: "GET", path: "/api/v2/documents/:id", tag: CONTENT, auth: "public", summary: "Документ (файл)", ok: { status: 200, description: t.download, contentType: "application/octet-stream" } },
  // Catalogue.
  { method: "GET", path: "/api/v1/uc/options/grouped", tag: CATALOGUE, auth: "public", summary: "Опции по группам" },
  { method: "GET", path: "/api/v1/uc/options", tag: CATALOGUE, auth: "public", summary: "Опции тарифов" },
  { method: "GET", path: "/api/v1/uc/options/:id", tag: CATALOGUE, auth: "public", summary: "Опция" },
  { method: "GET", path: "/api/v1/uc/tariffs", tag: CATALOGUE, auth: "public", summary: "Тарифы" },
  { method: "GET", path: "/api/v1/uc/tariffs/:id", tag: CATALOGUE, auth: "public", summary: "Тариф" },
  { method: "GET", path: "/api/v1/uc/platforms", tag: CATALOGUE, auth: "public", summary: "Торговые площадки" },
  { method: "GET", path: "/api/v1/uc/platforms/:id", tag: CATALOGUE, auth: "public", summary: "Торговая площадка" },
  { method: "GET", path: "/api/v2/companies/:id", tag: CATALOGUE, auth: "public", summary: "Компания (default — своя)" },
  { method: "GET", path: "/api/v2/companies/:company/branches", tag: CATALOGUE, auth: "public", summary: "Офисы компании", query: [{ name: "city_id", description: "Город" }] },
  { method: "GET", path: "/api/v1/findelivery_cities", tag: CATALOGUE, auth: "public", summary: "Города доставки" },
  { method: "GET", path: "/api/v1/uc/partners", tag: CATALOGUE, auth: "public", summary: "Партнёры" },
  { method: "GET", path: "/api/v1/uc/partners/:id", tag: CATALOGUE, auth: "public", summary: "Партнёр" },
  // The CA's register, the power-of-attorney registry, validation.
  { method: "GET", path: "/api/v2/certificates", tag: REGISTER, auth: "public", summary: "Поиск в реестре сертификатов", query: [...queryOf(reestr_search_frm), ...paging] },
  { method: "GET", path: "/api/v2/certificates/:id", tag: REGISTER, auth: "public", summary: "Сертификат из реестра" },
  { method: "GET", path: "/api/v2/certificates/:id/download", tag: REGISTER, auth: "public", summary: "Файл сертификата (.cer)", ok: { status: 200, description: t.download, contentType: "application/pkix-cert" } },
  { method: "GET", path: "/api/v2/ca_repository", tag: REGISTER, auth: "public", summary: "Репозиторий УЦ: сертификаты УЦ, списки отзыва, аккредитация", ok: { status: 200, description: "Сертификаты УЦ (отпечатки SHA-1 и SHA-256, срок действия, файлы /ca/{key_id}.cer и .pem), списки отзыва (/cdp/{key_id}.crl, thisUpdate, nextUpdate, число записей), сведения об аккредитации или null", schema: CaRepository } },
  { method: "POST", path: "/api/v1/epoa/search/principal", tag: REGISTER, auth: "public", summary: "Поиск МЧД по доверителю", body: { preset: epoa_search_principal_frm }, limited: true },
  { method: "POST", path: "/api/v1/epoa/search/representative", tag: REGISTER, auth: "public", summary: "Поиск МЧД по представителю", body: { preset: epoa_search_representative_frm }, limited: true },
  { method: "GET", path: "/api/v1/epoa/revoked", tag: REGISTER, auth: "public", summary: "Отозванные МЧД", query: queryOf(epoa_revoked_frm) },
  { method: "GET", path: "/api/v1/epoa/sample.xml", tag: REGISTER, auth: "public", summary: "Образец МЧД (XML)", ok: { status: 200, description: t.download, contentType: "application/xml" } },
  { method: "POST", path: "/api/v1/svs/certificates/validate", tag: REGISTER, auth: "public", summary: "Проверка сертификата", body: { multipart: { files: ["file"] } }, limited: true, other: [busy] },
  { method: "POST", path: "/api/v1/svs/signatures/validate", tag: REGISTER, auth: "public", summary: "Проверка электронной подписи", body: { multipart: { files: ["signature", "document"] } }, limited: true, other: [busy] },
  // Payments.
  { method: "POST", path: "/api/v1/uc/payments/notifications", tag: "Оплата", auth: "public", summary: "Уведомление платёжного шлюза", body: { json: "Уведомление ЮKassa (проверяется по API шлюза)" } },
  { method: "GET", path: "/api/v1/uc/payments/:id", tag: "Оплата", auth: "public", summary: "Состояние платежа" },
  { method: "GET", path: "/api/v1/uc/payment_gateway/:id", tag: "Оплата", auth: "public", summary: "Встроенный тестовый шлюз: платёж" },
  { method: "POST", path: "/api/v1/uc/payment_gateway/:id", tag: "Оплата", auth: "public", summary: "Встроенный тестовый шлюз: оплата", body: { json: "{ outcome } — succeeded или canceled" } },
  // Violation reports of the Content-Security-Policy (server/routes/csp-report.ts).
  { method: "POST", path: "/api/csp-report", tag: "Документация", auth: "public", summary: "Отчёт браузера о нарушении CSP", body: { json: "Отчёт report-uri (application/csp-report)" }, ok: { status: 204, description: t.noContent } },
  // This description.
  { method: "GET", path: "/api/openapi.json", tag: "Документация", auth: "public", summary: "Описание API (OpenAPI 3.1)" },
  { method: "GET", path: "/api/docs", tag: "Документация", auth: "public", summary: "Документация API (Swagger UI)", ok: { status: 200, description: t.ok, contentType: "text/html" } },
  ...Object.entries(DOCS_ASSETS).map(
    ([name, asset]): ApiOperation => ({ method: "GET", path: `${DOCS_ASSET_BASE}/${name}`, tag: "Документация", auth: "public", summary: `Файл Swagger UI: ${name}`, ok: { status: 200, description: t.download, contentType: asset.type } }),
  ),
]
