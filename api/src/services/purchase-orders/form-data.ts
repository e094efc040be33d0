import type { IsoDate } from '@procura/core/calendar'
import { usableCurrencies } from '@procura/core/money'
import { checkCanCreateOrder, type OrderActor } from '@procura/core/purchase-order'
import { ok } from '@procura/core/result'
import { supplierStatusOn } from '@procura/core/supplier'
import { and, asc, eq, inArray, or } from 'drizzle-orm'
import type { Db } from '../../db'
import { likeCi } from '../../db/portable-sql'
import { companies, currencies, departments, supplierContacts, suppliers } from '../../db/schema'
import { activeCodes } from '../code-lists'
import { fieldsOf } from '../custom-fields'
import { loadSettings } from '../settings'
import { statisticsOf } from '../suppliers/supplier-figures'

/**
 * Suppliers one may order from today (active, or forced active) with their contacts, optionally
 * searched by code or name (GET /bwapi/suppliers/search).
 */
export const searchSuppliers = async (db: Db, search: string, today: IsoDate) => {
  const pattern = `%${search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`
  const orderable = or(eq(suppliers.status, 'active'), eq(suppliers.forced_status, 'active'))
  const rows = (
    await db
      .select()
      .from(suppliers)
      .where(
        search === ''
          ? orderable
          : and(orderable, or(likeCi(suppliers.code, pattern), likeCi(suppliers.company_name, pattern))),
      )
      .orderBy(asc(suppliers.company_name))
      .limit(50)
  ).filter((s) => supplierStatusOn(s, today) === 'active')
  const contacts =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(supplierContacts)
          .where(
            inArray(
              supplierContacts.supplier_id,
              rows.map((s) => s.id),
            ),
          )
  // Kept by the statistics job: a supplier under its objectives is flagged where buyers choose it.
  const flagged = new Set(
    (
      await statisticsOf(
        db,
        rows.map((s) => s.id),
      )
    )
      .filter((r) => r.flagged)
      .map((r) => r.supplier_id),
  )
  return rows.map((s) => ({
    id: s.id,
    code: s.code,
    company_name: s.company_name,
    currency_code: s.currency_code,
    flagged: flagged.has(s.id),
    contacts: contacts
      .filter((c) => c.supplier_id === s.id)
      .map(({ id, name, email, main_order_contact }) => ({ id, name, email, main_order_contact })),
  }))
}

/** GET /bwapi/purchase-orders/create: the choices of the order form. */
export const orderFormData = async (db: Db, actor: OrderActor, today: IsoDate) => {
  const allowed = checkCanCreateOrder(actor)
  if (!allowed.ok) return allowed
  const [companyRows, departmentRows, currencyRows, supplierRows, purchaseTypes, customFields] =
    await Promise.all([
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
      searchSuppliers(db, '', today),
      activeCodes(db, 'purchase_type'),
      fieldsOf(db, 'purchase_order'),
    ])
  // Only what the server accepts: the default currency unless the multi-currency module is on.
  const { modules } = await loadSettings(db)
  return ok({
    companies: companyRows,
    departments: departmentRows,
    currencies: usableCurrencies(currencyRows, modules.multi_currency).map(({ is_default: _d, ...c }) => c),
    suppliers: supplierRows,
    purchase_types: purchaseTypes,
    custom_fields: customFields.map(({ id, code, label, type, required, options }) => ({
      id,
      code,
      label,
      type,
      required,
      options,
    })),
  })
}
