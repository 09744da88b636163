import { afterEach, describe, expect, it, vi } from "vitest"
import { clockTime, dayTime, dayTimeInline, dayTimeSeconds, longDay, moscowDayBounds, moscowToday, moscowYear, shortDay } from "../../schemas/dates.ts"

/** 21:30 UTC on 1 March is 00:30 on 2 March in Moscow: the day a person reads. */
const LATE = "2026-03-01T21:30:00Z"

const all = (at: string | number | Date) => [shortDay(at), dayTime(at), dayTimeSeconds(at), dayTimeInline(at), longDay(at), clockTime(at), moscowToday(at), moscowYear(at)]

const savedTz = process.env.TZ
afterEach(() => {
  if (savedTz === undefined) delete process.env.TZ
  else process.env.TZ = savedTz
})

describe("the formats", () => {
  it("writes an instant in Moscow time, each format as the pages, mails and PDFs show it", () => {
    expect(shortDay(LATE)).toBe("02.03.2026")
    expect(dayTime(LATE)).toBe("02.03.2026, 00:30")
    expect(dayTimeSeconds("2026-03-01T21:30:07Z")).toBe("02.03.2026, 00:30:07")
    expect(dayTimeInline(LATE)).toBe("02.03.2026 00:30")
    expect(longDay(LATE)).toBe("2 марта 2026 г.")
    expect(longDay("2026-11-28T09:00:00Z")).toBe("28 ноября 2026 г.")
    expect(clockTime(LATE)).toBe("00:30")
    expect(moscowToday(new Date(LATE))).toBe("2026-03-02")
    expect(moscowToday(new Date("2026-03-01T20:59:59Z"))).toBe("2026-03-01")
    expect(moscowYear(new Date("2026-12-31T21:00:00Z"))).toBe(2027)
    expect(moscowYear(new Date("2026-12-31T20:59:59Z"))).toBe(2026)
  })

  it("takes a Date, an ISO text or milliseconds alike", () => {
    const ms = Date.parse(LATE)
    expect(all(ms)).toEqual(all(LATE))
    expect(all(new Date(ms))).toEqual(all(LATE))
  })

  it("rewrites a plain calendar day as it is written, with no zone", () => {
    expect(shortDay("2026-03-01")).toBe("01.03.2026")
    expect(shortDay("2026-12-31")).toBe("31.12.2026")
  })

  it("gives back what is not a date as its text", () => {
    expect(shortDay("вчера")).toBe("вчера")
    expect(dayTime("")).toBe("")
    expect(longDay("not a date")).toBe("not a date")
    expect(clockTime(NaN)).toBe("NaN")
    expect(dayTimeInline(new Date(NaN))).toBe("Invalid Date")
    expect(moscowYear("nope")).toBeNaN()
  })

  it("writes what Intl writes for Moscow, before and after Moscow's last change of offset (2014)", () => {
    const zone = { timeZone: "Europe/Moscow" } as const
    const short = new Intl.DateTimeFormat("ru-RU", { ...zone, dateStyle: "short" })
    const shortTime = new Intl.DateTimeFormat("ru-RU", { ...zone, dateStyle: "short", timeStyle: "short" })
    const mediumTime = new Intl.DateTimeFormat("ru-RU", { ...zone, dateStyle: "short", timeStyle: "medium" })
    const long = new Intl.DateTimeFormat("ru-RU", { ...zone, dateStyle: "long" })
    const time = new Intl.DateTimeFormat("ru-RU", { ...zone, hour: "2-digit", minute: "2-digit" })
    const iso = new Intl.DateTimeFormat("sv-SE", zone)
    const instants = [Date.UTC(2014, 9, 25, 21, 59, 59), Date.UTC(2014, 9, 25, 22), Date.UTC(2010, 2, 27, 22, 30), Date.UTC(2011, 2, 26, 23, 30), Date.UTC(2000, 0, 1)]
    let seed = 11
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 48271) % 2147483647
      // 1995 to 2040, to the second.
      instants.push(Date.UTC(1995, 0, 1) + (seed % 1_420_000_000) * 1000)
    }
    for (const at of instants) {
      const label = new Date(at).toISOString()
      expect(shortDay(at), label).toBe(short.format(at))
      expect(dayTime(at), label).toBe(shortTime.format(at))
      expect(dayTimeSeconds(at), label).toBe(mediumTime.format(at))
      expect(dayTimeInline(at), label).toBe(shortTime.format(at).replace(", ", " "))
      expect(longDay(at), label).toBe(long.format(at))
      expect(clockTime(at), label).toBe(time.format(at))
      expect(moscowToday(at), label).toBe(iso.format(at))
    }
  })
})

describe("the zone rule: Moscow whatever the machine's zone", () => {
  for (const tz of ["UTC", "America/New_York", "Asia/Vladivostok"]) {
    it(`TZ=${tz}: 2026-03-01T21:30:00Z is 02.03.2026 00:30`, () => {
      const before = all(LATE)
      const old = all("2012-06-30T20:30:00Z")
      process.env.TZ = tz
      // The process's zone did change: the local hour differs from Moscow's.
      expect(new Date(LATE).getHours()).toBe({ UTC: 21, "America/New_York": 16, "Asia/Vladivostok": 7 }[tz])
      expect(all(LATE)).toEqual(before)
      expect(all(LATE)).toEqual(["02.03.2026", "02.03.2026, 00:30", "02.03.2026, 00:30:00", "02.03.2026 00:30", "2 марта 2026 г.", "00:30", "2026-03-02", 2026])
      // Before 2014 Moscow was UTC+4 all year: 20:30 UTC was 00:30 the next day.
      expect(all("2012-06-30T20:30:00Z")).toEqual(old)
      expect(shortDay("2012-06-30T20:30:00Z")).toBe("01.07.2012")
    })
  }
})

describe("a Moscow day as the instants it holds (the lists' date filters)", () => {
  it("from its first millisecond to its last, in UTC text, with the offset of that day", () => {
    expect(moscowDayBounds("2026-03-01")).toEqual({ from: "2026-02-28T21:00:00.000Z", to: "2026-03-01T20:59:59.999Z" })
    // UTC+4 from 2011 to 2014; the day of the last change back to UTC+3 has 25 hours.
    expect(moscowDayBounds("2012-07-01")).toEqual({ from: "2012-06-30T20:00:00.000Z", to: "2012-07-01T19:59:59.999Z" })
    expect(moscowDayBounds("2014-10-26")).toEqual({ from: "2014-10-25T20:00:00.000Z", to: "2014-10-26T20:59:59.999Z" })
    // Its instants are that day in Moscow, the next millisecond the next day.
    const { from, to } = moscowDayBounds("2025-12-31")
    expect([shortDay(from), shortDay(to), shortDay(Date.parse(to) + 1)]).toEqual(["31.12.2025", "31.12.2025", "01.01.2026"])
    // A plain day column compares right as text.
    expect(from < "2025-12-31" && "2025-12-31" < to).toBe(true)
    expect(() => moscowDayBounds("31.12.2025")).toThrow(RangeError)
  })
})

describe("a page's first paint", () => {
  it("makes no Intl object for a date of today's offset (the locale's data costs 30–45 ms to load)", async () => {
    vi.resetModules()
    const made = vi.spyOn(Intl, "DateTimeFormat")
    try {
      const dates = await import("../../schemas/dates.ts")
      dates.moscowYear()
      dates.shortDay(LATE)
      dates.dayTime(LATE)
      expect(made).not.toHaveBeenCalled()
    } finally {
      made.mockRestore()
    }
  })
})
