import { isoDateIn } from '@procura/core/calendar'
import type { CircuitState } from '@procura/core/circuit'
import { externalChargeAsInvoice } from '@procura/core/invoice'
import type { OrderActor } from '@procura/core/purchase-order'
import { eq } from 'drizzle-orm'
import type { Db } from '../db'
import { first } from '../db/first'
import { companies, supplierInvoices, suppliers } from '../db/schema'
import { applyInvoiceAction } from '../services/invoices/invoice-actions'
import { createInvoice } from '../services/invoices/invoice-write'
import { must, type StoryClock } from './seed-story'

/**
 * The demo's external charges: Solaris Énergie's monthly electricity for the sites over six
 * months (on the Sites and facilities project, so the budget counts it) and a courier's fees —
 * validated through the invoices' circuit, the last month's awaiting its validator, the current
 * one a draft. Accounts payable records them.
 */
export const seedExternalCharges = async (
  services: { db: Db; clock: StoryClock },
  actor: (login: string) => OrderActor,
) => {
  const { db, clock } = services
  const payables = actor('payables')
  const supplier = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.code, 'SOLARIS'))
    .then(first)
  const courier = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.code, 'RAPIDCOURIER'))
    .then(first)
  const company = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.code, 'ACME'))
    .then(first)
  if (supplier === undefined || courier === undefined || company === undefined) return
  for (let month = 6; month >= 0; month--) {
    clock.at(month * 30 + 3)
    const day = isoDateIn(clock.now())
    const electricity = 800 + month * 35
    const fees = month % 2 === 0 ? 60 : 0
    const made = must(
      await createInvoice(
        services,
        payables,
        externalChargeAsInvoice({
          label: `SOL-${day.slice(0, 7)}`,
          supplier_id: supplier.id,
          company_id: company.id,
          department_id: null,
          currency_code: 'EUR',
          invoice_date: day,
          due_date: null,
          vat_type: 'on_debit',
          amount_exctax: `${electricity}.00`,
          amount_inctax: `${(electricity * 1.2).toFixed(2)}`,
          comment: null,
          lines: [
            {
              label: `Electricity of the sites, ${day.slice(0, 7)}`,
              amount_exctax: `${electricity}.00`,
              vat_rate: '20',
              accounting_entry_id: null,
              allocation1: 'P-SITE',
              allocation2: null,
              allocation3: null,
              allocation4: null,
            },
          ],
        }),
        'external_charge',
      ),
      'an external charge',
    ).data
    const charges = [made.id]
    if (fees > 0)
      charges.push(
        must(
          await createInvoice(
            services,
            payables,
            externalChargeAsInvoice({
              label: `RC-${day.slice(0, 7)}`,
              supplier_id: courier.id,
              company_id: company.id,
              department_id: null,
              currency_code: 'EUR',
              invoice_date: day,
              due_date: null,
              vat_type: 'on_debit',
              amount_exctax: `${fees}.00`,
              amount_inctax: `${(fees * 1.2).toFixed(2)}`,
              comment: null,
              lines: [
                {
                  label: 'Courier fees',
                  amount_exctax: `${fees}.00`,
                  vat_rate: '20',
                  accounting_entry_id: null,
                  allocation1: null,
                  allocation2: null,
                  allocation3: null,
                  allocation4: null,
                },
              ],
            }),
            'external_charge',
          ),
          'courier fees',
        ).data.id,
      )
    if (month === 0) continue
    for (const id of charges) {
      clock.at(month * 30 + 2)
      must(await applyInvoiceAction(services, payables, id, 'submit', {}), 'submit an external charge')
      if (month === 1) continue
      for (let step = 0; step < 5; step += 1) {
        const row = await db.select().from(supplierInvoices).where(eq(supplierInvoices.id, id)).then(first)
        const pending = (row?.circuit as CircuitState | null)?.steps.find((s) => s.status === 'pending')
        if (row?.status !== 'awaiting' || pending === undefined) break
        clock.at(month * 30 + 1, step)
        must(
          await applyInvoiceAction(services, actor(pending.validators[0] ?? ''), id, 'validate', {}),
          'validate an external charge',
        )
      }
    }
  }
}
