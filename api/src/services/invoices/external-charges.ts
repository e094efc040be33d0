import { canHandleInvoices } from '@procura/core/invoice'
import type { OrderActor } from '@procura/core/purchase-order'
import { err, ok } from '@procura/core/result'
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db'
import { accountingEntries, companies, currencies, departments } from '../../db/schema'

/**
 * GET /bwapi/external-charges/form-data: the choices of the external charge's form — companies,
 * departments, currencies and the active expense accounts a line is booked on (who handles
 * invoices reads them; administering them stays the administrators').
 */
export const externalChargeFormData = async (db: Db, actor: OrderActor) => {
  if (!canHandleInvoices(actor)) return err({ code: 'FORBIDDEN' as const })
  const [companyRows, departmentRows, currencyRows, accounts] = await Promise.all([
    db.select({ id: companies.id, label: companies.label }).from(companies).orderBy(asc(companies.label)),
    db
      .select({ id: departments.id, label: departments.label })
      .from(departments)
      .orderBy(asc(departments.label)),
    db.select({ code: currencies.code, is_default: currencies.is_default }).from(currencies),
    db
      .select({ id: accountingEntries.id, code: accountingEntries.code, label: accountingEntries.label })
      .from(accountingEntries)
      .where(eq(accountingEntries.active, true))
      .orderBy(asc(accountingEntries.code)),
  ])
  return ok({
    data: { companies: companyRows, departments: departmentRows, currencies: currencyRows, accounts },
  })
}
