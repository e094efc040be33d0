import { usableCurrencies } from '@procura/core/money'
import { checkCanCreateOrder, type OrderActor } from '@procura/core/purchase-order'
import { ok } from '@procura/core/result'
import { asc, eq, or } from 'drizzle-orm'
import type { Db } from '../../db'
import { likeCi } from '../../db/portable-sql'
import { companies, currencies, departments, supplierContacts, suppliers } from '../../db/schema'
import { loadSettings } from '../settings'

/** Active suppliers with their contacts, optionally searched by code or name (GET /bwapi/suppliers/search). */
export const searchSuppliers = async (db: Db, search: string) => {
  const pattern = `%${search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`
  const rows = await db
    .select()
    .from(suppliers)
    .where(
      search === ''
        ? eq(suppliers.status, 'active')
        : or(likeCi(suppliers.code, pattern), likeCi(suppliers.company_name, pattern)),
    )
    .orderBy(asc(suppliers.company_name))
    .limit(50)
  const contacts = await db.select().from(supplierContacts)
  return rows
    .filter((s) => s.status === 'active')
    .map((s) => ({
      id: s.id,
      code: s.code,
      company_name: s.company_name,
      currency_code: s.currency_code,
      contacts: contacts
        .filter((c) => c.supplier_id === s.id)
        .map(({ id, name, email, main_order_contact }) => ({ id, name, email, main_order_contact })),
    }))
}

/** GET /bwapi/purchase-orders/create: the choices of the order form. */
export const orderFormData = async (db: Db, actor: OrderActor) => {
  const allowed = checkCanCreateOrder(actor)
  if (!allowed.ok) return allowed
  const [companyRows, departmentRows, currencyRows, supplierRows] = await Promise.all([
    db
      .select({
        id: companies.id,
        code: companies.code,
        label: companies.label,
        currency_code: companies.currency_code,
      })
      .from(companies)
      .where(eq(companies.active, true)),
    db
      .select({
        id: departments.id,
        code: departments.code,
        label: departments.label,
        company_id: departments.company_id,
      })
      .from(departments)
      .where(eq(departments.active, true)),
    db
      .select({
        code: currencies.code,
        label: currencies.label,
        symbol: currencies.symbol,
        is_default: currencies.is_default,
      })
      .from(currencies),
    searchSuppliers(db, ''),
  ])
  // Only what the server accepts: the default currency unless the multi-currency module is on.
  const { modules } = await loadSettings(db)
  return ok({
    companies: companyRows,
    departments: departmentRows,
    currencies: usableCurrencies(currencyRows, modules.multi_currency).map(({ is_default: _d, ...c }) => c),
    suppliers: supplierRows,
  })
}
