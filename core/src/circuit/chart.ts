import type { DomainError, FieldIssue } from '../errors/domain-error'
import { formError } from '../errors/domain-error'
import { type DecimalInput, dec } from '../money/decimal'
import { err, ok, type Result } from '../result'

/** The documents a validation chart exists for: one chart each (docs/domain/validation-circuit.md). */
export const DOCUMENT_TYPES = ['purchase_order', 'need', 'payment', 'expense_report'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]
export const isDocumentType = (value: string): value is DocumentType =>
  (DOCUMENT_TYPES as readonly string[]).includes(value)

/** Document attributes a chart row can match on. */
export const CRITERIA = [
  'company',
  'department',
  'request_type',
  'purchase_family',
  'allocation1',
  'allocation2',
  'allocation3',
  'allocation4',
] as const
export type Criterion = (typeof CRITERIA)[number]

/** "default" rows apply to any document; they cannot be mixed with defined criteria. */
export const DEFAULT_CRITERION = 'default'

/**
 * A row of the validation default chart: for documents whose amount is within [min, max] and whose
 * attributes match every criterion, the validator (a login, or every user of a role) validates at
 * rank `weight`. Rows with the same weight form one step: any one of its validators validates it.
 */
export type ChartRow = {
  min_amount: DecimalInput
  max_amount: DecimalInput | null
  weight: number | null
  criteria: Partial<Record<Criterion | typeof DEFAULT_CRITERION, string>>
  validator: { login: string } | { role: string }
}

export type DocumentAttributes = { amount: DecimalInput } & Partial<Record<Criterion, string | null>>

/**
 * The configuration rules of the spec: at least one criterion; default criteria not mixed with
 * defined ones; ranks all filled or none; a validator login (or role) given; unknown codes and
 * logins refused through the injected look-up.
 */
export const checkChart = (
  rows: readonly ChartRow[],
  known: { isKnown: (kind: Criterion | 'login' | 'role', value: string) => boolean },
): Result<void, DomainError> => {
  const fields: Record<string, FieldIssue[]> = {}
  const add = (key: string, issue: FieldIssue) => {
    fields[key] = [...(fields[key] ?? []), issue]
  }
  const ranked = rows.filter((r) => r.weight !== null).length
  rows.forEach((row, i) => {
    const keys = Object.keys(row.criteria).filter((k) => (row.criteria as Record<string, string>)[k] !== '')
    if (keys.length === 0) add(`${i}.criteria`, { code: 'CIRCUIT_NO_CRITERION' })
    if (keys.includes(DEFAULT_CRITERION) && keys.length > 1)
      add(`${i}.criteria`, { code: 'CIRCUIT_MIXED_CRITERIA' })
    if (ranked !== 0 && ranked !== rows.length && row.weight === null)
      add(`${i}.weight`, { code: 'CIRCUIT_RANKS_ALL_OR_NONE' })
    if (row.max_amount !== null && dec(row.max_amount).lt(row.min_amount)) {
      add(`${i}.max_amount`, { code: 'TOO_SMALL', params: { min: dec(row.min_amount).toString() } })
    }
    for (const key of keys) {
      const value = (row.criteria as Record<string, string>)[key] ?? ''
      if (key !== DEFAULT_CRITERION && !known.isKnown(key as Criterion, value)) {
        add(`${i}.criteria.${key}`, { code: 'UNKNOWN_CODE', params: { kind: key, value } })
      }
    }
    if ('login' in row.validator) {
      if (row.validator.login.trim() === '') add(`${i}.validator`, { code: 'VALIDATOR_LOGIN_REQUIRED' })
      else if (!known.isKnown('login', row.validator.login)) {
        add(`${i}.validator`, { code: 'UNKNOWN_CODE', params: { kind: 'login', value: row.validator.login } })
      }
    } else if (!known.isKnown('role', row.validator.role)) {
      add(`${i}.validator`, { code: 'UNKNOWN_CODE', params: { kind: 'role', value: row.validator.role } })
    }
  })
  return Object.keys(fields).length === 0 ? ok(undefined) : err(formError(fields))
}

const matches = (row: ChartRow, doc: DocumentAttributes): boolean => {
  const amount = dec(doc.amount)
  if (amount.lt(row.min_amount)) return false
  if (row.max_amount !== null && amount.gt(row.max_amount)) return false
  return Object.entries(row.criteria).every(([key, value]) =>
    key === DEFAULT_CRITERION || value === '' ? true : doc[key as Criterion] === value,
  )
}

export type CircuitStep = { rank: number; validators: string[] }

/**
 * Who validates a document, in which order: the matching rows grouped by weight (ascending; rows
 * without weight come in chart order), each validator resolved to logins (a role gives all its
 * users, through `usersOfRole`), each login once, at its first step. No step: nobody to ask.
 */
export const computeCircuit = (
  rows: readonly ChartRow[],
  doc: DocumentAttributes,
  usersOfRole: (role: string) => readonly string[],
): CircuitStep[] => {
  const steps = new Map<number, Set<string>>()
  rows.forEach((row, index) => {
    if (!matches(row, doc)) return
    const rank = row.weight ?? index + 1
    const logins = 'login' in row.validator ? [row.validator.login] : usersOfRole(row.validator.role)
    const step = steps.get(rank) ?? new Set<string>()
    for (const login of logins) step.add(login)
    steps.set(rank, step)
  })
  const seen = new Set<string>()
  return [...steps.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rank, logins]) => {
      const fresh = [...logins].filter((login) => !seen.has(login))
      for (const login of fresh) seen.add(login)
      return { rank, validators: fresh }
    })
    .filter((step) => step.validators.length > 0)
}

/**
 * The circuit a submitted document goes through. A document never validates by itself because
 * nothing matched: when the chart has rows but none covers this document (its amount, its
 * criteria, or validators that resolve to nobody), it is refused with CIRCUIT_NOT_COVERED and
 * stays a draft; a negative amount is refused outright. Only a chart with no row at all for the
 * document type (the organisation approves nothing) gives an empty circuit: validated at once.
 */
export const planCircuit = (
  rows: readonly ChartRow[],
  doc: DocumentAttributes,
  usersOfRole: (role: string) => readonly string[],
): Result<CircuitStep[], DomainError> => {
  if (dec(doc.amount).isNegative() && !dec(doc.amount).isZero())
    return err({ code: 'DOCUMENT_TOTAL_NEGATIVE' })
  const steps = computeCircuit(rows, doc, usersOfRole)
  if (rows.length > 0 && steps.length === 0)
    return err({ code: 'CIRCUIT_NOT_COVERED', params: { amount: dec(doc.amount).toString() } })
  return ok(steps)
}
