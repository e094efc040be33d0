import {
  type CdarStatus,
  cdarStatusMessage,
  LIFECYCLE_REASON_CODES,
  lifecycleStatusFor,
} from '@procura/core/invoice'
import { expect, test } from 'vitest'
import { CDAR_RULES, schematron } from '../../testing/schematron'
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

/**
 * Every status Procura raises (core lifecycleStatusFor, each event with no reason and with each one
 * it accepts), with and without a comment, and for a credit note.
 */
const everyStatus = (): CdarStatus[] => [
  ...(['captured', 'validated', 'refused', 'dispute_opened', 'payment_sent'] as const).flatMap((event) =>
    [false, true].flatMap((dispute_ongoing) =>
      [null, ...LIFECYCLE_REASON_CODES].flatMap((reason_code) => {
        const raised = lifecycleStatusFor(event, { reason_code, dispute_ongoing })
        return raised.ok
          ? [null, 'Billed twice: see "FA-2026-0801" & its credit'].map((comment) =>
              status({ ...raised.value, comment }),
            )
          : []
      }),
    ),
  ),
  status({ invoice: { number: 'AV-1', issue_date: '2026-11-20', credit_note: true } }),
]

test('every lifecycle status Procura raises, with each reason it accepts and a comment, is a valid CDAR D22B message', () => {
  for (const each of everyStatus())
    expect(xmllint(cdarStatusMessage(each), CDAR_SCHEMA), `${each.code} ${each.reason_code}`).toBe('')
  // Parties without a SIREN: valid against the schema (the French rules then ask for it).
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

test('every lifecycle status passes the French rules (BR-FR-CDV schematron, errors and warnings, run by Saxon-HE)', () => {
  const statuses = everyStatus()
  const messages = statuses.map(cdarStatusMessage)
  for (const rules of [CDAR_RULES.errors, CDAR_RULES.warnings])
    schematron(messages, rules).forEach((failed, i) => {
      expect(failed, `${statuses[i]?.code} ${statuses[i]?.reason_code}`).toEqual([])
    })
})

test('a message the French rules refuse is reported, rule by rule (the check can fail)', () => {
  const [withoutIssuerId, unknownReason] = schematron(
    [
      // The status's issuer without its identifier (MDT-38), a reason outside the reform's list.
      cdarStatusMessage(status()).replace(
        /(<ram:IssuerTradeParty>)<ram:GlobalID schemeID="0002">552100554<\/ram:GlobalID>/,
        '$1',
      ),
      cdarStatusMessage(status({ code: '210', reason_code: 'DOUBLON' })).replace(
        '<ram:ReasonCode>DOUBLON',
        '<ram:ReasonCode>NOT_A_REASON',
      ),
    ],
    CDAR_RULES.errors,
  )
  expect(withoutIssuerId?.map((f) => f.id)).toEqual(['BR-FR-CDV-07_MDT-38_yes'])
  expect(unknownReason?.map((f) => f.id)).toContain('BR-FR-CDV-CL-09_MDT-113')
  expect(unknownReason?.[0]?.text).toMatch(/NOT_A_REASON/)
})
