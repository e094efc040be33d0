export {
  addBusinessDays,
  addDays,
  addDaysExcludingHolidays,
  addMonths,
  addMonthsClamped,
  daysBetween,
  firstOfMonth,
  type IsoDate,
  isBusinessDay,
  isIsoDate,
  isoDateIn,
  isWeekend,
} from './days'
export {
  ACKNOWLEDGEMENT_BUSINESS_DAYS,
  acknowledgementDeadline,
  canRaiseReservation,
  DELIVERY_RESERVATION_DAYS,
  isAcknowledgementDeemedAccepted,
  reservationDeadline,
} from './purchasing-deadlines'
export {
  type DateRange,
  DISTRIBUTION_MONTHS,
  isInRange,
  monthsComparison,
  ORDER_TOTALS_MONTHS,
  RATE_WINDOW_MONTHS,
  rollingMonths,
  sameDayMonthsBefore,
  searchFloor,
  yearToDateComparison,
} from './windows'
