import { type Dec, dec, final, intermediate } from '../money/decimal'

/** A delivery as the supplier's performance reads it. */
export type DeliveryRecord = {
  /** When it arrived (ISO date). */
  delivered_on: string
  /** When the order wanted it (its deadline, else its shipping date); null: no date to keep. */
  due_on: string | null
  /** Reservations made at reception (damaged, missing, wrong article). */
  reservations: number
}

const percent = (part: number, whole: number): Dec | null =>
  whole === 0 ? null : final(intermediate(dec(part).div(whole).times(100)), 1)

/**
 * On-time delivery (OTD): the share of deliveries with a date to keep that arrived on or before
 * it, in percent (1 decimal); null when none had a date. Read over 12 rolling months (spec §9)
 * and set against the `objective_otd` setting.
 */
export const onTimeDelivery = (deliveries: readonly DeliveryRecord[]): Dec | null => {
  const dated = deliveries.filter((d) => d.due_on !== null)
  return percent(dated.filter((d) => d.delivered_on <= (d.due_on as string)).length, dated.length)
}

/**
 * On-quality delivery (OQD): the share of deliveries received without reservation, in percent
 * (1 decimal); null without deliveries. Set against the `objective_oqd` setting.
 */
export const onQualityDelivery = (deliveries: readonly DeliveryRecord[]): Dec | null =>
  percent(deliveries.filter((d) => d.reservations === 0).length, deliveries.length)

/** Whether a rate meets its objective (in percent); a rate with nothing measured meets it. */
export const meetsObjective = (rate: Dec | null, objective: number): boolean =>
  rate === null || rate.gte(objective)
