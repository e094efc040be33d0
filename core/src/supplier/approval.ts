import { z } from 'zod'
import { addDays, type IsoDate } from '../calendar/days'
import { type DomainError, domainError } from '../errors/domain-error'
import type { Language } from '../i18n/language'
import { dec } from '../money/decimal'
import { err, ok, type Result } from '../result'

/** The identifiers a geographic sector may require of the suppliers in it. */
export const SECTOR_IDENTIFIERS = ['siret', 'duns', 'intra_community_vat'] as const
export type SectorIdentifier = (typeof SECTOR_IDENTIFIERS)[number]

/** How each identifier is named in a sentence, per language (messages name what is missing). */
export const IDENTIFIER_LABELS: Readonly<Record<SectorIdentifier, Readonly<Record<Language, string>>>> = {
  siret: { en: 'SIRET', es: 'SIRET', fr: 'SIRET' },
  duns: { en: 'DUNS number', es: 'número DUNS', fr: 'numéro DUNS' },
  intra_community_vat: {
    en: 'intra-community VAT number',
    es: 'número de IVA intracomunitario',
    fr: 'numéro de TVA intracommunautaire',
  },
}

/** An approval issue's parameters as a reader's message shows them (the identifier named in their language). */
export const readableIssueParams = (issue: DomainError, language: Language) => {
  const field = issue.params?.field
  return field !== undefined && field in IDENTIFIER_LABELS
    ? { ...issue.params, field: IDENTIFIER_LABELS[field as SectorIdentifier][language] }
    : (issue.params ?? {})
}

export type GeographicSector = {
  id: number
  parent_id: number | null
  requires_siret: boolean
  requires_duns: boolean
  requires_intra_community_vat: boolean
}

/**
 * The identifiers a supplier must carry: what each of its sectors requires, and what their parent
 * sectors require (a sector is part of its parent: "France" requiring SIRET binds "Île-de-France").
 */
export const requiredIdentifiers = (
  sectorIds: readonly number[],
  sectors: readonly GeographicSector[],
): SectorIdentifier[] => {
  const byId = new Map(sectors.map((s) => [s.id, s]))
  const required = new Set<SectorIdentifier>()
  for (const start of sectorIds) {
    const seen = new Set<number>()
    for (let sector = byId.get(start); sector !== undefined && !seen.has(sector.id); ) {
      seen.add(sector.id)
      if (sector.requires_siret) required.add('siret')
      if (sector.requires_duns) required.add('duns')
      if (sector.requires_intra_community_vat) required.add('intra_community_vat')
      sector = sector.parent_id === null ? undefined : byId.get(sector.parent_id)
    }
  }
  return SECTOR_IDENTIFIERS.filter((identifier) => required.has(identifier))
}

/** A supplier file as approval reads it: its type and until when it is valid (null: no end). */
export type ApprovalFile = { type_id: number; validity_date: IsoDate | null; validated: boolean }
export type RequiredFileType = { id: number; label: string }

export type ApprovalInput = {
  sector_ids: readonly number[]
  family_ids: readonly number[]
  identifiers: Readonly<Record<SectorIdentifier, string | null>>
  sectors: readonly GeographicSector[]
  /** The file types every approved supplier must have on file (valid and validated). */
  required_files: readonly RequiredFileType[]
  files: readonly ApprovalFile[]
  today: IsoDate
}

/**
 * What stops a supplier from being approved (spec §3: at least one geographic sector, one family
 * and all required files), each named: no sector, no family, each identifier its sectors require
 * and it lacks, each required file type with no validated file valid today. Empty: it may be
 * approved.
 */
export const approvalIssues = (input: ApprovalInput): DomainError[] => {
  const issues: DomainError[] = []
  if (input.sector_ids.length === 0) issues.push(domainError('SUPPLIER_NEEDS_SECTOR'))
  if (input.family_ids.length === 0) issues.push(domainError('SUPPLIER_NEEDS_FAMILY'))
  for (const identifier of requiredIdentifiers(input.sector_ids, input.sectors))
    if ((input.identifiers[identifier] ?? '').trim() === '')
      issues.push(domainError('SUPPLIER_NEEDS_IDENTIFIER', { field: identifier }))
  for (const type of missingFiles(input.required_files, input.files, input.today))
    issues.push(domainError('SUPPLIER_NEEDS_FILE', { type: type.label }))
  return issues
}

/** The required file types with no validated file valid today. */
export const missingFiles = (
  required: readonly RequiredFileType[],
  files: readonly ApprovalFile[],
  today: IsoDate,
): RequiredFileType[] =>
  required.filter(
    (type) =>
      !files.some(
        (f) => f.type_id === type.id && f.validated && (f.validity_date === null || f.validity_date >= today),
      ),
  )

/**
 * The duty of vigilance (Code du travail L8222-1, D8222-5): an order of `threshold` excl. tax or
 * more needs the supplier's required documents valid (URSSAF attestation, Kbis). Answers the
 * document types missing or expired, or none under the threshold.
 */
/** The duty of vigilance applies to an order of this amount (excl. tax) from the threshold up. */
export const vigilanceApplies = (amountExctax: string, threshold: string) => !dec(amountExctax).lt(threshold)

export const vigilanceGaps = (input: {
  amount_exctax: string
  threshold: string
  required_files: readonly RequiredFileType[]
  files: readonly ApprovalFile[]
  today: IsoDate
}): RequiredFileType[] =>
  vigilanceApplies(input.amount_exctax, input.threshold)
    ? missingFiles(input.required_files, input.files, input.today)
    : []

/** The last day of an approval given for `days` days from `from` (the settings' default duration). */
export const approvedUntil = (from: IsoDate, days: number): IsoDate => addDays(from, days - 1)

/**
 * A forced status's end date: after today and at most the settings' maximum duration away
 * (`forced_status_max_days`); a job lifts it at that date.
 */
export const checkForcedStatusEnd = (
  today: IsoDate,
  until: IsoDate,
  maxDays: number,
): Result<IsoDate, DomainError> => {
  if (until <= today) return err(domainError('FORCED_STATUS_END_PAST'))
  const latest = addDays(today, maxDays)
  if (until > latest) return err(domainError('FORCED_STATUS_TOO_LONG', { days: maxDays }))
  return ok(until)
}

/** PUT /bwapi/supplier-approval-roles: the roles whose people approve suppliers (none: buyers and administrators). */
export const ApprovalRolesInputSchema = z.object({ role_ids: z.array(z.number().int().positive()) })
