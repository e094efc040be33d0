import { z } from 'zod'
import { type DomainError, type FieldIssue, formError } from '../errors/domain-error'
import type { Language } from '../i18n/language'
import { referenceLabel } from '../i18n/reference-labels'
import { dec, final, toAmountString } from '../money/decimal'
import { decimalField } from '../money/decimal-fields'
import { err, ok, type Result } from '../result'
import { TRANSPORT_MEANS } from './mileage'

/** Spec §3: the kinds of an expense type's fields. */
export const EXPENSE_FIELD_KINDS = ['distance', 'list', 'mileage', 'number'] as const
export type ExpenseFieldKind = (typeof EXPENSE_FIELD_KINDS)[number]

const FieldSchema = z.object({
  /** The key the expense's values are stored under ("distance", "guests"). */
  key: z
    .string()
    .trim()
    .min(1)
    .max(30)
    .regex(/^[a-z][a-z0-9_]*$/, 'INVALID_VALUE'),
  label: z.string().trim().min(1).max(100),
  kind: z.enum(EXPENSE_FIELD_KINDS),
  required: z.boolean().default(false),
  /** The choices of a list field. */
  options: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
})
export type ExpenseField = z.output<typeof FieldSchema>

/** An expense type as an administrator declares it (meal, train, mileage…). */
export const ExpenseTypeInputSchema = z
  .object({
    code: z.string().trim().min(1).max(30),
    label: z.string().trim().min(1).max(100),
    /** The VAT rate offered first when an expense of this type is entered. */
    default_vat_rate: decimalField.rate().default('0'),
    /** The accounting entry (expense account) it is booked to. */
    account: z.string().trim().max(20).nullable().default(null),
    active: z.boolean().default(true),
    fields: z.array(FieldSchema).max(10).default([]),
  })
  .superRefine((type, ctx) => {
    // Spec §5: only one mileage field per expense type.
    if (type.fields.filter((f) => f.kind === 'mileage').length > 1)
      ctx.addIssue({ code: 'custom', path: ['fields'], message: 'EXPENSE_TYPE_ONE_MILEAGE_FIELD' })
    const keys = type.fields.map((f) => f.key)
    if (new Set(keys).size !== keys.length)
      ctx.addIssue({
        code: 'custom',
        path: ['fields'],
        message: 'DUPLICATE_OPTION_KEYS',
        params: { keys: keys.join(', ') },
      })
    type.fields.forEach((f, i) => {
      if (f.kind === 'list' && f.options.length === 0)
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'options'], message: 'FIELD_REQUIRED' })
    })
  })
export type ExpenseTypeInput = z.output<typeof ExpenseTypeInputSchema>

/** The mileage field of a type, when it has one: its expenses are computed from the kilometer scale. */
/**
 * An expense type as a reader sees it: the shipped types and their fields named in the reader's
 * language while the organisation keeps their shipped names; a name it changed shows as written.
 * (A list field's choices are stored as written and show so.)
 */
export const expenseTypeIn = <T extends { code: string; label: string; fields?: readonly ExpenseField[] }>(
  type: T,
  language: Language,
): T => ({
  ...type,
  label: referenceLabel('expense_type', type.code, type.label, language),
  ...(type.fields === undefined
    ? {}
    : {
        fields: type.fields.map((f) => ({
          ...f,
          label: referenceLabel('expense_field', f.key, f.label, language),
        })),
      }),
})

export const mileageField = (fields: readonly ExpenseField[]) => fields.find((f) => f.kind === 'mileage')

const VatDetailSchema = z.object({
  rate: decimalField.rate(),
  /** The tax amount of that rate, as the receipt shows it. */
  amount: decimalField.nonNegative(),
})

/** An expense as the form sends it (POST/PUT /bwapi/expenses). */
export const ExpenseInputSchema = z.object({
  expense_date: z.iso.date(),
  expense_type_id: z.number().int().positive(),
  label: z.string().trim().max(200).default(''),
  /** The project (allocation 1) it is spent on: with the report's company, its budget key. */
  allocation1: z.string().trim().min(1).max(30).nullable().default(null),
  currency_code: z.string().trim().length(3).default('EUR'),
  /** Null for a mileage expense: the scale computes it. */
  amount_exctax: decimalField.nonNegative().nullable().default(null),
  amount_inctax: decimalField.nonNegative().nullable().default(null),
  vat: z.array(VatDetailSchema).max(5).default([]),
  /** The type's field values by key (numbers and distances as decimal text). */
  values: z.record(z.string(), z.string().trim().max(200)).default({}),
  /** The vehicle of a mileage expense. */
  transport_mean: z.enum(TRANSPORT_MEANS).nullable().default(null),
  fiscal_horsepower: z.number().int().min(0).max(99).nullable().default(null),
  electric: z.boolean().default(false),
  comment: z.string().trim().max(2000).default(''),
})
export type ExpenseInput = z.output<typeof ExpenseInputSchema>

/**
 * Spec §5 "Excluding-tax and including-tax prices must match": the amount excluding tax plus the
 * VAT details is the amount including tax, to the cent, and each rate appears once. The amounts
 * are the receipt's: nothing is corrected, a mismatch is refused with both figures.
 */
export const checkExpenseAmounts = (
  amounts: { amount_exctax: string; amount_inctax: string; vat: readonly { rate: string; amount: string }[] },
  decimals: number,
): Result<{ vat_amount: string }, DomainError> => {
  const rates = amounts.vat.map((v) => dec(v.rate).toString())
  if (new Set(rates).size !== rates.length)
    return err(formError({ vat: [{ code: 'DUPLICATE_OPTION_KEYS', params: { keys: rates.join(', ') } }] }))
  const vat = amounts.vat.reduce((sum, v) => sum.plus(v.amount), dec(0))
  const total = final(dec(amounts.amount_exctax).plus(vat), decimals)
  if (!total.eq(final(amounts.amount_inctax, decimals)))
    return err(formError({ amount_inctax: [{ code: 'EXPENSE_PRICES_MISMATCH' }] }))
  return ok({ vat_amount: toAmountString(vat, decimals) })
}

/**
 * The type's field values checked: every required field filled, numbers and distances decimal
 * and not negative, a list's value one of its options, unknown keys refused. The mileage field's
 * distance is required (spec §5 "a missing distance must be entered manually").
 */
export const checkExpenseValues = (
  fields: readonly ExpenseField[],
  values: Readonly<Record<string, string>>,
): Result<Record<string, string>, DomainError> => {
  const issues: Record<string, FieldIssue[]> = {}
  for (const key of Object.keys(values))
    if (!fields.some((f) => f.key === key)) issues[`values.${key}`] = [{ code: 'INVALID_VALUE' }]
  const kept: Record<string, string> = {}
  for (const field of fields) {
    const value = values[field.key]?.trim() ?? ''
    const path = `values.${field.key}`
    if (value === '') {
      if (field.kind === 'mileage') issues[path] = [{ code: 'DISTANCE_REQUIRED' }]
      else if (field.required) issues[path] = [{ code: 'FIELD_REQUIRED' }]
      continue
    }
    if (field.kind === 'list' && !field.options.includes(value)) issues[path] = [{ code: 'INVALID_VALUE' }]
    else if (field.kind !== 'list' && !/^\d+(\.\d+)?$/.test(value)) issues[path] = [{ code: 'NOT_A_NUMBER' }]
    else if (field.kind === 'mileage' && dec(value).isZero()) issues[path] = [{ code: 'MUST_BE_POSITIVE' }]
    else kept[field.key] = value
  }
  return Object.keys(issues).length > 0 ? err(formError(issues)) : ok(kept)
}
