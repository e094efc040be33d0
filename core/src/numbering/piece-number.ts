import type { DomainError } from '../errors/domain-error'
import { err, ok, type Result } from '../result'

/** The tokens of an invoice piece-number template (spec §9). */
export const PIECE_NUMBER_TOKENS = [
  'year',
  'month',
  'numberInYear',
  'numberInMonth',
  'numberInMonthByCompany',
  'companyCode',
  'departmentCode',
] as const
export type PieceNumberToken = (typeof PIECE_NUMBER_TOKENS)[number]

export type PieceNumberValues = {
  /** The piece's date, "YYYY-MM-DD". */
  date: string
  /** Counters the caller computed: this piece's rank in the year, the month, the month for its company. */
  numberInYear: number
  numberInMonth: number
  numberInMonthByCompany: number
  companyCode: string
  departmentCode: string
}

const TOKEN = /\{(\w+)(?::(\d+))?\}/g

/** The unknown tokens of a template: a template is checked when saved, not when used. */
export const checkPieceNumberTemplate = (template: string): Result<void, DomainError> => {
  for (const match of template.matchAll(TOKEN)) {
    const name = match[1] ?? ''
    if (!(PIECE_NUMBER_TOKENS as readonly string[]).includes(name)) {
      return err({ code: 'UNKNOWN_TEMPLATE_TOKEN', params: { token: `{${name}}` } })
    }
  }
  return ok(undefined)
}

/**
 * Renders "{companyCode}-{year}{month}-{numberInMonth:4}" → "ACME-202611-0042". A ":N" after a
 * number pads it with zeros to N digits; {year} is four digits, {month} two.
 */
export const renderPieceNumber = (
  template: string,
  values: PieceNumberValues,
): Result<string, DomainError> => {
  const checked = checkPieceNumberTemplate(template)
  if (!checked.ok) return checked
  const raw: Record<PieceNumberToken, string> = {
    year: values.date.slice(0, 4),
    month: values.date.slice(5, 7),
    numberInYear: String(values.numberInYear),
    numberInMonth: String(values.numberInMonth),
    numberInMonthByCompany: String(values.numberInMonthByCompany),
    companyCode: values.companyCode,
    departmentCode: values.departmentCode,
  }
  return ok(
    template.replace(TOKEN, (_whole, name: PieceNumberToken, width: string | undefined) =>
      width === undefined ? raw[name] : raw[name].padStart(Number(width), '0'),
    ),
  )
}
