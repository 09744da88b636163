/**
 * Demo companies for the embedded suggest (no DaData key): organisations (ООО, АО, ПАО) and
 * individual entrepreneurs (ИП) with ИНН, КПП, ОГРН/ОГРНИП whose control digits are right, shaped like
 * DaData's party suggestions. Some are liquidated or being liquidated, as in the real register, so the
 * browser's filter on ACTIVE has something to drop.
 */
import { completeInn10, completeInn12, completeOgrn, completeOgrnip } from "../../../schemas/rules/check-digits.ts"
import { prng, type Prng } from "./prng.ts"
import { addressStrings, seedAddresses, type SeedAddress } from "./suggest-addresses.ts"

export type CompanyStatus = "ACTIVE" | "LIQUIDATING" | "LIQUIDATED"

export interface SeedCompany {
  readonly inn: string
  readonly kpp: string | null
  readonly ogrn: string
  readonly type: "LEGAL" | "INDIVIDUAL"
  readonly full_with_opf: string
  readonly short_with_opf: string
  readonly management_name: string | null
  readonly management_post: string | null
  readonly address_value: string
  readonly address_unrestricted: string
  readonly status: CompanyStatus
}

const ROOTS = [
  "Вектор", "Альфа", "Гранит", "Меридиан", "Технолайн", "Стройресурс", "Агрокомплекс", "Промтехника",
  "Энергосервис", "Медиагрупп", "Транзит", "Спектр", "Горизонт", "Радуга", "Инвестпроект", "Сибирь",
  "Уралтехснаб", "Волга", "Балтика", "Континент", "Фаворит", "Орион", "Атлант", "Эталон", "Прогресс",
  "Кристалл", "Импульс", "Лидер", "Стандарт", "Профиль", "Феникс", "Аврора", "Магистраль", "Гарант",
  "Оптима", "Монолит", "Сфера", "Альянс", "Вершина", "Домострой", "Теплосеть", "Электромонтаж",
  "Ёлочка", "Северное сияние", "Зелёный город", "Берёзка", "Дорстрой", "Мостотрест", "Фармация", "Хлебозавод",
] as const
const SUFFIXES = ["", "-М", " Плюс", " Групп", "-Сервис", "-Строй", "-Трейд", " Регион", "-Инвест", " Про"] as const
const FORMS = [
  { short: "ООО", full: "ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ", share: 0.72 },
  { short: "АО", full: "АКЦИОНЕРНОЕ ОБЩЕСТВО", share: 0.2 },
  { short: "ПАО", full: "ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО", share: 0.08 },
] as const
const POSTS = ["ГЕНЕРАЛЬНЫЙ ДИРЕКТОР", "ГЕНЕРАЛЬНЫЙ ДИРЕКТОР", "ДИРЕКТОР", "ПРЕЗИДЕНТ"] as const

const MALE = {
  last: ["Иванов", "Смирнов", "Кузнецов", "Попов", "Васильев", "Петров", "Соколов", "Михайлов", "Новиков", "Фёдоров", "Морозов", "Волков", "Алексеев", "Лебедев", "Семёнов", "Егоров", "Павлов", "Козлов", "Степанов", "Николаев"],
  first: ["Александр", "Сергей", "Дмитрий", "Андрей", "Алексей", "Максим", "Евгений", "Иван", "Михаил", "Артём", "Николай", "Владимир"],
  middle: ["Александрович", "Сергеевич", "Дмитриевич", "Андреевич", "Алексеевич", "Викторович", "Иванович", "Михайлович", "Николаевич", "Петрович"],
}
const FEMALE = {
  last: MALE.last.map((s) => `${s}а`),
  first: ["Елена", "Ольга", "Наталья", "Татьяна", "Анна", "Мария", "Ирина", "Светлана", "Екатерина", "Юлия", "Марина", "Дарья"],
  middle: ["Александровна", "Сергеевна", "Дмитриевна", "Андреевна", "Алексеевна", "Викторовна", "Ивановна", "Михайловна", "Николаевна", "Петровна"],
}

const fio = (r: Prng) => {
  const set = r.next() < 0.6 ? MALE : FEMALE
  return `${r.pick(set.last)} ${r.pick(set.first)} ${r.pick(set.middle)}`
}

const status = (r: Prng): CompanyStatus => {
  const x = r.next()
  return x < 0.12 ? "LIQUIDATED" : x < 0.16 ? "LIQUIDATING" : "ACTIVE"
}

/** A tax office of the address's region: two digits of the region, two of the office. */
const taxOffice = (r: Prng, a: SeedAddress) => `${a.regionCode}${String(r.int(1, 36)).padStart(2, "0")}`

const officeAddress = (r: Prng, a: SeedAddress) => {
  const tail = r.next() < 0.6 ? `${r.pick(["офис", "помещ", "кв"])} ${r.int(1, 420)}` : undefined
  const s = addressStrings({
    postal_code: a.postal_code,
    region: a.region_with_type,
    city: a.city_with_type,
    street: a.street_with_type,
    house: a.house,
    ...(tail ? { tail } : {}),
  })
  return { address_value: s.value, address_unrestricted: s.unrestricted_value }
}

/** The demo legal person of the accounts seed, so its director finds the own company by name or ИНН. */
export interface DemoCompany {
  readonly inn: string
  readonly kpp: string
  readonly ogrn: string
  readonly director: string
}

/** Fixed companies tests and demos can name: the demo legal person and two namesakes that are closing. */
function namedCompanies(addresses: readonly SeedAddress[], demo: DemoCompany): SeedCompany[] {
  const moscow = addresses.find((a) => a.regionCode === "77")!
  const { value, unrestricted_value } = addressStrings({
    postal_code: moscow.postal_code,
    region: moscow.region_with_type,
    city: moscow.city_with_type,
    street: moscow.street_with_type,
    house: moscow.house,
  })
  const address = { address_value: value, address_unrestricted: unrestricted_value }
  const legal = (name: string, inn9: string, ogrn12: string, st: CompanyStatus, management: string): SeedCompany => ({
    inn: completeInn10(inn9),
    kpp: `${inn9.slice(0, 4)}01001`,
    ogrn: completeOgrn(ogrn12),
    type: "LEGAL",
    full_with_opf: `ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "${name}"`,
    short_with_opf: `ООО "${name}"`,
    management_name: management,
    management_post: "ГЕНЕРАЛЬНЫЙ ДИРЕКТОР",
    ...address,
    status: st,
  })
  return [
    {
      inn: demo.inn,
      kpp: demo.kpp,
      ogrn: demo.ogrn,
      type: "LEGAL",
      full_with_opf: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "РОМАШКА"',
      short_with_opf: 'ООО "РОМАШКА"',
      management_name: demo.director,
      management_post: "ГЕНЕРАЛЬНЫЙ ДИРЕКТОР",
      ...address,
      status: "ACTIVE",
    },
    legal("РОМАШКА-М", "771401234", "116774601234", "LIQUIDATED", "Сидоров Олег Иванович"),
    legal("РОМАШКА ПЛЮС", "772905678", "117774605678", "LIQUIDATING", "Орлова Ирина Андреевна"),
  ]
}

/** About three hundred companies (240 organisations, 60 entrepreneurs), the same on every run. */
export function seedCompanies(demo: DemoCompany): SeedCompany[] {
  const r = prng(20_260_105)
  const addresses = seedAddresses()
  const out = namedCompanies(addresses, demo)
  const inns = new Set(out.map((c) => c.inn))
  const fresh = (make: () => string) => {
    for (;;) {
      const v = make()
      if (!inns.has(v)) {
        inns.add(v)
        return v
      }
    }
  }
  // Every root with every suffix, in a fixed shuffled order: 240 distinct names.
  const names = ROOTS.flatMap((root) => SUFFIXES.map((suffix) => `${root}${suffix}`.toUpperCase()))
  for (let i = names.length - 1; i > 0; i--) {
    const j = r.int(0, i)
    ;[names[i], names[j]] = [names[j]!, names[i]!]
  }
  for (const name of names.slice(0, 240)) {
    const a = r.pick(addresses)
    const x = r.next()
    const form = x < FORMS[0].share ? FORMS[0] : x < FORMS[0].share + FORMS[1].share ? FORMS[1] : FORMS[2]
    const office = taxOffice(r, a)
    const year = String(r.int(2, 23)).padStart(2, "0")
    out.push({
      inn: fresh(() => completeInn10(`${office}${r.digits(5)}`)),
      kpp: `${office}01001`,
      ogrn: completeOgrn(`${r.pick(["1", "5"])}${year}${office}${r.digits(5)}`),
      type: "LEGAL",
      full_with_opf: `${form.full} "${name}"`,
      short_with_opf: `${form.short} "${name}"`,
      management_name: fio(r),
      management_post: form.short === "ООО" ? r.pick(POSTS.slice(0, 3)) : r.pick(POSTS),
      ...officeAddress(r, a),
      status: status(r),
    })
  }
  for (let i = 0; i < 60; i++) {
    const a = r.pick(addresses)
    const person = fio(r)
    const year = String(r.int(4, 24)).padStart(2, "0")
    out.push({
      inn: fresh(() => completeInn12(`${taxOffice(r, a)}${r.digits(6)}`)),
      kpp: null,
      ogrn: completeOgrnip(`3${year}${a.regionCode}${r.digits(9)}`),
      type: "INDIVIDUAL",
      full_with_opf: `Индивидуальный предприниматель ${person}`,
      short_with_opf: `ИП ${person}`,
      management_name: null,
      management_post: null,
      ...officeAddress(r, a),
      status: status(r),
    })
  }
  return out
}
