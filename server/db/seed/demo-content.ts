/** Russian demo content for the embedded default: what a visitor of a CA's site expects to see. */

export interface SeedMenuItem {
  name: string
  url: string
  top?: boolean
  bottom?: boolean
  children?: SeedMenuItem[]
}

export const demoMenu: SeedMenuItem[] = [
  {
    name: "Электронная подпись",
    url: "/price",
    top: true,
    children: [
      { name: "Для участников торгов", url: "/price", top: true },
      { name: "Для юридических лиц", url: "/corporate", top: true },
      { name: "Машиночитаемая доверенность", url: "/epoa", top: true },
      { name: "Программа для УЦ и СУЗ", url: "/po_suz_uc", top: true },
    ],
  },
  { name: "Как купить", url: "/buy", top: true },
  { name: "Цены", url: "/price", top: true },
  { name: "Площадки", url: "/platforms", top: true },
  { name: "Офисы обслуживания", url: "/office", top: true, bottom: true },
  {
    name: "Помощь",
    url: "/faq",
    top: true,
    children: [
      { name: "Вопросы и ответы", url: "/faq", top: true },
      { name: "Необходимые документы", url: "/doc_needs", top: true },
      { name: "Документы УЦ", url: "/docs", top: true },
      { name: "Реестр сертификатов", url: "/reestr", top: true },
      { name: "Проверка электронной подписи", url: "/svs", top: true },
      { name: "Проверка рабочего места", url: "/workplace_check", top: true },
      { name: "Машиночитаемые доверенности", url: "/epoa", top: true },
    ],
  },
  { name: "Контакты", url: "/contacts", top: true, bottom: true },
  { name: "О компании", url: "/about_company", bottom: true },
  { name: "Новости", url: "/posts", bottom: true },
  { name: "Партнёрам", url: "/partners", bottom: true },
  { name: "Реестр сертификатов", url: "/reestr", bottom: true },
  { name: "Проверка электронной подписи", url: "/svs", bottom: true },
  { name: "Машиночитаемые доверенности", url: "/epoa", bottom: true },
  { name: "Отзывы", url: "/feedback", bottom: true },
]

export const demoCities: ReadonlyArray<{ name: string; slug: string }> = [
  { name: "Москва", slug: "moskva" },
  { name: "Санкт-Петербург", slug: "sankt-peterburg" },
  { name: "Новосибирск", slug: "novosibirsk" },
  { name: "Екатеринбург", slug: "ekaterinburg" },
  { name: "Казань", slug: "kazan" },
  { name: "Нижний Новгород", slug: "nizhniy-novgorod" },
  { name: "Челябинск", slug: "chelyabinsk" },
  { name: "Самара", slug: "samara" },
  { name: "Ростов-на-Дону", slug: "rostov-na-donu" },
  { name: "Краснодар", slug: "krasnodar" },
  { name: "Уфа", slug: "ufa" },
  { name: "Омск", slug: "omsk" },
]

export const demoFooterLinks: ReadonlyArray<{ group: "document" | "partner"; name: string; url: string }> = [
  { group: "document", name: "Регламент удостоверяющего центра", url: "/reglament" },
  { group: "document", name: "Политика обработки персональных данных", url: "/docs#personal-data" },
  { group: "document", name: "Политика использования cookie", url: "/cookiepolicy" },
  { group: "document", name: "Перечень документов для получения подписи", url: "/doc_needs" },
  { group: "partner", name: "Единая информационная система в сфере закупок", url: "https://zakupki.gov.ru" },
  { group: "partner", name: "Проверка электронной подписи на Госуслугах", url: "https://www.gosuslugi.ru/pgu/eds" },
  { group: "partner", name: "КриптоПро CSP", url: "https://www.cryptopro.ru" },
  { group: "partner", name: "ФНС России: электронная подпись", url: "https://www.nalog.gov.ru" },
]
