import { z } from 'zod'
import { isIsoDate } from '../calendar/days'
import type { FieldIssue } from '../errors'
import { dec, isDecimalString } from '../money'
import { codeSchema } from '../organisation/organisation.schema'

/** The documents that carry custom fields (spec §2: needs, purchase orders and deliveries). */
export const CUSTOM_FIELD_MODELS = ['need', 'purchase_order', 'delivery'] as const
export type CustomFieldModel = (typeof CUSTOM_FIELD_MODELS)[number]

/** Spec §3's field types. */
export const CUSTOM_FIELD_TYPES = [
  'boolean',
  'choice',
  'date',
  'email',
  'file',
  'iso_code',
  'markup',
  'number',
  'period',
  'string',
  'string_list',
  'text',
  'long_text',
] as const
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number]

/**
 * A custom field as the administrators declare it (admin list custom-fields): on one kind of
 * document, with its type, whether it is required, its choices (choice), its order, and whether
 * the document's list shows it as a column and a filter.
 */
export const CustomFieldInputSchema = z
  .object({
    model: z.enum(CUSTOM_FIELD_MODELS),
    code: codeSchema,
    label: z.string().trim().min(1).max(100),
    type: z.enum(CUSTOM_FIELD_TYPES),
    required: z.boolean().default(false),
    /** A choice's values, one per line. */
    options: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
    position: z.number().int().min(0).max(9999).default(0),
    in_list: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .superRefine((field, ctx) => {
    if (field.type === 'choice' && field.options.length === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'FIELD_REQUIRED' })
    // A delivery is written once: there is no saved delivery to attach a file to before it.
    if (field.type === 'file' && field.model === 'delivery')
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'NOT_IN_LIST' })
  })
export type CustomFieldInput = z.output<typeof CustomFieldInputSchema>
export type CustomFieldDefinition = Pick<
  CustomFieldInput,
  'code' | 'label' | 'type' | 'required' | 'options'
> & {
  id: number
}

/**
 * A value as it is kept (text): a flag "1" or "0", a number as its decimal, a period
 * "from/to", a string list as JSON; a file, the id of one of the document's attachments.
 */
export type CustomValues = Record<string, string>

type Issue = FieldIssue

const EMAIL = z.email()
const validDate = isIsoDate

/** One value, read from a form or an API body, to its kept text, or the issue. */
const keptValue = (type: CustomFieldType, options: readonly string[], raw: unknown): string | Issue => {
  switch (type) {
    case 'boolean':
      return raw === true || raw === 'true' || raw === '1'
        ? '1'
        : raw === false || raw === 'false' || raw === '0'
          ? '0'
          : { code: 'INVALID_VALUE' }
    case 'choice':
      return typeof raw === 'string' && options.includes(raw) ? raw : { code: 'NOT_IN_LIST' }
    case 'date':
      return typeof raw === 'string' && validDate(raw) ? raw : { code: 'INVALID_DATE' }
    case 'email':
      return typeof raw === 'string' && EMAIL.safeParse(raw.trim()).success
        ? raw.trim()
        : { code: 'INVALID_EMAIL' }
    case 'file':
      return (typeof raw === 'number' && Number.isInteger(raw) && raw > 0) ||
        (typeof raw === 'string' && /^\d+$/.test(raw))
        ? String(raw)
        : { code: 'INVALID_VALUE' }
    case 'iso_code':
      return typeof raw === 'string' && /^[A-Z]{2,3}$/.test(raw.trim().toUpperCase())
        ? raw.trim().toUpperCase()
        : { code: 'INVALID_VALUE' }
    case 'markup':
    case 'number': {
      const text =
        typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim().replace(',', '.') : ''
      if (!isDecimalString(text)) return { code: 'NOT_A_NUMBER' }
      if (type === 'markup' && dec(text).isNegative()) return { code: 'TOO_SMALL', params: { min: 0 } }
      return dec(text).toFixed()
    }
    case 'period': {
      const [from, to] = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split('/') : []
      if (typeof from !== 'string' || typeof to !== 'string' || !validDate(from) || !validDate(to))
        return { code: 'INVALID_DATE' }
      return from <= to ? `${from}/${to}` : { code: 'DATE_AFTER_OR_EQUAL', params: { date: from } }
    }
    case 'string_list': {
      const items = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/\r?\n|,/) : [])
        .map((s) => String(s).trim())
        .filter((s) => s !== '')
      return items.some((s) => s.length > 100)
        ? { code: 'MAX_LENGTH', params: { max: 100 } }
        : JSON.stringify(items)
    }
    default: {
      const max = type === 'string' ? 255 : type === 'text' ? 1000 : 10000
      if (typeof raw !== 'string') return { code: 'INVALID_VALUE' }
      const text = type === 'string' ? raw.trim() : raw.replace(/\r\n/g, '\n').trim()
      if (type === 'string' && /[\r\n]/.test(text)) return { code: 'INVALID_VALUE' }
      return text.length > max ? { code: 'MAX_LENGTH', params: { max } } : text
    }
  }
}

/** Whether a value counts as given (an empty list, a blank text: not). */
const isBlank = (raw: unknown) =>
  raw === undefined ||
  raw === null ||
  (typeof raw === 'string' && raw.trim() === '') ||
  (Array.isArray(raw) && raw.length === 0)

/**
 * A document's custom values checked against the fields of its kind: each value to its kept text,
 * an unknown field refused, a required one missing refused — except a file, which can only be
 * attached once the document is saved (spec §5): it is required when the document is submitted
 * (`submitting`). Issues are keyed `custom.<code>`.
 */
export const checkCustomValues = (
  fields: readonly CustomFieldDefinition[],
  input: Readonly<Record<string, unknown>>,
  moment: 'saving' | 'submitting' = 'saving',
): { values: Record<string, string | null>; issues: Record<string, Issue[]> } => {
  const values: Record<string, string | null> = {}
  const issues: Record<string, Issue[]> = {}
  const known = new Set(fields.map((f) => f.code))
  for (const key of Object.keys(input))
    if (!known.has(key)) issues[`custom.${key}`] = [{ code: 'NOT_IN_LIST' }]
  for (const field of fields) {
    const raw = input[field.code]
    if (isBlank(raw)) {
      values[field.code] = null
      if (field.required && (field.type !== 'file' || moment === 'submitting'))
        issues[`custom.${field.code}`] = [{ code: 'FIELD_REQUIRED' }]
      continue
    }
    const kept = keptValue(field.type, field.options, raw)
    if (typeof kept === 'string') values[field.code] = kept
    else issues[`custom.${field.code}`] = [kept]
  }
  return { values, issues }
}

/** A kept value as a person reads it (flags as yes/no words, periods with a dash, lists joined). */
export const customValueText = (
  type: CustomFieldType,
  value: string,
  words: { yes: string; no: string },
): string => {
  if (type === 'boolean') return value === '1' ? words.yes : words.no
  if (type === 'period') return value.replace('/', ' – ')
  if (type === 'markup') return `${value} %`
  if (type === 'string_list') {
    try {
      return (JSON.parse(value) as string[]).join(', ')
    } catch {
      return value
    }
  }
  return value
}

/** The list query's key filtering on a custom field ("cf_<code>"). */
export const customFilterKey = (code: string) => `cf_${code}`

/** A custom value as a document's page shows it (its field, the kept value and its text). */
export const CustomValueShownSchema = z.object({
  code: z.string(),
  label: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  value: z.string(),
  text: z.string(),
})

/** A custom field as the forms read it (GET /bwapi/custom-fields, a form's data). */
export const CustomFieldDefinitionAnswerSchema = z.looseObject({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  required: z.boolean(),
  options: z.array(z.string()),
})
