import { composeIBAN, electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools'
import { z } from 'zod'
import type { DomainError } from '../errors/domain-error'
import { err, ok, type Result } from '../result'

/** Spec §3 "Bank account": an IBAN or another account number, held by a company or a person. */
export const ACCOUNT_NUMBER_TYPES = ['iban', 'other'] as const
export const HOLDER_TYPES = ['corporate', 'individual'] as const
/** How the account is paid: a SEPA credit transfer, or an international (SWIFT) transfer. */
export const PAYMENT_OPTIONS = ['sepa', 'international'] as const

/** An IBAN as typed ("FR76 3000 …", lower case) in its electronic form ("FR7630…"). */
export const normaliseIban = (value: string) =>
  electronicFormatIBAN(value) ?? value.replace(/\s/g, '').toUpperCase()

/**
 * A bank account as written on a supplier's or a paying company's page. The IBAN is checked (its
 * country's length and its check digits) and the BIC (its format), with ibantools; an account of
 * another kind is kept as written.
 */
export const BankAccountInputSchema = z
  .object({
    account_number_type: z.enum(ACCOUNT_NUMBER_TYPES).default('iban'),
    account_number: z.string().trim().min(1).max(50),
    bic: z.string().trim().max(11).nullable().default(null),
    holder_name: z.string().trim().min(1).max(140),
    holder_type: z.enum(HOLDER_TYPES).default('corporate'),
    holder_country_code: z.string().regex(/^[A-Z]{2}$/, 'INVALID_VALUE'),
    main: z.boolean().default(false),
    payment_option: z.enum(PAYMENT_OPTIONS).default('sepa'),
  })
  .transform((account) => ({
    ...account,
    account_number:
      account.account_number_type === 'iban' ? normaliseIban(account.account_number) : account.account_number,
    bic: account.bic === null || account.bic === '' ? null : account.bic.replace(/\s/g, '').toUpperCase(),
  }))
  .superRefine((account, ctx) => {
    if (account.account_number_type === 'iban' && !isValidIBAN(account.account_number))
      ctx.addIssue({ code: 'custom', path: ['account_number'], message: 'INVALID_IBAN' })
    if (account.bic !== null && !isValidBIC(account.bic))
      ctx.addIssue({ code: 'custom', path: ['bic'], message: 'INVALID_BIC' })
  })
export type BankAccountInput = z.output<typeof BankAccountInputSchema>

/**
 * Statuses of a bank account: a supplier's new or changed IBAN waits for a second person's
 * validation before it can be paid (a known fraud vector); a company's own accounts are usable.
 */
export const BANK_ACCOUNT_STATUSES = ['pending_validation', 'validated', 'refused'] as const
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number]

/** A supplier is payable by transfer once it has a validated IBAN (spec §5 "at least one valid IBAN"). */
export const payableAccountOf = <
  A extends { account_number_type: string; status: BankAccountStatus; main: boolean },
>(
  accounts: readonly A[],
): A | undefined => {
  const usable = accounts.filter((a) => a.account_number_type === 'iban' && a.status === 'validated')
  return usable.find((a) => a.main) ?? usable[0]
}

/**
 * Spec §5 "Supplier": at least one valid IBAN is required — a supplier paid by transfer keeps one.
 * Checked on the accounts that would remain after a removal.
 */
export const checkIbanKept = (
  paymentType: string | null,
  remaining: readonly { account_number_type: string }[],
): Result<void, DomainError> =>
  paymentType === 'transfer' && !remaining.some((a) => a.account_number_type === 'iban')
    ? err({ code: 'IBAN_REQUIRED' })
    : ok(undefined)

/** An IBAN made from a country and its national account number, with its check digits (demo data, tests). */
export const ibanOf = (countryCode: string, bban: string): string | null =>
  composeIBAN({ countryCode, bban }) ?? null

/** The columns of a bank accounts file: the supplier by its code, then the account. */
export const BANK_ACCOUNT_CSV_COLUMNS = [
  'supplier_code',
  'account_number_type',
  'account_number',
  'bic',
  'holder_name',
  'holder_type',
  'holder_country_code',
  'main',
] as const
