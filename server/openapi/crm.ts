import { Schema } from "effect"
import { AdminSignInBody, AdminSignInStep, AdminSignInStepBody, TotpCodeBody, TotpEnrolment, TotpStatus } from "../../schemas/entities/admin-user.ts"
import { auth_vector_frm } from "../../schemas/forms/auth_vector_frm.ts"
import { openapiMessages as t } from "../../schemas/messages/openapi.ts"
import type { ApiOperation } from "./types.ts"

/** The CRM's endpoints beside the declared resources' (server/openapi/resources.ts). */

const CRM = "CRM"
const a = { auth: "admin", tag: CRM } as const
const file = { status: 200, description: t.download, contentType: "application/octet-stream" }

export const crmOperations: readonly ApiOperation[] = [
  {
    method: "POST",
    path: "/api/v2/crm/sign_in",
    tag: CRM,
    auth: "public",
    summary: "Вход сотрудника: пароль, затем одноразовый код (шаг с билетом `ticket`)",
    body: { schema: Schema.Union([AdminSignInBody, AdminSignInStepBody]) },
    other: [{ status: 401, description: "Неверный пароль, или нужен следующий шаг входа: код из приложения или подключение (`totp.step`)", schema: AdminSignInStep }],
    limited: true,
  },
  { ...a, method: "GET", path: "/api/v2/crm/totp", summary: "Вход с одноразовым кодом: состояние", ok: { status: 200, description: "Состояние второго фактора", schema: TotpStatus } },
  { ...a, method: "POST", path: "/api/v2/crm/totp", summary: "Вход с одноразовым кодом: начать подключение (ключ и QR-код)", ok: { status: 201, description: t.created, schema: Schema.Struct({ data: TotpEnrolment }) }, limited: true },
  { ...a, method: "POST", path: "/api/v2/crm/totp/confirm", summary: "Вход с одноразовым кодом: подтвердить первым кодом, получить коды восстановления", body: { schema: TotpCodeBody }, limited: true },
  { ...a, method: "DELETE", path: "/api/v2/crm/totp", summary: "Вход с одноразовым кодом: отключить (нужен действующий код)", body: { schema: TotpCodeBody }, ok: { status: 204, description: t.noContent }, limited: true },
  { ...a, method: "DELETE", path: "/api/v2/crm/sign_out", summary: "Выход сотрудника", ok: { status: 204, description: t.noContent } },
  { ...a, method: "GET", path: "/api/v2/crm/current_admin", summary: "Вошедший сотрудник" },
  { ...a, method: "POST", path: "/api/v2/crm/images", summary: "Изображение для редактора текста", body: { multipart: { files: ["image"], fields: ["slug"] } }, ok: { status: 201, description: t.created } },
  { ...a, method: "POST", path: "/api/v2/crm/files", summary: "Файл документа", body: { multipart: { files: ["file"], fields: ["accept"] } }, ok: { status: 201, description: t.created } },
  { ...a, method: "POST", path: "/api/v2/crm/epoas/upload", summary: "Загрузка МЧД в реестр", body: { multipart: { files: ["file", "signature"], fields: ["legal_person_id"] } }, ok: { status: 201, description: t.created } },
  { ...a, method: "GET", path: "/api/v2/crm/epoas/:id/xml", summary: "МЧД: файл XML", ok: file },
  { ...a, method: "GET", path: "/api/v2/crm/epoas/:id/sig", summary: "МЧД: файл подписи", ok: file },
  { ...a, method: "GET", path: "/api/v2/crm/orders/:id/documents/:doc_id", summary: "Документ заказа", ok: file },
  { ...a, method: "GET", path: "/api/v2/crm/orders/:id/identity-check", summary: "Проверка личности по заказу: пункты, предварительные проверки, идентификация" },
  { ...a, method: "PUT", path: "/api/v2/crm/orders/:id/identity-check/items/:item", summary: "Проверка личности: подтвердить пункт или снять подтверждение", body: { schema: Schema.Struct({ confirmed: Schema.Boolean }) } },
  { ...a, method: "POST", path: "/api/v2/crm/orders/:id/identity-check/identification", summary: "Проверка личности: записать личную идентификацию (сотрудник, офис, время)", body: { schema: Schema.Struct({ office_id: Schema.Number }) }, ok: { status: 201, description: t.created } },
  { ...a, method: "POST", path: "/api/v2/crm/orders/:id/issue", summary: "Выпуск сертификата по заказу", body: { multipart: { files: ["csr"] } } },
  { ...a, method: "POST", path: "/api/v2/crm/certificates/import", summary: "Импорт сертификатов (.cer)", body: { multipart: { files: ["files"] } } },
  { ...a, method: "POST", path: "/api/v2/crm/certificates/:id/phone_suspend", summary: "Приостановка сертификата по звонку", body: { preset: auth_vector_frm } },
  { ...a, method: "POST", path: "/api/v2/crm/trust_roots/upload", summary: "Загрузка доверенных корневых сертификатов", body: { multipart: { files: ["file"] } }, ok: { status: 201, description: t.created } },
]
