import { parseWith } from '@procura/core/errors'
import type { Language } from '@procura/core/i18n'
import { checkImportHeader, isYesCell } from '@procura/core/import'
import {
  CONTACT_CSV_COLUMNS,
  checkCanManageSuppliers,
  SupplierContactInputSchema,
} from '@procura/core/supplier'
import { asc, eq, gt } from 'drizzle-orm'
import type { Db } from '../../db'
import type { RawTx } from '../../db/raw-transaction'
import { supplierContacts, suppliers } from '../../db/schema'
import {
  cellOver,
  type ImportDefinition,
  type ImportRow,
  importerOf,
  importFileLines,
  issueMessages,
  marks,
  type RowOutcome,
  sayer,
} from '../imports/engine'

const FLAGS = ['main_contact', 'main_order_contact', 'main_billing_contact'] as const

/**
 * A batch of contacts: a blank id creates one for the supplier of its code, an id updates it (a
 * blank cell keeps the value, `#null` empties it); core's schema checks each (a name, and at least
 * one of e-mail, phone or mobile: spec §5); a main role given takes it from the supplier's others.
 */
const writeBatch = async (
  tx: RawTx,
  rows: ImportRow[],
  _context: unknown,
  _now: Date,
  language: Language,
): Promise<RowOutcome[]> => {
  const say = sayer(language)
  const outcomes: RowOutcome[] = []
  for (const row of rows) {
    const { current } = row
    const messages = [...row.messages]
    // A blank supplier code keeps the contact's supplier.
    const named = row.ids.supplier_code
    const supplierId =
      named === null ? (current === undefined ? undefined : Number(current.supplier_id)) : named
    if (supplierId === undefined && named === null)
      messages.push(say('supplier_code', 'UNKNOWN_CODE', { kind: 'supplier', value: '' }))
    const value = (column: string) => cellOver(row, column)
    const flag = (column: (typeof FLAGS)[number]) => {
      const raw = (row.cells[column] ?? '').trim().toLowerCase()
      return raw === '' ? current?.[column] === 1 || current?.[column] === true : isYesCell(raw)
    }
    const parsed = parseWith(SupplierContactInputSchema, {
      name: value('name') ?? '',
      email: value('email'),
      phone: value('phone'),
      mobile: value('mobile'),
      language: value('language') ?? 'en',
      main_contact: flag('main_contact'),
      main_order_contact: flag('main_order_contact'),
      main_billing_contact: flag('main_billing_contact'),
    })
    if (!parsed.ok) messages.push(...issueMessages(say, parsed.error))
    if (messages.length > 0 || !parsed.ok || supplierId === undefined) {
      outcomes.push({ messages })
      continue
    }
    const c = parsed.value
    for (const role of FLAGS)
      if (c[role])
        await tx.execute({
          sql: `UPDATE supplier_contacts SET ${role} = ? WHERE supplier_id = ?`,
          args: [false, supplierId],
        })
    const values = [
      supplierId,
      c.name,
      c.email,
      c.phone,
      c.mobile,
      c.language,
      c.main_contact,
      c.main_order_contact,
      c.main_billing_contact,
    ]
    if (current === undefined)
      await tx.execute({
        sql: `INSERT INTO supplier_contacts (supplier_id, name, email, phone, mobile, language, main_contact,
          main_order_contact, main_billing_contact) VALUES (${marks(values.length)})`,
        args: values,
      })
    else
      await tx.execute({
        sql: `UPDATE supplier_contacts SET supplier_id = ?, name = ?, email = ?, phone = ?, mobile = ?, language = ?,
          main_contact = ?, main_order_contact = ?, main_billing_contact = ? WHERE id = ?`,
        args: [...values, Number(current.id)],
      })
    outcomes.push({ created: current === undefined })
  }
  return outcomes
}

const CONTACT_IMPORT: ImportDefinition<Record<string, never>> = {
  name: 'supplier_contact',
  may: checkCanManageSuppliers,
  checkHeader: (header) => checkImportHeader(header, CONTACT_CSV_COLUMNS, ['id', 'name']),
  prepare: async () => ({}),
  table: 'supplier_contacts',
  codes: { supplier_code: { kind: 'supplier', code: () => suppliers.code, id: () => suppliers.id } },
  writeBatch,
}

/** Suppliers' contacts by CSV (`procura import supplier-contacts`): all or nothing. */
export const importContacts = importerOf(CONTACT_IMPORT)

/** Every supplier contact as `procura import supplier-contacts` reads it back (its supplier by code). */
export const exportContacts = (db: Db) =>
  importFileLines(
    CONTACT_CSV_COLUMNS,
    (async function* () {
      for (let last = 0; ; ) {
        const page = await db
          .select({ contact: supplierContacts, supplier_code: suppliers.code })
          .from(supplierContacts)
          .innerJoin(suppliers, eq(suppliers.id, supplierContacts.supplier_id))
          .where(gt(supplierContacts.id, last))
          .orderBy(asc(supplierContacts.id))
          .limit(1000)
        if (page.length === 0) return
        last = page[page.length - 1]?.contact.id ?? last
        yield page.map(({ contact, supplier_code }) =>
          CONTACT_CSV_COLUMNS.map((column) =>
            column === 'supplier_code' ? supplier_code : (contact as Record<string, unknown>)[column],
          ),
        )
      }
    })(),
  )
