import { expect, test } from 'vitest'
import {
  REQUIRABLE_DELIVERY_FIELDS,
  REQUIRABLE_NEED_FIELDS,
  REQUIRABLE_ORDER_FIELDS,
} from '../settings/settings.schema'
import { requiredFieldIssues } from './required-fields'

test('the fields the settings make required are refused when left empty, each on its field', () => {
  const required = ['department_id', 'purchase_type', 'tags', 'supplier_comment']
  expect(
    requiredFieldIssues(
      { department_id: null, purchase_type: '  ', tags: [], supplier_comment: 'Dock B' },
      required,
    ),
  ).toEqual({
    department_id: [{ code: 'FIELD_REQUIRED' }],
    purchase_type: [{ code: 'FIELD_REQUIRED' }],
    tags: [{ code: 'FIELD_REQUIRED' }],
  })
  expect(requiredFieldIssues({ department_id: 3 }, ['department_id'])).toEqual({})
  expect(requiredFieldIssues({}, [])).toEqual({})
})

test('a line field made required is asked of every line, refused on the line that lacks it', () => {
  expect(
    requiredFieldIssues(
      { lines: [{ wanted_date: '2026-12-01' }, { wanted_date: null }, { wanted_date: '' }] },
      ['lines.wanted_date'],
    ),
  ).toEqual({
    'lines.1.wanted_date': [{ code: 'FIELD_REQUIRED' }],
    'lines.2.wanted_date': [{ code: 'FIELD_REQUIRED' }],
  })
})

test('every requirable field is optional in its document (the others are required anyway)', () => {
  for (const list of [REQUIRABLE_ORDER_FIELDS, REQUIRABLE_NEED_FIELDS, REQUIRABLE_DELIVERY_FIELDS])
    expect(new Set(list).size).toBe(list.length)
})
