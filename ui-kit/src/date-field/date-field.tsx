import { parseDate } from '@internationalized/date'
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
  Text,
} from 'react-aria-components'

export type DateFieldProps = {
  label: string
  /** The reader's locale ("fr-FR"): the order of day, month and year, month names, first day of week. */
  locale: string
  /** Controlled: an ISO date ("2026-11-24"), or '' when empty. */
  value?: string
  onChange?: (value: string) => void
  /** In a form read as FormData: the ISO date under this name. */
  name?: string
  defaultValue?: string
  errors?: readonly string[]
  hint?: string
  /** The button that opens the calendar. */
  calendarLabel: string
  previousLabel: string
  nextLabel: string
  isRequired?: boolean
}

const read = (iso: string | undefined) => {
  if (iso === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null
  try {
    return parseDate(iso)
  } catch {
    return null
  }
}

/** A calendar's month: its title between the previous and next buttons, then its grid of days. */
export const CalendarMonth = ({ previousLabel, nextLabel }: { previousLabel: string; nextLabel: string }) => (
  <>
    <header className="pc-calendar__header">
      <Button
        slot="previous"
        className="pc-button pc-button--ghost pc-button--small"
        aria-label={previousLabel}
      >
        ‹
      </Button>
      <Heading className="pc-calendar__title" />
      <Button slot="next" className="pc-button pc-button--ghost pc-button--small" aria-label={nextLabel}>
        ›
      </Button>
    </header>
    <CalendarGrid className="pc-calendar__grid">
      {(date) => <CalendarCell date={date} className="pc-calendar__cell" />}
    </CalendarGrid>
  </>
)

/**
 * A date typed or picked in the reader's language (React Aria's DatePicker): segments in the
 * reader's order, a calendar starting on the reader's first day of the week; the value is an ISO
 * date. Keyboard and screen readers work as React Aria defines.
 */
export const DateField = ({
  label,
  locale,
  value,
  onChange,
  name,
  defaultValue,
  errors,
  hint,
  calendarLabel,
  previousLabel,
  nextLabel,
  isRequired,
}: DateFieldProps) => {
  const invalid = (errors?.length ?? 0) > 0
  return (
    <I18nProvider locale={locale}>
      <DatePicker
        className={`pc-field pc-date${invalid ? ' pc-field--invalid' : ''}`}
        {...(value !== undefined ? { value: read(value) } : { defaultValue: read(defaultValue) })}
        onChange={(date) => onChange?.(date === null ? '' : date.toString())}
        {...(name ? { name } : {})}
        isInvalid={invalid}
        {...(isRequired ? { isRequired } : {})}
      >
        <Label>{label}</Label>
        <Group className="pc-date__group">
          <DateInput className="pc-date__input">
            {(segment) => <DateSegment segment={segment} className="pc-date__segment" />}
          </DateInput>
          <Button className="pc-button pc-button--ghost pc-button--small" aria-label={calendarLabel}>
            ▾
          </Button>
        </Group>
        {hint ? (
          <Text slot="description" className="pc-field__hint">
            {hint}
          </Text>
        ) : null}
        {invalid ? (
          <Text slot="errorMessage" className="pc-field__errors">
            {errors?.join(' ')}
          </Text>
        ) : null}
        <Popover className="pc-popover">
          <Dialog className="pc-calendar-dialog" aria-label={label}>
            <Calendar className="pc-calendar">
              <CalendarMonth previousLabel={previousLabel} nextLabel={nextLabel} />
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  )
}
