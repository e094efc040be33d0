import type { Actor } from '@procura/core/auth'
import { VAT_TYPES } from '@procura/core/invoice'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { companies, productFamilies, suppliers } from '../db/schema'
import { accountingEntriesAdmin, accountingVatEntriesAdmin } from '../services/accounting/entries'
import { runAccountingExport } from '../services/accounting/export-run'
import { must, type StoryClock } from './seed-story'

/** The French chart's purchase accounts of the demo families; others go to the default. */
const FAMILY_ACCOUNTS: Record<string, [string, string]> = {
  OFFICE: ['606400', 'Office supplies'],
  CLEANING: ['606300', 'Small equipment and cleaning'],
  SAFETY: ['606800', 'Safety equipment'],
  IT: ['218300', 'IT equipment'],
  FURNITURE: ['218400', 'Furniture'],
}
const RATES = ['2.1', '5.5', '10', '20']

/**
 * The demo's accounting: the expense accounts of the families and a default one, the VAT accounts
 * of every rate and VAT type (the self-assessed pair for reverse charge and intracommunity), each
 * supplier's accounting code (its own code), and a first export of the invoices of more than two
 * months ago, so the history has a file and the export screen has invoices waiting.
 */
export const seedAccounting = async (
  services: { db: Db; clock: StoryClock; storageDir: string },
  admin: Actor,
  payables: Actor,
) => {
  const { db, clock } = services
  clock.at(45)
  must(
    await accountingEntriesAdmin.save(services, admin, null, {
      code: '606100',
      label: 'Purchases of supplies (default)',
      is_default: true,
    }),
    'the default expense account',
  )
  const families = await db
    .select({ id: productFamilies.id, code: productFamilies.code })
    .from(productFamilies)
  for (const family of families) {
    const account = FAMILY_ACCOUNTS[family.code]
    if (account === undefined) continue
    must(
      await accountingEntriesAdmin.save(services, admin, null, {
        code: account[0],
        label: account[1],
        product_family_id: family.id,
      }),
      `the account of ${family.code}`,
    )
  }
  for (const vat_type of VAT_TYPES)
    for (const vat_rate of RATES) {
      const selfAssessed = vat_type === 'intracommunity' || vat_type === 'reverse_charge'
      must(
        await accountingVatEntriesAdmin.save(services, admin, null, {
          code: vat_type === 'on_collection' ? '445710' : selfAssessed ? '445662' : '445660',
          label: `Deductible VAT ${vat_rate} % (${vat_type.replace('_', ' ')})`,
          vat_rate,
          vat_type,
          self_assessed_code: selfAssessed ? '445200' : null,
        }),
        `the VAT account ${vat_type} ${vat_rate}`,
      )
    }
  await db.update(suppliers).set({ accounting_code: sql`${suppliers.code}` })
  clock.at(30)
  const acme = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.code, 'ACME'))
    .limit(1)
  const upTo = new Date(clock.now().getTime() - 30 * 86_400_000).toISOString().slice(0, 10)
  const made = await runAccountingExport(services, payables, {
    company_id: acme[0]?.id,
    up_to: upTo,
    format: 'csv',
  })
  // Nothing old enough to export is not a failure of the story.
  if (!made.ok && made.error.code !== 'ACCOUNTING_NOTHING_TO_EXPORT')
    must(made, 'the first accounting export')
}
