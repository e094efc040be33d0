import { expect, test } from 'vitest'
import { ORDER_LIST } from '../purchase-order/list'
import { USER_LIST } from '../user/list'
import { columnsOf, defaultColumns, exportValue, parseColumns } from './definition'

test('the default columns are those not hidden, in their declared order', () => {
  expect(defaultColumns(ORDER_LIST)).toEqual([
    'code',
    'supplier',
    'status',
    'amount_exctax',
    'buyer',
    'created_at',
  ])
})

test('chosen columns are read in the order given; none chosen means the default ones', () => {
  expect(parseColumns(ORDER_LIST, 'status, code')).toEqual({ ok: true, value: ['status', 'code'] })
  expect(parseColumns(ORDER_LIST, '')).toEqual({ ok: true, value: defaultColumns(ORDER_LIST) })
  expect(parseColumns(ORDER_LIST, undefined)).toEqual({ ok: true, value: defaultColumns(ORDER_LIST) })
})

test.each([
  ['code,password_hash', 'NOT_IN_LIST'],
  ['code,code', 'INVALID_VALUE'],
])('%s is refused on `columns` (%s)', (text, code) => {
  expect(parseColumns(ORDER_LIST, text)).toEqual({
    ok: false,
    error: { code: 'FORM_ERRORS', fields: { columns: [{ code }] } },
  })
})

test('an export writes statuses as labels, dates as dates, lists joined, empties as nothing', () => {
  const column = (key: string) => {
    const found = ORDER_LIST.columns.find((c) => c.key === key)
    if (found === undefined) throw new Error(key)
    return found
  }
  const [code, status, amount, created] = ['code', 'status', 'amount_exctax', 'created_at'].map(column)
  if (!code || !status || !amount || !created) throw new Error('columns')
  const row = {
    code: 'PO-1',
    status: 'validated',
    amount_exctax: '1234.50',
    created_at: '2026-11-24T08:00:00.000Z',
  }
  expect(exportValue(code, row, 'fr')).toBe('PO-1')
  expect(exportValue(status, row, 'fr')).toBe('Validé')
  expect(exportValue(status, row, 'es')).toBe('Validado')
  expect(exportValue(amount, row, 'fr')).toBe('1234.50')
  expect(exportValue(created, row, 'fr')).toEqual(new Date('2026-11-24T08:00:00.000Z'))
  expect(exportValue(code, { code: '' }, 'fr')).toBeNull()
  expect(
    exportValue({ key: 'suppliers', kind: 'text', label: code.label }, { suppliers: ['A', 'B'] }, 'en'),
  ).toBe('A, B')
})

test('a column may show another row field than its key (the role column shows the role label)', () => {
  const role = USER_LIST.columns.find((c) => c.key === 'role')
  if (role === undefined) throw new Error('no role column')
  expect(exportValue(role, { role: 'buyer', role_label: 'Acheteur' }, 'fr')).toBe('Acheteur')
  expect(columnsOf(USER_LIST, 'fr').find((c) => c.key === 'role')).toMatchObject({
    field: 'role_label',
    label: 'Rôle',
  })
})
