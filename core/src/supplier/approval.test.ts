import { expect, test } from 'vitest'
import { translate } from '../errors/translate'
import {
  type ApprovalInput,
  approvalIssues,
  approvedUntil,
  checkForcedStatusEnd,
  type GeographicSector,
  readableIssueParams,
  requiredIdentifiers,
  vigilanceApplies,
  vigilanceGaps,
} from './approval'

const sector = (id: number, parent_id: number | null, requires: Partial<GeographicSector> = {}) => ({
  id,
  parent_id,
  requires_siret: false,
  requires_duns: false,
  requires_intra_community_vat: false,
  ...requires,
})
// Europe (VAT) > France (SIRET) > Île-de-France; World (DUNS); a loop must not hang.
const SECTORS: GeographicSector[] = [
  sector(1, null, { requires_intra_community_vat: true }),
  sector(2, 1, { requires_siret: true }),
  sector(3, 2),
  sector(4, null, { requires_duns: true }),
  sector(5, 6),
  sector(6, 5),
]

test.each([
  [[3], ['siret', 'intra_community_vat']],
  [[1], ['intra_community_vat']],
  [[4], ['duns']],
  [
    [3, 4],
    ['siret', 'duns', 'intra_community_vat'],
  ],
  [[5], []],
  [[], []],
  [[99], []],
])('sectors %j require %j (their own and their parents’)', (ids, expected) => {
  expect(requiredIdentifiers(ids, SECTORS)).toEqual(expected)
})

const ready: ApprovalInput = {
  sector_ids: [3],
  family_ids: [10],
  identifiers: { siret: '40483304800022', duns: null, intra_community_vat: 'FR83404833048' },
  sectors: SECTORS,
  required_files: [
    { id: 1, label: 'URSSAF attestation' },
    { id: 2, label: 'Kbis' },
  ],
  files: [
    { type_id: 1, validity_date: '2026-12-31', validated: true },
    { type_id: 2, validity_date: null, validated: true },
  ],
  today: '2026-11-24',
}

test('a supplier with a sector, a family, its sectors’ identifiers and valid validated files may be approved', () => {
  expect(approvalIssues(ready)).toEqual([])
})

test.each([
  ['no sector', { sector_ids: [] }, [{ code: 'SUPPLIER_NEEDS_SECTOR' }]],
  ['no family', { family_ids: [] }, [{ code: 'SUPPLIER_NEEDS_FAMILY' }]],
  [
    'a SIRET its sector requires',
    { identifiers: { ...ready.identifiers, siret: ' ' } },
    [{ code: 'SUPPLIER_NEEDS_IDENTIFIER', params: { field: 'siret' } }],
  ],
  [
    'an expired file',
    { files: [{ type_id: 1, validity_date: '2026-11-23', validated: true }, ready.files[1]] },
    [{ code: 'SUPPLIER_NEEDS_FILE', params: { type: 'URSSAF attestation' } }],
  ],
  [
    'a file not validated yet',
    { files: [ready.files[0], { type_id: 2, validity_date: null, validated: false }] },
    [{ code: 'SUPPLIER_NEEDS_FILE', params: { type: 'Kbis' } }],
  ],
  [
    'everything at once',
    { sector_ids: [], family_ids: [], files: [] },
    [
      { code: 'SUPPLIER_NEEDS_SECTOR' },
      { code: 'SUPPLIER_NEEDS_FAMILY' },
      { code: 'SUPPLIER_NEEDS_FILE', params: { type: 'URSSAF attestation' } },
      { code: 'SUPPLIER_NEEDS_FILE', params: { type: 'Kbis' } },
    ],
  ],
] as const)('refused, each missing item named: %s', (_, change, expected) => {
  expect(approvalIssues({ ...ready, ...change } as ApprovalInput)).toEqual(expected)
})

test('a file valid through today still counts', () => {
  const files = [{ type_id: 1, validity_date: '2026-11-24', validated: true }, ready.files[1]]
  expect(approvalIssues({ ...ready, files } as ApprovalInput)).toEqual([])
})

test('the refusals read in the reader’s language', () => {
  expect(translate('SUPPLIER_NEEDS_FILE', { type: 'Kbis' }, 'fr')).toBe(
    'Document manquant ou expiré : Kbis. Ajoutez-en un valide et faites-le valider.',
  )
})

test('an approval of 365 days from 24 November 2026 runs through 23 November 2027', () => {
  expect(approvedUntil('2026-11-24', 365)).toBe('2027-11-23')
})

test.each([
  ['2026-11-25', 90, { ok: true, value: '2026-11-25' }],
  ['2027-02-22', 90, { ok: true, value: '2027-02-22' }],
  ['2027-02-23', 90, { ok: false, error: { code: 'FORCED_STATUS_TOO_LONG', params: { days: 90 } } }],
  ['2026-11-24', 90, { ok: false, error: { code: 'FORCED_STATUS_END_PAST' } }],
] as const)('a forced status ending %s (at most %i days) answers %j', (until, max, expected) => {
  expect(checkForcedStatusEnd('2026-11-24', until, max)).toEqual(expected)
})

test('an approval issue names the identifier in the reader’s language', () => {
  const issue = { code: 'SUPPLIER_NEEDS_IDENTIFIER' as const, params: { field: 'intra_community_vat' } }
  expect(readableIssueParams(issue, 'fr')).toEqual({ field: 'numéro de TVA intracommunautaire' })
  expect(readableIssueParams({ code: 'SUPPLIER_NEEDS_SECTOR' }, 'en')).toEqual({})
})

test.each([
  ['under the threshold: nothing asked', '4999.99', [], []],
  ['at the threshold without the attestation', '5000', [], ['URSSAF attestation']],
  [
    'above, with a valid validated attestation',
    '12000',
    [{ type_id: 1, validity_date: '2027-01-31', validated: true }],
    [],
  ],
  [
    'above, its attestation expired yesterday',
    '12000',
    [{ type_id: 1, validity_date: '2026-11-23', validated: true }],
    ['URSSAF attestation'],
  ],
  [
    'above, its attestation not validated',
    '12000',
    [{ type_id: 1, validity_date: '2027-01-31', validated: false }],
    ['URSSAF attestation'],
  ],
] as const)('duty of vigilance: %s', (_, amount, files, missing) => {
  const gaps = vigilanceGaps({
    amount_exctax: amount,
    threshold: '5000',
    required_files: [{ id: 1, label: 'URSSAF attestation' }],
    files,
    today: '2026-11-24',
  })
  expect(gaps.map((g) => g.label)).toEqual(missing)
})

test('the duty of vigilance applies from the threshold up, not below it', () => {
  expect(vigilanceApplies('4999.99', '5000')).toBe(false)
  expect(vigilanceApplies('5000', '5000')).toBe(true)
  expect(vigilanceApplies('5000.01', '5000.00')).toBe(true)
})
