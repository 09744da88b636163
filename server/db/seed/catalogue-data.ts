import type { OptionKind, PartnerKind, PlatformGroup, TariffApplicantKind } from "../../../schemas/entities/catalogue.ts"

/**
 * The catalogue's demo data: tariffs of a Russian CA at market prices, the extras sold with
 * them, real platforms, offices in the seeded cities, partner banks and platforms, delivery cities.
 * Addresses and phones of the offices are demonstration data.
 */

export const seedGroups = [
  { slug: "certificates", name: "Сертификаты электронной подписи", description: "Квалифицированные и неквалифицированные сертификаты для торгов, отчётности и документооборота.", position: 10 },
  { slug: "media", name: "Носители", description: "Защищённые носители для хранения ключа электронной подписи.", position: 20 },
  { slug: "licenses", name: "Лицензии КриптоПро", description: "Лицензии средства криптографической защиты информации КриптоПро CSP.", position: 30 },
  { slug: "services", name: "Услуги", description: "Регистрация на площадках и настройка рабочего места.", position: 40 },
] as const

const LE: TariffApplicantKind[] = ["legal_entity", "entrepreneur"]
const ALL: TariffApplicantKind[] = ["legal_entity", "entrepreneur", "individual_person"]

export interface SeedTariff {
  readonly key: string
  readonly name: string
  readonly purpose: string
  readonly description: string
  readonly applicant_kinds: readonly TariffApplicantKind[]
  readonly qualified: boolean
  /** 12 months' price, 15 months' price (or null when only 12). */
  readonly prices: readonly [number, number | null]
  readonly oftenBuy?: boolean
  readonly platforms: readonly string[]
}

const li = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`

export const seedTariffs: readonly SeedTariff[] = [
  {
    key: "zakupki",
    name: "КЭП для госзакупок",
    purpose: "Для участников закупок по 44-ФЗ и 223-ФЗ",
    description: `<p>Квалифицированная электронная подпись для работы в ЕИС и на федеральных электронных площадках.</p>${li(["Регистрация в ЕИС и на восьми федеральных площадках", "Подача заявок и подписание контрактов", "Работа с банковскими гарантиями"])}`,
    applicant_kinds: LE,
    qualified: true,
    prices: [4900, 5900],
    oftenBuy: true,
    platforms: ["eis", "sberbank-ast", "rts", "roseltorg", "etpgpb", "tektorg", "rad", "astgoz"],
  },
  {
    key: "corporate",
    name: "КЭП для корпоративных закупок",
    purpose: "Для закупок компаний с госучастием по 223-ФЗ",
    description: `<p>Подпись для коммерческих секций федеральных площадок и корпоративных закупок госкомпаний.</p>${li(["Закупки по 223-ФЗ", "Коммерческие секции площадок", "Подписание договоров"])}`,
    applicant_kinds: LE,
    qualified: true,
    prices: [5900, 6900],
    platforms: ["eis", "sberbank-ast", "rts", "roseltorg", "etpgpb", "tektorg", "b2b-center"],
  },
  {
    key: "commercial",
    name: "Коммерческие торги",
    purpose: "Для коммерческих электронных площадок",
    description: `<p>Подпись с расширенным набором объектных идентификаторов для коммерческих площадок.</p>${li(["B2B-Center, Фабрикант и другие площадки", "Закупки крупных компаний", "Подписание документов"])}`,
    applicant_kinds: LE,
    qualified: true,
    prices: [6900, 7900],
    platforms: ["b2b-center", "fabrikant", "tektorg", "etpgpb"],
  },
  {
    key: "auctions",
    name: "Имущественные торги и банкротство",
    purpose: "Для торгов по банкротству и продаже имущества",
    description: `<p>Подпись для участия в торгах по продаже имущества должников и государственного имущества.</p>${li(["Торги по банкротству", "Приватизация и аренда", "Подходит физическим лицам"])}`,
    applicant_kinds: ALL,
    qualified: true,
    prices: [7900, 9900],
    platforms: ["lot-online", "rad", "fabrikant", "sberbank-ast", "roseltorg"],
  },
  {
    key: "reporting",
    name: "Отчётность",
    purpose: "Для сдачи отчётности в ФНС, СФР и Росстат",
    description: `<p>Подпись для электронной отчётности и работы в личных кабинетах контролирующих органов.</p>${li(["ФНС, СФР, Росстат, Росалкогольтабакконтроль", "Личный кабинет налогоплательщика", "Госуслуги для бизнеса"])}`,
    applicant_kinds: ALL,
    qualified: true,
    prices: [2900, 3500],
    oftenBuy: true,
    platforms: [],
  },
  {
    key: "edo",
    name: "Электронный документооборот",
    purpose: "Для обмена счетами-фактурами, УПД и договорами",
    description: `<p>Подпись для юридически значимого обмена документами с контрагентами.</p>${li(["Операторы ЭДО", "Маркировка товаров (Честный знак)", "ЕГАИС"])}`,
    applicant_kinds: LE,
    qualified: true,
    prices: [2500, null],
    platforms: [],
  },
  {
    key: "nep",
    name: "Неквалифицированная подпись для площадки",
    purpose: "Для аккредитации на коммерческих площадках, принимающих НЭП",
    description: `<p>Неквалифицированная подпись для площадок, правила которых её допускают.</p>${li(["Выпуск за один день", "Без визита в офис при наличии КЭП"])}`,
    applicant_kinds: ALL,
    qualified: false,
    prices: [2500, null],
    platforms: ["fabrikant", "b2b-center"],
  },
]

export interface SeedExtra {
  readonly name: string
  readonly kind: OptionKind
  readonly period: number | null
  readonly price: number
  readonly tooltip: string
  readonly group: string
  readonly oftenBuy?: boolean
}

export const seedExtras: readonly SeedExtra[] = [
  { name: "Рутокен Lite", kind: "token", period: null, price: 1500, tooltip: "Сертифицированный носитель для хранения ключа", group: "media", oftenBuy: true },
  { name: "Рутокен ЭЦП 3.0", kind: "token", period: null, price: 2900, tooltip: "Носитель с аппаратной криптографией, подходит для ЕГАИС", group: "media" },
  { name: "Лицензия КриптоПро CSP 5.0", kind: "license", period: 12, price: 2200, tooltip: "Годовая лицензия на рабочее место", group: "licenses", oftenBuy: true },
  { name: "Лицензия КриптоПро CSP 5.0 бессрочная", kind: "license", period: null, price: 4900, tooltip: "Бессрочная лицензия на одно рабочее место", group: "licenses" },
  { name: "Регистрация в ЕИС", kind: "registration", period: null, price: 2000, tooltip: "Специалист зарегистрирует организацию в ЕИС", group: "services" },
  { name: "Аккредитация на площадке", kind: "registration", period: null, price: 2500, tooltip: "Аккредитация на одной электронной площадке", group: "services" },
  { name: "Настройка рабочего места", kind: "setup", period: null, price: 1500, tooltip: "Удалённая установка и настройка ПО для работы с подписью", group: "services", oftenBuy: true },
]

export interface SeedPlatform {
  readonly key: string
  readonly name: string
  readonly group: PlatformGroup
  readonly url: string
  readonly description: string
}

export const seedPlatforms: readonly SeedPlatform[] = [
  { key: "eis", name: "ЕИС в сфере закупок", group: "gov", url: "https://zakupki.gov.ru", description: "Единая информационная система: регистрация участников закупок и реестр контрактов." },
  { key: "sberbank-ast", name: "Сбербанк-АСТ", group: "gov", url: "https://www.sberbank-ast.ru", description: "Федеральная площадка для закупок по 44-ФЗ, 223-ФЗ и имущественных торгов." },
  { key: "rts", name: "РТС-тендер", group: "gov", url: "https://www.rts-tender.ru", description: "Федеральная площадка госзакупок и закупок по 223-ФЗ." },
  { key: "roseltorg", name: "Росэлторг (ЕЭТП)", group: "gov", url: "https://www.roseltorg.ru", description: "Единая электронная торговая площадка: госзакупки, 223-ФЗ, продажа имущества." },
  { key: "etpgpb", name: "ЭТП ГПБ", group: "corporate", url: "https://etpgpb.ru", description: "Электронная торговая площадка Газпромбанка." },
  { key: "tektorg", name: "ТЭК-Торг", group: "corporate", url: "https://www.tektorg.ru", description: "Площадка закупок топливно-энергетического комплекса." },
  { key: "rad", name: "Российский аукционный дом", group: "property", url: "https://lot-online.ru", description: "Торги по продаже государственного и частного имущества, банкротство." },
  { key: "astgoz", name: "АСТ ГОЗ", group: "gov", url: "https://www.astgoz.ru", description: "Закупки по государственному оборонному заказу." },
  { key: "b2b-center", name: "B2B-Center", group: "commercial", url: "https://www.b2b-center.ru", description: "Крупнейшая площадка коммерческих закупок." },
  { key: "fabrikant", name: "Фабрикант", group: "commercial", url: "https://www.fabrikant.ru", description: "Коммерческие закупки и торги по банкротству." },
  { key: "lot-online", name: "ЛОТ-Онлайн", group: "property", url: "https://lot-online.ru", description: "Аукционы по продаже имущества должников и приватизации." },
]

export interface SeedOffice {
  readonly city: string
  readonly name: string
  readonly address: string
  readonly hours: string
  readonly phone: string
  readonly metro: string | null
}

export const seedOffices: readonly SeedOffice[] = [
  { city: "moskva", name: "Офис на Тверской", address: "г. Москва, ул. Тверская, д. 12, стр. 1, офис 305", hours: "пн–пт 9:00–18:00", phone: "+74951234501", metro: "Пушкинская" },
  { city: "moskva", name: "Офис у Курского вокзала", address: "г. Москва, ул. Земляной Вал, д. 33, офис 512", hours: "пн–пт 9:00–19:00, сб 10:00–15:00", phone: "+74951234502", metro: "Курская" },
  { city: "moskva", name: "Офис в Москва-Сити", address: "г. Москва, Пресненская наб., д. 10, блок С, офис 1204", hours: "пн–пт 9:00–18:00", phone: "+74951234503", metro: "Выставочная" },
  { city: "sankt-peterburg", name: "Офис на Невском", address: "г. Санкт-Петербург, Невский пр., д. 88, офис 27", hours: "пн–пт 9:00–18:00", phone: "+78121234501", metro: "Маяковская" },
  { city: "sankt-peterburg", name: "Офис на Московском", address: "г. Санкт-Петербург, Московский пр., д. 143, офис 410", hours: "пн–пт 9:00–18:00, сб 10:00–14:00", phone: "+78121234502", metro: "Электросила" },
  { city: "novosibirsk", name: "Офис в центре", address: "г. Новосибирск, Красный пр., д. 28, офис 602", hours: "пн–пт 9:00–18:00", phone: "+73831234501", metro: "Площадь Ленина" },
  { city: "ekaterinburg", name: "Офис на Малышева", address: "г. Екатеринбург, ул. Малышева, д. 51, офис 1105", hours: "пн–пт 9:00–18:00", phone: "+73431234501", metro: "Геологическая" },
  { city: "kazan", name: "Офис на Баумана", address: "г. Казань, ул. Пушкина, д. 26, офис 214", hours: "пн–пт 9:00–18:00", phone: "+78431234501", metro: "Площадь Тукая" },
  { city: "nizhniy-novgorod", name: "Офис на Большой Покровской", address: "г. Нижний Новгород, ул. Большая Покровская, д. 45, офис 8", hours: "пн–пт 9:00–18:00", phone: "+78311234501", metro: "Горьковская" },
  { city: "chelyabinsk", name: "Офис на Ленина", address: "г. Челябинск, пр. Ленина, д. 55а, офис 301", hours: "пн–пт 9:00–18:00", phone: "+73511234501", metro: null },
  { city: "samara", name: "Офис на Московском шоссе", address: "г. Самара, Московское ш., д. 4, корп. 15, офис 707", hours: "пн–пт 9:00–18:00", phone: "+78461234501", metro: "Российская" },
  { city: "rostov-na-donu", name: "Офис на Большой Садовой", address: "г. Ростов-на-Дону, ул. Большая Садовая, д. 73, офис 19", hours: "пн–пт 9:00–18:00", phone: "+78631234501", metro: null },
  { city: "krasnodar", name: "Офис на Красной", address: "г. Краснодар, ул. Красная, д. 122, офис 44", hours: "пн–пт 9:00–18:00, сб 10:00–14:00", phone: "+78611234501", metro: null },
  { city: "ufa", name: "Офис на проспекте Октября", address: "г. Уфа, пр. Октября, д. 33, офис 210", hours: "пн–пт 9:00–18:00", phone: "+73471234501", metro: null },
]

export interface SeedPartner {
  readonly code: string
  readonly name: string
  readonly kind: PartnerKind
  readonly description: string
  readonly url: string
}

export const seedPartners: readonly SeedPartner[] = [
  { code: "sberbank", name: "СберБанк", kind: "bank", description: "Клиенты банка получают подпись на льготных условиях и регистрацию на площадке Сбербанк-АСТ.", url: "https://www.sberbank.ru" },
  { code: "vtb", name: "Банк ВТБ", kind: "bank", description: "Подпись для расчётно-кассового обслуживания и банковских гарантий клиентов ВТБ.", url: "https://www.vtb.ru" },
  { code: "alfabank", name: "Альфа-Банк", kind: "bank", description: "Подпись для участия в закупках с банковским сопровождением Альфа-Банка.", url: "https://alfabank.ru" },
  { code: "tochka", name: "Банк Точка", kind: "bank", description: "Электронная подпись для предпринимателей — клиентов банка.", url: "https://tochka.com" },
  { code: "roseltorg", name: "Росэлторг", kind: "platform", description: "Аккредитованный партнёр площадки: подпись и аккредитация в одном заказе.", url: "https://www.roseltorg.ru" },
  { code: "fabrikant", name: "Фабрикант", kind: "platform", description: "Подпись для коммерческих закупок и торгов по банкротству на площадке.", url: "https://www.fabrikant.ru" },
]

/** Courier delivery: [name, region, cost in rubles, working days]. */
export const seedDeliveryCities: ReadonlyArray<readonly [string, string, number, number]> = [
  ["Москва", "Москва", 500, 1], ["Санкт-Петербург", "Санкт-Петербург", 600, 2], ["Новосибирск", "Новосибирская область", 900, 3],
  ["Екатеринбург", "Свердловская область", 800, 3], ["Казань", "Республика Татарстан", 700, 2], ["Нижний Новгород", "Нижегородская область", 700, 2],
  ["Челябинск", "Челябинская область", 800, 3], ["Самара", "Самарская область", 700, 3], ["Ростов-на-Дону", "Ростовская область", 700, 3],
  ["Краснодар", "Краснодарский край", 700, 3], ["Уфа", "Республика Башкортостан", 800, 3], ["Омск", "Омская область", 900, 4],
  ["Красноярск", "Красноярский край", 1000, 4], ["Воронеж", "Воронежская область", 650, 2], ["Пермь", "Пермский край", 800, 3],
  ["Волгоград", "Волгоградская область", 750, 3], ["Саратов", "Саратовская область", 750, 3], ["Тюмень", "Тюменская область", 850, 3],
  ["Тольятти", "Самарская область", 750, 3], ["Ижевск", "Удмуртская Республика", 800, 3], ["Барнаул", "Алтайский край", 950, 4],
  ["Ульяновск", "Ульяновская область", 750, 3], ["Иркутск", "Иркутская область", 1100, 5], ["Хабаровск", "Хабаровский край", 1300, 6],
  ["Ярославль", "Ярославская область", 600, 2], ["Владивосток", "Приморский край", 1400, 6], ["Махачкала", "Республика Дагестан", 1000, 5],
  ["Томск", "Томская область", 950, 4], ["Оренбург", "Оренбургская область", 850, 4], ["Кемерово", "Кемеровская область", 950, 4],
  ["Новокузнецк", "Кемеровская область", 950, 4], ["Рязань", "Рязанская область", 600, 2], ["Астрахань", "Астраханская область", 850, 4],
  ["Набережные Челны", "Республика Татарстан", 800, 3], ["Пенза", "Пензенская область", 700, 3], ["Киров", "Кировская область", 800, 3],
  ["Липецк", "Липецкая область", 650, 2], ["Чебоксары", "Чувашская Республика", 750, 3], ["Калининград", "Калининградская область", 1000, 4],
  ["Тула", "Тульская область", 600, 2], ["Ставрополь", "Ставропольский край", 800, 3], ["Курск", "Курская область", 650, 2],
  ["Улан-Удэ", "Республика Бурятия", 1200, 5], ["Сочи", "Краснодарский край", 850, 3], ["Тверь", "Тверская область", 550, 2],
  ["Магнитогорск", "Челябинская область", 850, 4], ["Иваново", "Ивановская область", 600, 2], ["Брянск", "Брянская область", 650, 2],
  ["Белгород", "Белгородская область", 650, 2], ["Сургут", "Ханты-Мансийский автономный округ — Югра", 1100, 4], ["Владимир", "Владимирская область", 550, 2],
  ["Архангельск", "Архангельская область", 950, 4], ["Чита", "Забайкальский край", 1300, 6], ["Калуга", "Калужская область", 550, 2],
  ["Смоленск", "Смоленская область", 600, 2], ["Волжский", "Волгоградская область", 750, 3], ["Курган", "Курганская область", 900, 4],
  ["Орёл", "Орловская область", 650, 2], ["Череповец", "Вологодская область", 750, 3], ["Вологда", "Вологодская область", 700, 3],
  ["Мурманск", "Мурманская область", 1100, 5], ["Якутск", "Республика Саха (Якутия)", 1600, 7],
]
