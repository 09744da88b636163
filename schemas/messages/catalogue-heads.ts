/**
 * The catalogue pages' head descriptions: the route table's, so in every first load; the
 * rest of the catalogue's texts (schemas/messages/catalogue.ts) load with its pages.
 */
export const catalogueHeads = {
  priceDescription: "Тарифы удостоверяющего центра и стоимость дополнительных услуг: носители, лицензии КриптоПро, регистрация на площадках.",
  platformsDescription: "Площадки для торгов и закупок и тарифы электронной подписи для работы на них.",
  officeDescription: "Адреса, часы работы и телефоны офисов удостоверяющего центра в вашем городе.",
  partnersDescription: "Банки и электронные площадки, клиенты которых получают электронную подпись на особых условиях.",
} as const
