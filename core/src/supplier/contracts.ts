import { z } from 'zod'
import { addDays, type IsoDate } from '../calendar/days'
import { isDecimalString } from '../money/decimal'
import { monthsLater } from './files'

/** A supplier contract as a buyer writes it. */
export const ContractInputSchema = z
  .object({
    label: z.string().trim().min(1).max(200),
    reference: z
      .string()
      .trim()
      .max(100)
      .nullable()
      .default(null)
      .transform((v) => (v === '' ? null : v)),
    start_date: z.iso.date(),
    /** None: open-ended (it never ends by itself). */
    end_date: z.iso.date().nullable().default(null),
    tacit_renewal: z.boolean().default(false),
    /** Months of notice to give before the end date to stop it (or stop its renewal). */
    notice_months: z.number().int().min(0).max(36).default(0),
    amount_exctax: z.string().trim().refine(isDecimalString, 'NOT_A_NUMBER').nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.end_date !== null && v.end_date < v.start_date)
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: 'DATE_AFTER_OR_EQUAL',
        params: { date: v.start_date },
      })
    if (v.tacit_renewal && v.end_date === null)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'FIELD_REQUIRED' })
  })
export type ContractInput = z.output<typeof ContractInputSchema>

/** The last day to give notice: the end date less the notice months (null: open-ended). */
export const noticeDeadline = (endDate: IsoDate | null, noticeMonths: number): IsoDate | null =>
  endDate === null ? null : monthsLater(endDate, -noticeMonths)

/**
 * The end of a tacitly renewed contract's next period: the day before the first renewal date (the
 * settings' "dd/mm", `contract.renewal_date`) that falls after its current end, so renewed contracts
 * line up on it. With 01/01, a contract ending on 31 December 2026 runs to 31 December 2027; one
 * ending on 30 June 2026 runs to 31 December 2026.
 */
export const renewedEnd = (endDate: IsoDate, renewalDate: string): IsoDate => {
  const [day, month] = renewalDate.split('/')
  const year = Number(endDate.slice(0, 4))
  for (const y of [year, year + 1, year + 2]) {
    const renewal = `${y}-${month}-${day}`
    // The period runs up to the day before the renewal date that comes after the current end.
    if (renewal > addDays(endDate, 1)) return addDays(renewal, -1)
  }
  return addDays(endDate, 365)
}

export const CONTRACT_STATES = ['active', 'notice_due', 'ended'] as const
export type ContractState = (typeof CONTRACT_STATES)[number]

/**
 * Where a contract stands today: ended (the job ended it, or its end passed without renewal),
 * notice due (its notice deadline is within `warnDays`: decide now whether to stop it), active.
 */
export const contractState = (
  contract: { end_date: IsoDate | null; notice_months: number; tacit_renewal: boolean; ended: boolean },
  today: IsoDate,
  warnDays: number,
): ContractState => {
  if (contract.ended || (contract.end_date !== null && contract.end_date < today && !contract.tacit_renewal))
    return 'ended'
  const deadline = noticeDeadline(contract.end_date, contract.notice_months)
  return deadline !== null && deadline <= addDays(today, warnDays) ? 'notice_due' : 'active'
}
