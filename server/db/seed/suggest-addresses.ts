/**
 * Demo addresses for the embedded suggest (no DaData key): the twelve cities of the demo content,
 * eight real streets each with their postal code, a few houses per street; shaped like DaData's
 * address suggestions (`г Москва, ул Тверская, д 7, кв 12`).
 */
import { prng } from "./prng.ts"

export interface SeedAddress {
  readonly value: string
  readonly unrestricted_value: string
  readonly postal_code: string
  readonly region_with_type: string
  readonly city_with_type: string
  readonly street_with_type: string
  readonly house: string
  readonly flat: string | null
  /** The region's code in ИНН, КПП and ОГРН (77 for Moscow). */
  readonly regionCode: string
}

interface SeedCity {
  readonly city: string
  /** Equal to `city` for Moscow and Saint Petersburg (federal cities). */
  readonly region: string
  readonly regionCode: string
  readonly streets: ReadonlyArray<readonly [street: string, postalCode: string]>
}

export const seedCities: readonly SeedCity[] = [
  {
    city: "г Москва",
    region: "г Москва",
    regionCode: "77",
    streets: [
      ["ул Тверская", "125009"],
      ["ул Новый Арбат", "119019"],
      ["Ленинский пр-кт", "119071"],
      ["ул Мясницкая", "101000"],
      ["пр-кт Мира", "129090"],
      ["ул Профсоюзная", "117292"],
      ["Кутузовский пр-кт", "121165"],
      ["ул Большая Ордынка", "119017"],
    ],
  },
  {
    city: "г Санкт-Петербург",
    region: "г Санкт-Петербург",
    regionCode: "78",
    streets: [
      ["Невский пр-кт", "191025"],
      ["ул Садовая", "191023"],
      ["Литейный пр-кт", "191028"],
      ["Московский пр-кт", "196084"],
      ["ул Марата", "191025"],
      ["Лиговский пр-кт", "191040"],
      ["ул Большая Морская", "190000"],
      ["Каменноостровский пр-кт", "197101"],
    ],
  },
  {
    city: "г Новосибирск",
    region: "Новосибирская обл",
    regionCode: "54",
    streets: [
      ["Красный пр-кт", "630099"],
      ["ул Ленина", "630004"],
      ["ул Фрунзе", "630005"],
      ["ул Кирова", "630102"],
      ["ул Советская", "630007"],
      ["ул Гоголя", "630005"],
      ["ул Богдана Хмельницкого", "630075"],
      ["ул Писарева", "630005"],
    ],
  },
  {
    city: "г Екатеринбург",
    region: "Свердловская обл",
    regionCode: "66",
    streets: [
      ["ул Малышева", "620014"],
      ["пр-кт Ленина", "620014"],
      ["ул 8 Марта", "620014"],
      ["ул Вайнера", "620014"],
      ["ул Куйбышева", "620026"],
      ["ул Мамина-Сибиряка", "620075"],
      ["ул Белинского", "620026"],
      ["ул Радищева", "620014"],
    ],
  },
  {
    city: "г Казань",
    region: "Респ Татарстан",
    regionCode: "16",
    streets: [
      ["ул Баумана", "420111"],
      ["ул Пушкина", "420015"],
      ["ул Петербургская", "420107"],
      ["пр-кт Победы", "420138"],
      ["ул Кремлёвская", "420111"],
      ["ул Гвардейская", "420073"],
      ["ул Декабристов", "420066"],
      ["ул Ершова", "420061"],
    ],
  },
  {
    city: "г Нижний Новгород",
    region: "Нижегородская обл",
    regionCode: "52",
    streets: [
      ["ул Большая Покровская", "603005"],
      ["ул Рождественская", "603001"],
      ["ул Белинского", "603000"],
      ["ул Варварская", "603005"],
      ["пр-кт Гагарина", "603022"],
      ["ул Родионова", "603093"],
      ["ул Максима Горького", "603000"],
      ["ул Ильинская", "603000"],
    ],
  },
  {
    city: "г Челябинск",
    region: "Челябинская обл",
    regionCode: "74",
    streets: [
      ["пр-кт Ленина", "454091"],
      ["ул Кирова", "454000"],
      ["ул Свободы", "454091"],
      ["ул Труда", "454000"],
      ["Комсомольский пр-кт", "454021"],
      ["ул Энтузиастов", "454080"],
      ["ул Воровского", "454048"],
      ["ул Молдавская", "454021"],
    ],
  },
  {
    city: "г Самара",
    region: "Самарская обл",
    regionCode: "63",
    streets: [
      ["ул Ленинградская", "443099"],
      ["ул Молодогвардейская", "443099"],
      ["Московское ш", "443086"],
      ["ул Куйбышева", "443099"],
      ["ул Галактионовская", "443010"],
      ["ул Ново-Садовая", "443068"],
      ["пр-кт Ленина", "443110"],
      ["ул Садовая", "443010"],
    ],
  },
  {
    city: "г Ростов-на-Дону",
    region: "Ростовская обл",
    regionCode: "61",
    streets: [
      ["ул Большая Садовая", "344002"],
      ["Будённовский пр-кт", "344002"],
      ["ул Пушкинская", "344006"],
      ["Ворошиловский пр-кт", "344006"],
      ["пр-кт Соколова", "344010"],
      ["ул Красноармейская", "344006"],
      ["ул Социалистическая", "344002"],
      ["пр-кт Стачки", "344090"],
    ],
  },
  {
    city: "г Краснодар",
    region: "Краснодарский край",
    regionCode: "23",
    streets: [
      ["ул Красная", "350000"],
      ["ул Северная", "350000"],
      ["ул Ставропольская", "350033"],
      ["ул Уральская", "350059"],
      ["ул Мира", "350063"],
      ["ул Коммунаров", "350000"],
      ["ул Калинина", "350004"],
      ["ул Тургенева", "350049"],
    ],
  },
  {
    city: "г Уфа",
    region: "Респ Башкортостан",
    regionCode: "02",
    streets: [
      ["ул Ленина", "450077"],
      ["пр-кт Октября", "450054"],
      ["ул Цюрупы", "450077"],
      ["ул Гоголя", "450076"],
      ["ул Менделеева", "450022"],
      ["ул Кирова", "450078"],
      ["ул Пушкина", "450008"],
      ["ул Революционная", "450077"],
    ],
  },
  {
    city: "г Омск",
    region: "Омская обл",
    regionCode: "55",
    streets: [
      ["ул Ленина", "644024"],
      ["пр-кт Карла Маркса", "644043"],
      ["ул Красный Путь", "644099"],
      ["пр-кт Мира", "644050"],
      ["ул 10 лет Октября", "644024"],
      ["ул Герцена", "644007"],
      ["ул Маяковского", "644007"],
      ["ул Гагарина", "644099"],
    ],
  },
]

/** Houses per street. */
const HOUSES = 3

/** DaData's two spellings of one address: `value` without, `unrestricted_value` with postal code and region. */
export function addressStrings(a: { postal_code: string; region: string; city: string; street: string; house: string; tail?: string }) {
  const local = [a.city, a.street, `д ${a.house}`, ...(a.tail ? [a.tail] : [])].join(", ")
  const unrestricted = [a.postal_code, ...(a.region === a.city ? [] : [a.region]), local].join(", ")
  return { value: local, unrestricted_value: unrestricted }
}

/** 288 addresses, the same on every run. */
export function seedAddresses(): SeedAddress[] {
  const r = prng(20_260_104)
  const out: SeedAddress[] = []
  for (const c of seedCities) {
    for (const [street, postal_code] of c.streets) {
      const used = new Set<string>()
      while (used.size < HOUSES) {
        const house = `${r.int(1, 160)}${r.next() < 0.12 ? r.pick(["А", "Б"]) : ""}`
        if (used.has(house)) continue
        used.add(house)
        const flat = r.next() < 0.45 ? String(r.int(1, 320)) : null
        out.push({
          ...addressStrings({ postal_code, region: c.region, city: c.city, street, house, ...(flat ? { tail: `кв ${flat}` } : {}) }),
          postal_code,
          region_with_type: c.region,
          city_with_type: c.city,
          street_with_type: street,
          house,
          flat,
          regionCode: c.regionCode,
        })
      }
    }
  }
  return out
}
