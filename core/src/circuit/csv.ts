import { CRITERIA, DEFAULT_CRITERION } from './chart'

/** The columns of circuits.csv, one chart row per line (the export writes them; the import reads them all). */
export const CIRCUIT_CSV_COLUMNS = [
  'document_type',
  'min_amount',
  'max_amount',
  'weight',
  'criteria',
  'validator_login',
  'validator_role',
] as const

const KEYS = new Set<string>([...CRITERIA, DEFAULT_CRITERION])

/**
 * A row's criteria as one cell, `company=ACME, department=MAINT` (or `default=1`), read to its
 * record; a pair that is not `key=value` or names no criterion is answered as the bad pair.
 */
export const readCriteriaCell = (cell: string): { criteria: Record<string, string> } | { bad: string } => {
  const criteria: Record<string, string> = {}
  for (const pair of cell
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const [key, ...rest] = pair.split('=')
    const value = rest.join('=').trim()
    if (key === undefined || !KEYS.has(key.trim()) || value === '') return { bad: pair }
    criteria[key.trim()] = value
  }
  return { criteria }
}

/** A row's criteria written as its cell. */
export const criteriaCell = (criteria: Readonly<Record<string, string>>) =>
  Object.entries(criteria)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ')
