import * as datePicker from "@zag-js/date-picker"
import { normalizeProps, useMachine } from "@zag-js/react"
import { useRef } from "react"
import { type Day, parseCalendarDay, today } from "../../../../schemas/rules/dates.ts"
import { widgetMessages } from "../../../../schemas/messages/widget.ts"
import type { FieldProps } from "../field-props.ts"
import { describedBy, FieldFrame, isRequired } from "./FieldFrame.tsx"
import * as css from "./fields.css.ts"
import { useTextInput } from "./use-text-input.ts"

const t = widgetMessages.calendar
const LOCALE = "ru-RU"

const pad = (n: number, width: number) => String(n).padStart(width, "0")

/** A day as the field holds it: dd.MM.yyyy. */
export const formatDay = (d: Day): string => `${pad(d.day, 2)}.${pad(d.month, 2)}.${pad(d.year, 4)}`

/** Zag's date of a day, through its ISO text (the package's `parse`; it re-exports no date class at run time). */
const toCalendarDate = (d: Day): datePicker.DateValue => datePicker.parse(`${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`)

/** `attributes.min` / `attributes.maxDate`: dd.MM.yyyy or "today"; anything else sets no bound. */
export function dayLimit(limit: string | undefined, now: Date = new Date()): Day | null {
  if (!limit) return null
  return limit === "today" ? today(now) : parseCalendarDay(limit)
}

const translations: datePicker.IntlTranslations = {
  content: t.content,
  trigger: (open) => (open ? t.close : t.open),
  prevTrigger: (view) => (view === "year" ? t.prevDecade : view === "month" ? t.prevYear : t.prevMonth),
  nextTrigger: (view) => (view === "year" ? t.nextDecade : view === "month" ? t.nextYear : t.nextMonth),
  viewTrigger: (view) => (view === "day" ? t.chooseMonth : t.chooseYear),
  dayCell: (state) => (state.unavailable || !state.selectable ? t.unavailableDay(state.valueText) : state.selected ? t.selectedDay(state.valueText) : t.day(state.valueText)),
}

/**
 * A date (`calendar`), held as "dd.MM.yyyy". The visitor types it (with the date mask) or picks it in
 * Zag's date-picker (Russian locale, weeks from Monday; months and years views by the title button).
 * The typed text is the field's own input, not Zag's: Zag would replace an unfinished or wrong date
 * with one of its own on blur, and the engine's rules would never see what was typed.
 */
export function CalendarField({ field, id, value, errors, disabled, onChange, onBlur }: FieldProps<string>) {
  const ref = useRef<HTMLInputElement>(null)
  const text = typeof value === "string" ? value : ""
  const handlers = useTextInput(ref, "date", text, onChange, onBlur)
  const day = parseCalendarDay(text)
  const min = dayLimit(field.attributes?.min)
  const max = dayLimit(field.attributes?.maxDate)
  const invalid = errors.length > 0
  const service = useMachine(datePicker.machine, {
    id,
    locale: LOCALE,
    value: day ? [toCalendarDate(day)] : [],
    min: min ? toCalendarDate(min) : undefined,
    max: max ? toCalendarDate(max) : undefined,
    disabled,
    invalid,
    required: isRequired(field),
    positioning: { placement: "bottom-start", gutter: 4 },
    translations,
    onValueChange: (details) => {
      const picked = details.value[0]
      onChange(picked ? formatDay(picked) : "")
    },
  })
  const api = datePicker.connect(service, normalizeProps)
  return (
    <FieldFrame id={id} field={field} errors={errors}>
      <div
        {...api.getRootProps()}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur()
        }}
      >
        <div {...api.getControlProps()} className={css.calendarControl}>
          <input
            ref={ref}
            id={id}
            name={field.name}
            className={css.calendarInput}
            type="text"
            inputMode="numeric"
            autoComplete={field.attributes?.autoComplete ?? "off"}
            placeholder={field.placeholder ?? t.placeholder}
            readOnly={field.attributes?.readOnly}
            disabled={disabled}
            value={text}
            aria-required={isRequired(field) || undefined}
            aria-invalid={invalid}
            aria-describedby={describedBy(id, field, errors)}
            onChange={handlers.onChange}
            // The blur trims and marks the field touched when focus leaves the whole widget (above).
            onBlur={() => {
              if (text.trim() !== text) onChange(text.trim())
            }}
          />
          <button {...api.getTriggerProps()} className={css.calendarTrigger}>
            <span className={css.calendarIcon} aria-hidden="true" />
          </button>
        </div>
        <div {...api.getPositionerProps()} className={css.positioner}>
          <div {...api.getContentProps()} className={css.calendarContent}>
            {/* Only the open calendar's shown view: a closed one costs its form no grid of cells to build. */}
            {api.open && api.view === "day" && <DayView api={api} />}
            {api.open && api.view === "month" && <MonthView api={api} />}
            {api.open && api.view === "year" && <YearView api={api} />}
          </div>
        </div>
      </div>
    </FieldFrame>
  )
}

type Api = datePicker.Api

/** «Март 2024»: the shown month by name (the locale's own range text reads «март 2024 г.»). */
function monthTitle(api: Api): string {
  const start = api.visibleRange.start
  const month = api.format(start, { month: "long" })
  return `${month.charAt(0).toLocaleUpperCase(LOCALE)}${month.slice(1)} ${start.year}`
}

function ViewHeader({ api, view, title }: { api: Api; view: datePicker.DateView; title: string }) {
  return (
    <div {...api.getViewControlProps({ view })} className={css.calendarHeader}>
      <button {...api.getPrevTriggerProps({ view })} className={css.iconButton}>
        <span className={css.arrowPrev} aria-hidden="true" />
      </button>
      <button {...api.getViewTriggerProps({ view })} className={css.calendarViewTrigger}>
        {title}
      </button>
      <button {...api.getNextTriggerProps({ view })} className={css.iconButton}>
        <span className={css.arrowNext} aria-hidden="true" />
      </button>
    </div>
  )
}

function DayView({ api }: { api: Api }) {
  return (
    <div {...api.getViewProps({ view: "day" })}>
      <ViewHeader api={api} view="day" title={monthTitle(api)} />
      <table {...api.getTableProps({ view: "day" })} className={css.calendarTable}>
        <thead {...api.getTableHeadProps({ view: "day" })}>
          <tr {...api.getTableRowProps({ view: "day" })}>
            {api.weekDays.map((weekDay) => (
              <th key={weekDay.long} scope="col" className={css.calendarWeekDay}>
                {weekDay.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody {...api.getTableBodyProps({ view: "day" })}>
          {api.weeks.map((week) => (
            <tr key={week[0]?.toString()} {...api.getTableRowProps({ view: "day" })}>
              {week.map((date) => (
                <td key={date.toString()} {...api.getDayTableCellProps({ value: date })} className={css.calendarCell}>
                  <div {...api.getDayTableCellTriggerProps({ value: date })} className={css.calendarCellTrigger}>
                    {date.day}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function MonthView({ api }: { api: Api }) {
  return (
    <div {...api.getViewProps({ view: "month" })}>
      <ViewHeader api={api} view="month" title={String(api.visibleRange.start.year)} />
      <table {...api.getTableProps({ view: "month", columns: 4 })} className={css.calendarTable}>
        <tbody {...api.getTableBodyProps({ view: "month" })}>
          {api.getMonthsGrid({ columns: 4, format: "short" }).map((months) => (
            <tr key={months[0]?.value} {...api.getTableRowProps({ view: "month" })}>
              {months.map((month) => (
                <td key={month.value} {...api.getMonthTableCellProps({ ...month, columns: 4 })} className={css.calendarCell}>
                  <div {...api.getMonthTableCellTriggerProps({ ...month, columns: 4 })} className={css.calendarCellTrigger}>
                    {month.label}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function YearView({ api }: { api: Api }) {
  const decade = api.getDecade()
  return (
    <div {...api.getViewProps({ view: "year" })}>
      <ViewHeader api={api} view="year" title={`${decade.start ?? ""} – ${decade.end ?? ""}`} />
      <table {...api.getTableProps({ view: "year", columns: 4 })} className={css.calendarTable}>
        <tbody {...api.getTableBodyProps({ view: "year" })}>
          {api.getYearsGrid({ columns: 4 }).map((years) => (
            <tr key={years[0]?.value} {...api.getTableRowProps({ view: "year" })}>
              {years.map((year) => (
                <td key={year.value} {...api.getYearTableCellProps({ ...year, columns: 4 })} className={css.calendarCell}>
                  <div {...api.getYearTableCellTriggerProps({ ...year, columns: 4 })} className={css.calendarCellTrigger}>
                    {year.label}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
