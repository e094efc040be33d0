import { addMonthsClamped, daysBetween, type IsoDate } from '../calendar/days'

/**
 * A file's validity date from its document date and its type's duration in months: the same day,
 * that many months later (the month's last day when it has no such day: 31 January + 1 month is
 * 28 or 29 February). No duration: valid without end (null).
 */
export const fileValidityDate = (documentDate: IsoDate, durationMonths: number | null): IsoDate | null =>
  durationMonths === null ? null : monthsLater(documentDate, durationMonths)

/** The same day `months` later (or earlier when negative), the month's last day when it has no such day. */
export const monthsLater = (date: IsoDate, months: number): IsoDate => addMonthsClamped(date, months)

export const FILE_STATES = ['awaiting', 'valid', 'expiring', 'expired'] as const
export type FileState = (typeof FILE_STATES)[number]

/**
 * Where a supplier file stands today: awaiting its category's validator, valid, expiring (valid
 * for `warnDays` days or fewer: the supplier's manager is warned), or expired (past its validity
 * date, it no longer counts for approval). A file is valid through its validity date.
 */
export const fileState = (
  file: { validity_date: IsoDate | null; validated: boolean },
  today: IsoDate,
  warnDays: number,
): FileState => {
  if (file.validity_date !== null && file.validity_date < today) return 'expired'
  if (!file.validated) return 'awaiting'
  if (file.validity_date === null) return 'valid'
  return daysBetween(today, file.validity_date) <= warnDays ? 'expiring' : 'valid'
}
