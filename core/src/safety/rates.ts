import { type Dec, type DecimalInput, dec, final, intermediate } from '../money/decimal'

/**
 * Workplace safety rates of supplier surveillance (spec §9). TF1 counts accidents with lost time,
 * TF2 all accidents; both are accidents per million hours worked. TG is days lost per thousand
 * hours worked. Null when no hour was worked. Rounded to 2 decimals.
 */
export const frequencyRate = (accidents: DecimalInput, hoursWorked: DecimalInput): Dec | null =>
  dec(hoursWorked).isZero() ? null : final(intermediate(dec(accidents).div(hoursWorked).times(1_000_000)), 2)

export const severityRate = (daysLost: DecimalInput, hoursWorked: DecimalInput): Dec | null =>
  dec(hoursWorked).isZero() ? null : final(intermediate(dec(daysLost).div(hoursWorked).times(1_000)), 2)

export type SafetyFigures = {
  accidents_with_lost_time: DecimalInput
  accidents_without_lost_time: DecimalInput
  days_lost: DecimalInput
  hours_worked: DecimalInput
}

export const safetyRates = (figures: SafetyFigures) => ({
  tf1: frequencyRate(figures.accidents_with_lost_time, figures.hours_worked),
  tf2: frequencyRate(
    dec(figures.accidents_with_lost_time).plus(figures.accidents_without_lost_time),
    figures.hours_worked,
  ),
  tg: severityRate(figures.days_lost, figures.hours_worked),
})
