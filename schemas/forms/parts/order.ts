import { APPLICANT_KIND_LABELS, APPLICANT_KINDS } from "../../entities/order.ts"
import type { FormField } from "../types.ts"
import { rolePersonName } from "./person.ts"

/**
 * The parts every order preset shares: the tariff, how the applicant is identified (in person or
 * remotely, DOMAIN.md "Signatures and who issues them"), the draft button and the submit.
 */

/** Section headings: a long order reads in blocks. */
export const heading = (name: string, text: string): FormField => ({ name, type: "text", attributes: { text } })

export const tariff: FormField = {
  name: "tariff_id",
  type: "select",
  label: "Тариф",
  placeholder: "Выберите тариф",
  validations: ["required"],
  attributes: { source: "tariffs" },
}

/**
 * An order of options serves a signature the customer already holds (docs/orders.md): no certificate
 * is sold, so the tariff is only asked for when the extras go with a new one (the API then sells it).
 */
export const optionalTariff: FormField = { ...tariff, label: "Тариф (если нужен и новый сертификат)", validations: [] }

/**
 * Who the certificate is for: with the identification, it chooses the order's preset (the wizard's
 * first step; the API reads it as `applicant_kind`).
 */
export const applicantKind: FormField = {
  name: "applicant_kind",
  type: "radiogroup",
  label: "Кто получает сертификат",
  validations: ["required"],
  attributes: { options: APPLICANT_KINDS.map((value) => ({ value, label: APPLICANT_KIND_LABELS[value] })) },
}

/** Extra options of the tariff (token, CryptoPro CSP licence, platform registration…), with prices. */
export const extraOptions: FormField = {
  name: "options",
  type: "multiselect",
  label: "Дополнительные услуги",
  placeholder: "Выбрать",
  validations: ["required"],
  attributes: { source: "tariff_options" },
}

const identificationChoices = (remoteLabel: string) => [
  { value: "office", label: "Лично в офисе обслуживания" },
  { value: "courier", label: "Выезд специалиста по вашему адресу" },
  { value: "remote", label: remoteLabel },
]

/**
 * How the applicant proves who they are. The remote choice belongs to the remote variant of the same
 * order: the host's `switchOrderVariant` handler swaps order_cert_* and order_cert_remotely_* keeping
 * the values both presets share.
 */
export const identification: FormField = {
  name: "identification",
  type: "radiogroup",
  label: "Как вы подтвердите личность",
  validations: ["required"],
  attributes: { options: identificationChoices("Удалённо, без визита в офис") },
  handlers: { change: "switchOrderVariant" },
}

/**
 * The same choice in an order of options: there a remote applicant already holds a qualified
 * signature (the options serve it) and signs the application with it, so no variant is swapped.
 */
export const optionIdentification: FormField = {
  name: "identification",
  type: "radiogroup",
  label: "Как вы подтвердите личность",
  validations: ["required"],
  attributes: { options: identificationChoices("Удалённо: подпишу заявление действующей квалифицированной подписью") },
}

export const office: FormField = {
  name: "office_id",
  type: "select",
  label: "Офис обслуживания",
  placeholder: "Выберите офис",
  validations: [{ name: "depends", args: ["identification", "office"] }],
  attributes: { source: "offices" },
}

export const visitAddress: FormField = {
  name: "visit_address",
  type: "dadata",
  label: "Адрес для выезда специалиста",
  placeholder: "Начните вводить адрес",
  validations: [{ name: "depends", args: ["identification", "courier"] }, { name: "maxLength", args: [500] }],
  attributes: { suggest: "address", autoComplete: "off" },
}

/**
 * 'Доставка курьером': the token and the documents brought by a courier to a city of
 * GET /api/v1/findelivery_cities/ (the host loads the choices for the typed text) at a suggested
 * address, handed to the courier person (SPEC.md section 3, role `courier`) named here. Offered only
 * where nobody comes to an office or meets a specialist (`offeredWhen`): a remote order's token.
 */
const whenCourier = ["courier_delivery", "true"] as const
const courierFields = (offeredWhen: readonly [string, string]): readonly FormField[] => [
  {
    name: "courier_delivery",
    type: "checkbox",
    label: "Доставка курьером",
    attributes: { hint: "Носитель и документы привезёт курьер; стоимость и срок зависят от города. Без доставки их можно забрать в офисе", when: offeredWhen },
  },
  {
    name: "delivery_city",
    type: "autocomplete",
    label: "Город доставки",
    placeholder: "Начните вводить название города",
    validations: [{ name: "depends", args: whenCourier }],
    attributes: { source: "delivery_cities" },
    handlers: { input: "loadDeliveryCities" },
  },
  {
    name: "courier_address",
    type: "dadata",
    label: "Адрес доставки",
    placeholder: "Улица, дом, офис",
    validations: [{ name: "depends", args: whenCourier }, { name: "maxLength", args: [500] }],
    attributes: { suggest: "address", autoComplete: "off" },
  },
  ...rolePersonName("courier", whenCourier),
  {
    name: "courier_phone",
    type: "input",
    label: "Телефон получателя",
    placeholder: "+7 (___) ___-__-__",
    mask: "phone",
    validations: [{ name: "depends", args: whenCourier }, "phone"],
    attributes: { type: "tel", inputMode: "tel", autoComplete: "off" },
  },
]

/** In-person variants: the choice, then the office or the address it needs (the token is handed over there). */
export const inPersonFields: readonly FormField[] = [identification, office, visitAddress]

/** Orders of options: the choice without the variant switch, then the office or the address, or a remote order's courier delivery. */
export const optionReceiptFields: readonly FormField[] = [optionIdentification, office, visitAddress, ...courierFields(["identification", "remote"])]

/**
 * Remote variants: the remote way of identification (an existing qualified signature, or biometrics
 * of the Unified Biometric System; the state-services button stays hidden, SPEC.md "Header
 * behaviour"), where the key will live, and a token's courier delivery.
 */
export const remoteFields: readonly FormField[] = [
  identification,
  {
    name: "remote_method",
    type: "radiogroup",
    label: "Способ удалённой идентификации",
    validations: ["required"],
    attributes: {
      options: [
        { value: "qes", label: "Действующей квалифицированной электронной подписью", attributes: { tooltip: "Заявление подписывается вашей действующей КЭП, выданной на вас же" } },
        { value: "biometrics", label: "По биометрии (Единая биометрическая система)", attributes: { tooltip: "Нужна подтверждённая биометрия, сданная в банке" } },
      ],
    },
  },
  {
    name: "key_storage",
    type: "radiogroup",
    label: "Где будет храниться ключ подписи",
    validations: ["required"],
    attributes: {
      options: [
        { value: "token", label: "На защищённом носителе (Рутокен, JaCarta) с доставкой" },
        { value: "dss", label: "В облачном сервисе КриптоПро DSS (приложение myDSS)" },
      ],
    },
  },
  {
    name: "dss_user",
    type: "checkbox",
    label: "У меня уже есть учётная запись myDSS",
    attributes: { hint: "Подпись будет привязана к ней; после оплаты откроется ссылка для входа в приложение", when: ["key_storage", "dss"] },
  },
  ...courierFields(["key_storage", "token"]),
]

/** The order draft is kept in a cookie (SPEC.md section 3, "Order draft"). */
export const saveDraft: FormField = {
  name: "save_draft",
  type: "button",
  label: "Сохранить черновик",
  attributes: { variant: "secondary" },
  handlers: { click: "saveOrderDraft" },
}

export const submitOrder: FormField = { name: "submit", type: "submit", label: "Оформить заявку", attributes: { variant: "primary" } }
