import { expect, test } from 'vitest'
import { mergeFormErrors, validateFields } from './fields'
import {
  atLeastOneOf,
  dateAfterOrEqual,
  dateBeforeOrEqual,
  differentFrom,
  inList,
  lengthBetween,
  maxLength,
  noSpaces,
  notForbidden,
  notMatching,
  required,
  selectAtLeastOne,
  statusEquals,
  unique,
  validDate,
} from './generic'

test.each([
  [undefined, 'FIELD_REQUIRED'],
  [null, 'FIELD_REQUIRED'],
  ['', 'FIELD_REQUIRED'],
  ['   ', 'FIELD_REQUIRED'],
  [[], 'FIELD_REQUIRED'],
  ['x', null],
  [0, null],
  [false, null],
  [['a'], null],
])('required(%j) → %s', (value, code) => {
  expect(required(value)?.code ?? null).toBe(code)
})

test('maxLength counts characters, not UTF-16 units', () => {
  expect(maxLength('éèà', 3)).toBeNull()
  expect(maxLength('😀😀', 2)).toBeNull()
  expect(maxLength('abcd', 3)).toEqual({ code: 'MAX_LENGTH', params: { max: 3 } })
  expect(maxLength(null, 3)).toBeNull()
  expect(lengthBetween('ab', 3, 5)).toEqual({ code: 'LENGTH_BETWEEN', params: { min: 3, max: 5 } })
  expect(lengthBetween('abcd', 3, 5)).toBeNull()
})

test('noSpaces, notMatching, inList, notForbidden', () => {
  expect(noSpaces('a b')?.code).toBe('NO_SPACES')
  expect(noSpaces('a\tb')?.code).toBe('NO_SPACES')
  expect(noSpaces('ab')).toBeNull()
  expect(notMatching('123', /^\d+$/)?.code).toBe('FORBIDDEN_PATTERN')
  expect(notMatching('A123', /^\d+$/)).toBeNull()
  expect(inList('b', ['a', 'b'])).toBeNull()
  expect(inList('c', ['a', 'b'])?.code).toBe('NOT_IN_LIST')
  expect(notForbidden('closed', ['closed'])?.code).toBe('FORBIDDEN_VALUE')
  expect(notForbidden('open', ['closed'])).toBeNull()
})

test('differentFrom names the other field; statusEquals names the status', () => {
  expect(differentFrom(3, 3, 'end stock')).toEqual({ code: 'MUST_DIFFER', params: { other: 'end stock' } })
  expect(differentFrom(3, 4, 'end stock')).toBeNull()
  expect(statusEquals('draft', 'validated')).toEqual({
    code: 'STATUS_MUST_BE',
    params: { status: 'validated' },
  })
  expect(statusEquals('draft', 'draft')).toBeNull()
})

test('at least one of, select at least one', () => {
  expect(atLeastOneOf({ email: '', phone: null, mobile: undefined })).toEqual({
    code: 'AT_LEAST_ONE_OF',
    params: { fields: 'email, phone, mobile' },
  })
  expect(atLeastOneOf({ email: '', phone: '0102' })).toBeNull()
  expect(selectAtLeastOne([])?.code).toBe('SELECT_AT_LEAST_ONE')
  expect(selectAtLeastOne([1])).toBeNull()
})

test.each([
  ['2026-02-28', null],
  ['2028-02-29', null],
  ['2026-02-29', 'INVALID_DATE'],
  ['2026-13-01', 'INVALID_DATE'],
  ['28/02/2026', 'DATE_FORMAT'],
  ['2026-2-28', 'DATE_FORMAT'],
])('validDate(%s) → %s', (value, code) => {
  expect(validDate(value)?.code ?? null).toBe(code)
})

test('date order', () => {
  expect(dateAfterOrEqual('2026-05-01', '2026-05-01')).toBeNull()
  expect(dateAfterOrEqual('2026-04-30', '2026-05-01')).toEqual({
    code: 'DATE_AFTER_OR_EQUAL',
    params: { date: '2026-05-01' },
  })
  expect(dateBeforeOrEqual('2026-05-02', '2026-05-01')?.code).toBe('DATE_BEFORE_OR_EQUAL')
  expect(dateBeforeOrEqual('2026-02-30', '2026-05-01')?.code).toBe('INVALID_DATE')
})

test('unique uses the injected look-up', async () => {
  const taken = new Set(['PO-1'])
  expect(await unique('PO-1', (v) => taken.has(v))).toEqual({ code: 'NOT_UNIQUE' })
  expect(await unique('PO-2', async (v) => taken.has(v))).toBeNull()
})

test('validateFields lists every failing field with all its issues', () => {
  expect(validateFields({ login: [required('x'), noSpaces('x')] })).toEqual({ ok: true, value: undefined })
  expect(
    validateFields({ login: [required(''), noSpaces('a b')], email: [required(null)], ok: [null] }),
  ).toEqual({
    ok: false,
    error: {
      code: 'FORM_ERRORS',
      fields: {
        login: [{ code: 'FIELD_REQUIRED' }, { code: 'NO_SPACES' }],
        email: [{ code: 'FIELD_REQUIRED' }],
      },
    },
  })
})

test('mergeFormErrors joins the fields of several form errors', () => {
  const a = { code: 'FORM_ERRORS' as const, fields: { x: [{ code: 'FIELD_REQUIRED' as const }] } }
  const b = {
    code: 'FORM_ERRORS' as const,
    fields: { x: [{ code: 'NO_SPACES' as const }], y: [{ code: 'NOT_UNIQUE' as const }] },
  }
  expect(mergeFormErrors(a, null, b)?.fields).toEqual({
    x: [{ code: 'FIELD_REQUIRED' }, { code: 'NO_SPACES' }],
    y: [{ code: 'NOT_UNIQUE' }],
  })
  expect(mergeFormErrors(null)).toBeNull()
})
