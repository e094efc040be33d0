import type { DomainError } from '../errors/domain-error'
import { err, ok, type Result } from '../result'

/** What the export checks read of each invoice selected. */
export type ExportCandidate = {
  id: number
  code: string
  status: string
  company_id: number
  exported: boolean
  supplier: { code: string | null; name: string }
  /** Every line has an expense account, and every taxed rate a VAT account. */
  has_accounts: boolean
}

const list = (names: readonly string[]) => [...new Set(names)].join(', ')

/**
 * The rules of an accounting export (spec §5 "Accounting export", §8 "Accounting and SEPA"): at
 * least one invoice; one company; all validated; none already exported; every supplier with a
 * code; every line with an accounting entry. Each refusal names the invoices (or suppliers) at fault.
 */
export const checkExportSelection = (candidates: readonly ExportCandidate[]): Result<void, DomainError> => {
  const first = candidates[0]
  if (first === undefined) return err({ code: 'PAYMENT_NO_INVOICE' })
  if (candidates.some((c) => c.company_id !== first.company_id)) return err({ code: 'DIFFERENT_COMPANIES' })
  const notValidated = candidates.filter((c) => c.status !== 'validated')
  if (notValidated.length > 0)
    return err({ code: 'INVOICE_NOT_VALIDATED', params: { invoice: list(notValidated.map((c) => c.code)) } })
  const exported = candidates.filter((c) => c.exported)
  if (exported.length > 0)
    return err({ code: 'INVOICE_ALREADY_EXPORTED', params: { invoice: list(exported.map((c) => c.code)) } })
  const noCode = candidates.filter((c) => c.supplier.code === null || c.supplier.code === '')
  if (noCode.length > 0)
    return err({
      code: 'SUPPLIER_WITHOUT_CODE',
      params: { supplier: list(noCode.map((c) => c.supplier.name)) },
    })
  const noAccount = candidates.filter((c) => !c.has_accounts)
  if (noAccount.length > 0)
    return err({ code: 'MISSING_ACCOUNTING_ENTRY', params: { invoice: list(noAccount.map((c) => c.code)) } })
  return ok(undefined)
}

/**
 * Whether one invoice can go in an export of its company as it stands: validated, not exported,
 * of that company, its supplier with a code and every line with an account. The screen's per-row
 * mark, so a row is never "ok" while a problem names it.
 */
export const isExportable = (candidate: ExportCandidate, companyId: number): boolean =>
  candidate.company_id === companyId &&
  candidate.status === 'validated' &&
  !candidate.exported &&
  candidate.supplier.code !== null &&
  candidate.supplier.code !== '' &&
  candidate.has_accounts

/** Every refusal that applies, for the export screen to show before running (not only the first). */
export const exportProblems = (candidates: readonly ExportCandidate[]): DomainError[] => {
  const problems: DomainError[] = []
  let remaining = [...candidates]
  for (;;) {
    const checked = checkExportSelection(remaining)
    if (checked.ok) return problems
    problems.push(checked.error)
    const code = checked.error.code
    const before = remaining.length
    if (code === 'PAYMENT_NO_INVOICE' || code === 'DIFFERENT_COMPANIES') return problems
    remaining = remaining.filter((c) =>
      code === 'INVOICE_NOT_VALIDATED'
        ? c.status === 'validated'
        : code === 'INVOICE_ALREADY_EXPORTED'
          ? !c.exported
          : code === 'SUPPLIER_WITHOUT_CODE'
            ? c.supplier.code !== null && c.supplier.code !== ''
            : c.has_accounts,
    )
    if (remaining.length === before || remaining.length === 0) return problems
  }
}
