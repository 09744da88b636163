import { FeedbackResource, RemoteOfferResource } from "../../../../schemas/entities/visitor-request.ts"
import { defineListResource } from "../resource.ts"

/** dd.MM.yyyy, HH:mm in the staff member's time zone (DESIGN.md: dates as dd.MM.yyyy). */
const when = (iso: string) => {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat("ru-RU", { dateStyle: "short", timeStyle: "short" }).format(d)
}
const orDash = (s: string | null) => s || "—"
const utmOf = (r: RemoteOfferResource) =>
  [r.attributes.utm_source, r.attributes.utm_medium, r.attributes.utm_campaign].filter(Boolean).join(" / ") || "—"

/** 'Заявки': requests from the question modal and the callback, newest first; staff only read them. */
export const remoteOffersResource = defineListResource<RemoteOfferResource>({
  title: "Заявки",
  apiPath: "/api/v2/crm/remote_offers",
  routeBase: "/crm/remote_offers",
  record: RemoteOfferResource,
  columns: [
    { key: "created_at", label: "Получена", value: (r) => when(r.attributes.created_at) },
    { key: "name", label: "Имя", value: (r) => r.attributes.name },
    { key: "phone", label: "Телефон", value: (r) => r.attributes.phone },
    { key: "email", label: "E-mail", value: (r) => orDash(r.attributes.email) },
    { key: "comment", label: "Вопрос", value: (r) => orDash(r.attributes.comment) },
    { key: "utm", label: "UTM (источник / канал / кампания)", value: utmOf },
  ],
  search: { label: "Поиск по имени, телефону или e-mail", placeholder: "Например, Иванов" },
  labelOf: (r) => r.attributes.name,
})

/** 'Отзывы': feedback with the rating 1 to 10, newest first; staff only read it. */
export const feedbacksResource = defineListResource<FeedbackResource>({
  title: "Отзывы",
  apiPath: "/api/v2/crm/feedbacks",
  routeBase: "/crm/feedbacks",
  record: FeedbackResource,
  columns: [
    { key: "created_at", label: "Получен", value: (r) => when(r.attributes.created_at) },
    { key: "name", label: "Имя", value: (r) => r.attributes.name },
    { key: "email", label: "E-mail", value: (r) => r.attributes.email },
    { key: "rating", label: "Оценка", value: (r) => `${r.attributes.rating} из 10` },
    { key: "message", label: "Отзыв", value: (r) => r.attributes.message },
  ],
  search: { label: "Поиск по имени, e-mail или тексту", placeholder: "Например, быстро" },
  labelOf: (r) => r.attributes.name,
})
