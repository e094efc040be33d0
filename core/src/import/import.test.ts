import { expect, test } from 'vitest'
import { checkImportHeader, ImportSummarySchema, isYesCell } from './index'

const COLUMNS = ['id', 'code', 'name', 'email'] as const

test.each([
  [['id', 'code'], true],
  [['code', 'id', 'email'], true],
  [['id', 'code', 'name', 'email'], true],
  [['id'], false],
  [['id', 'code', 'colour'], false],
  [['id', 'code', 'code'], false],
  [[], false],
])('the header %j is accepted: %s', (header, accepted) => {
  const issue = checkImportHeader(header, COLUMNS, ['id', 'code'])
  expect(issue === null).toBe(accepted)
  if (!accepted)
    expect(issue).toEqual({ code: 'IMPORT_BAD_HEADERS', params: { expected: 'id;code;name;email' } })
})

test.each([
  ['1', true],
  ['yes', true],
  [' Oui ', true],
  ['sí', true],
  ['TRUE', true],
  ['0', false],
  ['no', false],
  ['', false],
  ['2', false],
])('the flag cell %j reads as %s', (cell, yes) => {
  expect(isYesCell(cell)).toBe(yes)
})

test('an import answer carries its counts, refused lines and whether it was a check', () => {
  const summary = {
    checked: 3,
    imported: 0,
    created: 0,
    updated: 0,
    failed: 1,
    errors: [{ line: 3, messages: ['email: not an e-mail address'] }],
    dry_run: false,
    message: '1 of 3 lines refused: nothing imported.',
  }
  expect(ImportSummarySchema.parse(summary)).toEqual(summary)
  expect(ImportSummarySchema.safeParse({ ...summary, dry_run: undefined }).success).toBe(false)
})
