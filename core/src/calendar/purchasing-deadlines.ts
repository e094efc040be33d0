import { addBusinessDays, addDaysExcludingHolidays, type IsoDate } from './days'

/** An order acknowledgement not returned within 3 business days is deemed accepted (spec §9). */
export const ACKNOWLEDGEMENT_BUSINESS_DAYS = 3

/** After delivery, the supplier has 3 days to hear reservations or nonconformity (spec §9). */
export const DELIVERY_RESERVATION_DAYS = 3

/** The last business day on which the supplier may still return the acknowledgement. */
export const acknowledgementDeadline = (sentOn: IsoDate, holidays?: ReadonlySet<IsoDate>): IsoDate =>
  addBusinessDays(sentOn, ACKNOWLEDGEMENT_BUSINESS_DAYS, holidays)

/** True from the day after the deadline: the order counts as acknowledged. */
export const isAcknowledgementDeemedAccepted = (
  sentOn: IsoDate,
  today: IsoDate,
  holidays?: ReadonlySet<IsoDate>,
): boolean => today > acknowledgementDeadline(sentOn, holidays)

/**
 * The last day to raise reservations on a delivery: 3 days after it, holidays not counted (as the
 * French commercial code counts them).
 */
export const reservationDeadline = (deliveredOn: IsoDate, holidays?: ReadonlySet<IsoDate>): IsoDate =>
  addDaysExcludingHolidays(deliveredOn, DELIVERY_RESERVATION_DAYS, holidays)

export const canRaiseReservation = (
  deliveredOn: IsoDate,
  today: IsoDate,
  holidays?: ReadonlySet<IsoDate>,
): boolean => today >= deliveredOn && today <= reservationDeadline(deliveredOn, holidays)
