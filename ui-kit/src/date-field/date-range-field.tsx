import { parseDate } from '@internationalized/date'
import {
  Button,
  DateInput,
  DateRangePicker,
  DateSegment,
  Dialog,
  Group,
  I18nProvider,
  Label,
  Popover,
  RangeCalendar,
} from 'react-aria-components'
import { CalendarMonth } from './date-field'

/** A range of days as ISO dates; either bound may be open (''). */
export type DayRange = { from: string; to: string }

export type DateRangeFieldProps = {
  label: string
  /** The reader's locale ("fr-FR"): the order of day, month and year, month names, first day of week. */
  locale: string
  value: DayRange
  onChange: (value: DayRange) => void
  calendarLabel: string
  previousLabel: string
  nextLabel: string
  /** Names of the two bounds for assistive technology ("from", "to"). */
  startLabel: string
  endLabel: string
}

const read = (iso: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null
  try {
    return parseDate(iso)
  } catch {
    return null
  }
}

/**
 * A range of days typed or picked in the reader's language (React Aria's DateRangePicker): two
 * dates in one field, and a calendar where a first click starts the range and a second ends it.
 * The value is two ISO dates; one bound set alone (typed in its segments) stays open on the other
 * side.
 */
export const DateRangeField = ({
  label,
  locale,
  value,
  onChange,
  calendarLabel,
  previousLabel,
  nextLabel,
  startLabel,
  endLabel,
}: DateRangeFieldProps) => {
  const start = read(value.from)
  const end = read(value.to)
  return (
    <I18nProvider locale={locale}>
      <DateRangePicker
        className="pc-field pc-date pc-date-range"
        value={start !== null && end !== null ? { start, end } : null}
        onChange={(range) =>
          onChange(
            range === null
              ? { from: '', to: '' }
              : { from: range.start.toString(), to: range.end.toString() },
          )
        }
      >
        <Label>{label}</Label>
        <Group className="pc-date__group">
          <DateInput slot="start" className="pc-date__input" aria-label={startLabel}>
            {(segment) => <DateSegment segment={segment} className="pc-date__segment" />}
          </DateInput>
          <span aria-hidden="true" className="pc-date-range__dash">
            –
          </span>
          <DateInput slot="end" className="pc-date__input" aria-label={endLabel}>
            {(segment) => <DateSegment segment={segment} className="pc-date__segment" />}
          </DateInput>
          <Button className="pc-button pc-button--ghost pc-button--small" aria-label={calendarLabel}>
            ▾
          </Button>
        </Group>
        <Popover className="pc-popover">
          <Dialog className="pc-calendar-dialog" aria-label={label}>
            <RangeCalendar className="pc-calendar">
              <CalendarMonth previousLabel={previousLabel} nextLabel={nextLabel} />
            </RangeCalendar>
          </Dialog>
        </Popover>
      </DateRangePicker>
    </I18nProvider>
  )
}
