/** The CRM's texts of the catalogue: apart from the site's, so no site chunk carries them. */
export const catalogueCrmMessages = {
  duplicateGroupSlug: "Группа с таким кодом уже существует",
  duplicatePartnerCode: "Партнёр с таким кодом уже существует",
  unknownTariff: "Тариф не найден",
  unknownCity: "Город не найден",
  unknownPartner: "Партнёр не найден",
  cityHasOffices: "В городе есть офисы обслуживания: сначала перенесите их в другой город или удалите",
  phoneFormat: "Укажите телефон в формате +7 (999) 999-99-99",
} as const
