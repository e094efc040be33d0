import { expect, test } from 'vitest'
import { type CdarStatus, cdarReasonCode, cdarStatusMessage } from './cdar'
import { LIFECYCLE_REASON_CODES, LIFECYCLE_STATUSES, type LifecycleCode } from './lifecycle'

const status = (over: Partial<CdarStatus> = {}): CdarStatus => ({
  id: 'procura-status-12',
  at: new Date('2026-11-27T09:12:00Z'),
  code: '210',
  reason_code: 'DOUBLON',
  comment: 'Billed twice',
  invoice: { number: 'FA-2026-0815', issue_date: '2026-11-18', credit_note: false },
  buyer: { name: 'ACME Industries', siren: '552100554' },
  seller: { name: 'OfficePro Supplies', siren: '404833048' },
  ...over,
})

/** The text of the first element of that name, or undefined. */
const value = (xml: string, name: string) => new RegExp(`<${name}[^>]*>([^<]*)</${name}>`).exec(xml)?.[1]

test('the message carries what the BR-FR-CDV rules ask of a buyer’s status', () => {
  const xml = cdarStatusMessage(status())
  // MDT-2 and MDT-3 (CL-01, CDV-02): a regulated exchange, the CDV guideline.
  expect(xml).toContain('<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>REGULATED</ram:ID>')
  expect(xml).toContain('<ram:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</ram:ID>')
  // MDT-4, MDG-4 (CDV-03, -04): its id and date-time (format 204, UTC).
  expect(value(xml, 'ram:ID')).toBe('REGULATED')
  expect(xml).toContain('<ram:ID>procura-status-12</ram:ID>')
  expect(xml).toContain('<udt:DateTimeString format="204">20261127091200</udt:DateTimeString>')
  // MDG-9, MDT-21 (CDV-05, -06, CL-02): the buyer sends (BY), without an identifier (a sender's is a
  // platform registration, scheme 0238, which CL-09 reads as B2G); the seller receives at its address (CDV-08).
  expect(xml).toContain(
    '<ram:SenderTradeParty><ram:Name>ACME Industries</ram:Name><ram:RoleCode>BY</ram:RoleCode></ram:SenderTradeParty>',
  )
  // MDT-38, MDT-40 (CDV-07, CL-03): the buyer issues the status, named by its SIREN.
  expect(xml).toContain(
    '</ram:SenderTradeParty><ram:IssuerTradeParty><ram:GlobalID schemeID="0002">552100554</ram:GlobalID><ram:Name>ACME Industries</ram:Name><ram:RoleCode>BY</ram:RoleCode></ram:IssuerTradeParty><ram:RecipientTradeParty>',
  )
  expect(xml).toMatch(
    /<ram:RecipientTradeParty>.*<ram:RoleCode>SE<\/ram:RoleCode><ram:URIUniversalCommunication><ram:URIID schemeID="0225">404833048<\/ram:URIID>/,
  )
  // MDT-77 (CDV-09): a status information (23).
  expect(xml).toContain('<rsm:AcknowledgementDocument><ram:TypeCode>23</ram:TypeCode>')
  // MDT-87, MDG-35, MDT-105 (CDV-10, -11, -12): the invoice, its date (102), its status.
  expect(value(xml, 'ram:IssuerAssignedID')).toBe('FA-2026-0815')
  expect(xml).toContain('<qdt:DateTimeString format="102">20261118</qdt:DateTimeString>')
  expect(value(xml, 'ram:ProcessConditionCode')).toBe('210')
  // MDT-129, MDT-132 (CDV-13, CL-07): the seller issued it, named by its SIREN.
  expect(xml).toMatch(
    /<ram:IssuerTradeParty><ram:GlobalID schemeID="0002">404833048<\/ram:GlobalID>.*?<ram:RoleCode>SE<\/ram:RoleCode><\/ram:IssuerTradeParty>/,
  )
  // MDT-113, MDT-124-2 (CDV-15, -16): the reason, the comment, the detail's number.
  expect(xml).toContain(
    '<ram:SpecifiedDocumentStatus><ram:ReasonCode>DOUBLON</ram:ReasonCode><ram:Reason>Billed twice</ram:Reason><ram:SequenceNumeric>1</ram:SequenceNumeric></ram:SpecifiedDocumentStatus>',
  )
})

test('a refusal, a dispute, a suspension and a partial approval always give a reason from the reform’s list', () => {
  const official = new Set([
    'DOUBLON',
    'MONTANTTOTAL_ERR',
    'TX_TVA_ERR',
    'PU_ERR',
    'QTE_ERR',
    'LIVR_INCOMP',
    'NON_CONFORME',
    'CMD_ERR',
    'JUSTIF_ABS',
    'REF_CT_ABSENT',
    'AUTRE',
  ])
  for (const code of Object.keys(LIFECYCLE_STATUSES) as LifecycleCode[]) {
    const bare = cdarReasonCode(code, null)
    expect(bare, code).toBe(['206', '207', '208', '210'].includes(code) ? 'AUTRE' : null)
    for (const reason of LIFECYCLE_REASON_CODES)
      expect(official.has(cdarReasonCode(code, reason) ?? ''), reason).toBe(true)
  }
  expect(cdarStatusMessage(status({ code: '204', reason_code: null, comment: null }))).not.toContain(
    'SpecifiedDocumentStatus',
  )
  expect(
    value(cdarStatusMessage(status({ code: '207', reason_code: null, comment: null })), 'ram:ReasonCode'),
  ).toBe('AUTRE')
})

test('text is escaped; a credit note is referenced as one (381)', () => {
  const xml = cdarStatusMessage(
    status({
      seller: { name: 'Paper & Co <Lyon>', siren: null },
      invoice: { number: 'AV-1', issue_date: '2026-11-20', credit_note: true },
    }),
  )
  expect(xml).toContain('<ram:Name>Paper &amp; Co &lt;Lyon&gt;</ram:Name>')
  expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>')
})
