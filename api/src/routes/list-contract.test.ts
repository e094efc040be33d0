import {
  ACCOUNTING_ENTRY_LIST,
  ACCOUNTING_EXPORT_LIST,
  ACCOUNTING_VAT_ENTRY_LIST,
} from '@procura/core/accounting'
import { ARTICLE_LIST } from '@procura/core/article'
import { DELIVERY_LIST } from '@procura/core/delivery'
import { INVOICE_LIST, PENDING_INVOICE_LIST } from '@procura/core/invoice'
import type { ListDefinition } from '@procura/core/list'
import { NEED_LIST } from '@procura/core/need'
import { PAYMENT_GROUP_LIST } from '@procura/core/payment'
import { ORDER_LIST } from '@procura/core/purchase-order'
import { AGREEMENT_LIST, RFQ_LIST } from '@procura/core/sourcing'
import { SUPPLIER_LIST } from '@procura/core/supplier'
import { TRACE_LIST } from '@procura/core/trace'
import { USER_LIST } from '@procura/core/user'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { EXPORT_SORTS } from '../services/accounting/export-list'
import { ARTICLE_SORTS } from '../services/catalogue/article-list'
import { DELIVERY_SORTS } from '../services/deliveries/delivery-list'
import { INVOICE_SORTS } from '../services/invoices/list'
import { PENDING_SORTS } from '../services/invoices/pending'
import { NEED_SORTS } from '../services/needs/need-list'
import { PAYMENT_GROUP_SORTS } from '../services/payments/payment-group-list'
import { ORDER_SORTS } from '../services/purchase-orders/order-list'
import { AGREEMENT_SORTS } from '../services/sourcing/agreement-list'
import { RFQ_SORTS } from '../services/sourcing/rfq-list'
import { SUPPLIER_SORTS } from '../services/suppliers/supplier-list'
import { TRACE_SORTS } from '../services/traces/traces'
import { USER_SORTS } from '../services/users/list'
import { type Agent, signIn } from '../testing/agent'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
let admin: Agent
beforeAll(async () => {
  t = await createTestApp({ history: true })
  admin = await signIn(t.app, 'admin')
}, 120_000)
afterAll(() => t.close())

const LISTS: [string, ListDefinition, readonly string[]][] = [
  ['/bwapi/purchase-orders', ORDER_LIST, ORDER_SORTS],
  ['/bwapi/supplier-invoices', INVOICE_LIST, INVOICE_SORTS],
  ['/bwapi/deliveries', DELIVERY_LIST, DELIVERY_SORTS],
  ['/bwapi/needs', NEED_LIST, NEED_SORTS],
  ['/bwapi/payment-groups', PAYMENT_GROUP_LIST, PAYMENT_GROUP_SORTS],
  ['/bwapi/suppliers', SUPPLIER_LIST, SUPPLIER_SORTS],
  ['/bwapi/users', USER_LIST, USER_SORTS],
  ['/bwapi/warehouses/1/articles', ARTICLE_LIST, ARTICLE_SORTS],
  ['/bwapi/pending-invoices', PENDING_INVOICE_LIST, PENDING_SORTS],
  ['/bwapi/accounting-exports', ACCOUNTING_EXPORT_LIST, EXPORT_SORTS],
  ['/bwapi/accounting-entries', ACCOUNTING_ENTRY_LIST, ['code', 'label']],
  ['/bwapi/accounting-vat-entries', ACCOUNTING_VAT_ENTRY_LIST, ['code', 'label']],
  ['/bwapi/traces', TRACE_LIST, TRACE_SORTS],
  ['/bwapi/framework-agreements', AGREEMENT_LIST, AGREEMENT_SORTS],
  ['/bwapi/rfqs', RFQ_LIST, RFQ_SORTS],
]

test.each(LISTS)(
  '%s: the columns core declares sortable are those its service sorts by',
  (_, list, sorts) => {
    expect(
      list.columns
        .filter((c) => c.sortable === true)
        .map((c) => c.key)
        .sort(),
    ).toEqual([...sorts].sort())
    expect(sorts).toContain(list.defaultSort.key)
  },
)

test.each(LISTS)('%s: every column core declares is a field of the list’s rows', async (path, list) => {
  const answer = (await (await admin.get(`${path}?per_page=5`)).json()) as { data: Record<string, unknown>[] }
  expect(answer.data.length, path).toBeGreaterThan(0)
  const fields = new Set(answer.data.flatMap((row) => Object.keys(row)))
  for (const column of list.columns)
    expect(fields, `${path} ${column.key}`).toContain((column.field ?? column.key).split('.')[0])
  const index = (await (await admin.get(`${path}/index`)).json()) as {
    title: string
    columns: { key: string }[]
  }
  expect(index.columns.map((c) => c.key)).toEqual(list.columns.map((c) => c.key))
})
