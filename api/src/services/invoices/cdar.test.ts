import {
  type CdarStatus,
  cdarStatusMessage,
  LIFECYCLE_REASON_CODES,
  LIFECYCLE_STATUSES,
} from '@procura/core/invoice'
import { expect, test } from 'vitest'
import { CDAR_SCHEMA, xmllint } from '../../testing/xmllint'

const status = (over: Partial<CdarStatus> = {}): CdarStatus => ({
  id: 'procura-status-12',
  at: new Date('2026-11-27T09:12:00Z'),
  code: '204',
  reason_code: null,
  comment: null,
  invoice: { number: 'FA-2026-0815', issue_date: '2026-11-18', credit_note: false },
  buyer: { name: 'ACME Industries', siren: '552100554' },
  seller: { name: 'OfficePro Supplies & Co <Lyon>', siren: '404833048' },
  ...over,
})

test('every lifecycle status, with and without its reason and comment, is a valid CDAR D22B message', () => {
  for (const code of Object.keys(LIFECYCLE_STATUSES) as CdarStatus['code'][])
    for (const reason_code of [null, ...LIFECYCLE_REASON_CODES])
      for (const comment of [null, 'Billed twice: see "FA-2026-0801" & its credit'])
        expect(
          xmllint(cdarStatusMessage(status({ code, reason_code, comment })), CDAR_SCHEMA),
          `${code} ${reason_code}`,
        ).toBe('')
  // A credit note, and parties without a SIREN.
  const credit = status({ invoice: { number: 'AV-1', issue_date: '2026-11-20', credit_note: true } })
  expect(xmllint(cdarStatusMessage(credit), CDAR_SCHEMA)).toBe('')
  const anonymous = status({ buyer: { name: 'ACME', siren: null }, seller: { name: 'Shop', siren: null } })
  expect(xmllint(cdarStatusMessage(anonymous), CDAR_SCHEMA)).toBe('')
})

test('a message the schema refuses is reported (the check can fail)', () => {
  // Without its recipient (required), or with its date in a text where a date-time element stands.
  const withoutRecipient = cdarStatusMessage(status()).replace(
    /<ram:RecipientTradeParty>.*?<\/ram:RecipientTradeParty>/,
    '',
  )
  expect(xmllint(withoutRecipient, CDAR_SCHEMA)).toMatch(/RecipientTradeParty/)
  const misplaced = cdarStatusMessage(status()).replace(
    /<ram:IssueDateTime>.*?<\/ram:IssueDateTime>/,
    '<ram:IssueDateTime>2026-11-27</ram:IssueDateTime>',
  )
  expect(xmllint(misplaced, CDAR_SCHEMA)).not.toBe('')
})
