import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools'
import type { Check } from './generic'

const luhn = (digits: string): boolean => {
  let sum = 0
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** La Poste's establishments share SIREN 356000000; their SIRETs follow a sum-of-digits rule. */
const LA_POSTE_SIREN = '356000000'

/**
 * SIRET: 14 digits (spaces allowed when typed) with a valid Luhn check digit, or La Poste's
 * exception (digits summing to a multiple of 5).
 */
export const siret = (value: string): Check => {
  const digits = value.replace(/\s/g, '')
  if (!/^\d{14}$/.test(digits)) return { code: 'INVALID_SIRET' }
  if (luhn(digits)) return null
  if (digits.startsWith(LA_POSTE_SIREN) && [...digits].reduce((s, c) => s + Number(c), 0) % 5 === 0)
    return null
  return { code: 'INVALID_SIRET' }
}

/** DUNS (Dun & Bradstreet): 9 digits, dashes or spaces allowed when typed (12-345-6789). */
export const duns = (value: string): Check =>
  /^\d{9}$/.test(value.replace(/[\s-]/g, '')) ? null : { code: 'INVALID_DUNS' }

/**
 * Intra-community VAT numbers: the country prefix then the national format (VIES formats).
 * Greece uses EL; XI is Northern Ireland.
 */
export const VAT_PATTERNS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
}

/** "FR 40 303 265 045" → checks "FR" + "40303265045" against the French format. */
export const intraCommunityVat = (value: string): Check => {
  const compact = value.replace(/[\s.-]/g, '').toUpperCase()
  const country = compact.slice(0, 2)
  const pattern = VAT_PATTERNS[country]
  if (pattern === undefined) return { code: 'INVALID_VAT_NUMBER', params: { country: country || '?' } }
  return pattern.test(compact.slice(2)) ? null : { code: 'INVALID_VAT_NUMBER', params: { country } }
}

/** IBAN by ibantools: country length, structure and check digits; spaces allowed when typed. */
export const iban = (value: string): Check =>
  isValidIBAN(electronicFormatIBAN(value) ?? '') ? null : { code: 'INVALID_IBAN' }

export const bic = (value: string): Check =>
  isValidBIC(value.replace(/\s/g, '').toUpperCase()) ? null : { code: 'INVALID_BIC' }

/** Invoice numbers: unaccented letters, digits, spaces, "-" and "_" only. */
export const invoiceNumber = (value: string): Check =>
  /^[A-Za-z0-9 _-]+$/.test(value) ? null : { code: 'INVOICE_NUMBER_CHARSET' }

/**
 * A code may contain "#" only right before the id value: "SUP-#42" for the record whose id is 42.
 * Before the first save there is no id, so no "#" at all.
 */
export const codeHash = (code: string, id: string | number | null): Check => {
  if (!code.includes('#')) return null
  if (id === null) return { code: 'CODE_HASH_MISPLACED' }
  const occurrences = code.split('#').length - 1
  return occurrences === 1 && code.endsWith(`#${id}`) ? null : { code: 'CODE_HASH_MISPLACED' }
}

/** The keys of a list of options are distinct; the issue names the repeated ones. */
export const distinctOptionKeys = (options: readonly { key: string }[]): Check => {
  const seen = new Set<string>()
  const repeated = new Set<string>()
  for (const { key } of options) {
    if (seen.has(key)) repeated.add(key)
    seen.add(key)
  }
  return repeated.size === 0
    ? null
    : { code: 'DUPLICATE_OPTION_KEYS', params: { keys: [...repeated].join(', ') } }
}
