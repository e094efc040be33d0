import { xmlElement as el, escapeXml } from '../format/xml'
import type { LifecycleCode, LifecycleReason } from './lifecycle'

/**
 * A lifecycle status as the French e-invoicing reform exchanges it: a UN/CEFACT Cross Domain
 * Acknowledgement and Response (CDAR D22B) message, "CDV" in the external specifications (XP
 * Z12-012), valid against the official schema (api/src/services/invoices/cdar-schemas/) and built
 * to the BR-FR-CDV rules (docs/domain/e-invoicing.md lists which and how).
 *
 * The buyer (Procura's company) sends the message and issues the status, role BY: as the sender
 * (MDT-21) it is named without an identifier, the reform identifying senders by their platform
 * registration (scheme 0238, which BR-FR-CDV-CL-09 reads to tell B2G messages); as the status's
 * issuer (MDT-38, required for a processing status) by its SIREN. The seller is the recipient,
 * role SE, and the issuer of the invoice the status is about. A party is named by its SIREN
 * (ISO 6523 scheme 0002) and reached at its electronic address (scheme 0225, the SIREN as the
 * reform writes it). Both parties need their SIREN for the message to pass BR-FR-CDV-07 and -13.
 */
export type CdarStatus = {
  /** The message's own id: unique per status, the idempotency key of its delivery. */
  id: string
  /** When the status was raised. */
  at: Date
  code: LifecycleCode
  reason_code: LifecycleReason | null
  comment: string | null
  invoice: { number: string; issue_date: string; credit_note: boolean }
  buyer: { name: string; siren: string | null }
  seller: { name: string; siren: string | null }
}

/** The reform's status reason codes (BR-FR-CDV-CL-09) where Procura's list names them otherwise. */
const OFFICIAL_REASON: Partial<Record<LifecycleReason, string>> = {
  MONTANT_ERR: 'MONTANTTOTAL_ERR',
  FACT_NON_CONFORME: 'NON_CONFORME',
  CMD_EJ_ERR: 'CMD_ERR',
}

/** The statuses BR-FR-CDV-15 requires a reason for; one raised without gives AUTRE (other). */
const REASON_REQUIRED: ReadonlySet<LifecycleCode> = new Set(['206', '207', '208', '210'])

/** The reason code a CDAR message carries for a status (the reform's list), or none. */
export const cdarReasonCode = (code: LifecycleCode, reason: LifecycleReason | null): string | null =>
  reason !== null ? (OFFICIAL_REASON[reason] ?? reason) : REASON_REQUIRED.has(code) ? 'AUTRE' : null

const text = (name: string, value: string, attributes = '') => el(name, escapeXml(value), attributes)

/** UN/CEFACT date-time, format 204: CCYYMMDDHHMMSS (UTC). */
const dateTime204 = (at: Date) => at.toISOString().slice(0, 19).replace(/[-T:]/g, '')

const party = (
  name: string,
  role: 'BY' | 'SE',
  who: { name: string; siren: string | null },
  withAddress: boolean,
  withId = true,
) =>
  el(
    `ram:${name}`,
    (who.siren === null || !withId ? '' : text('ram:GlobalID', who.siren, ' schemeID="0002"')) +
      (who.name === '' ? '' : text('ram:Name', who.name)) +
      text('ram:RoleCode', role) +
      (withAddress && who.siren !== null
        ? el('ram:URIUniversalCommunication', text('ram:URIID', who.siren, ' schemeID="0225"'))
        : ''),
  )

/** The CDAR D22B message of one lifecycle status, as XML text (UTF-8, with its declaration). */
export const cdarStatusMessage = (status: CdarStatus): string => {
  const reason = cdarReasonCode(status.code, status.reason_code)
  const detail =
    reason === null && status.comment === null
      ? ''
      : el(
          'ram:SpecifiedDocumentStatus',
          (reason === null ? '' : text('ram:ReasonCode', reason)) +
            (status.comment === null ? '' : text('ram:Reason', status.comment)) +
            text('ram:SequenceNumeric', '1'),
        )
  const issued = el('ram:IssueDateTime', text('udt:DateTimeString', dateTime204(status.at), ' format="204"'))
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    el(
      'rsm:CrossDomainAcknowledgementAndResponse',
      el(
        'rsm:ExchangedDocumentContext',
        el('ram:BusinessProcessSpecifiedDocumentContextParameter', text('ram:ID', 'REGULATED')) +
          el(
            'ram:GuidelineSpecifiedDocumentContextParameter',
            text('ram:ID', 'urn.cpro.gouv.fr:1p0:CDV:invoice'),
          ),
      ) +
        el(
          'rsm:ExchangedDocument',
          text('ram:ID', status.id) +
            text('ram:Name', 'Statut de facture') +
            issued +
            party('SenderTradeParty', 'BY', status.buyer, false, false) +
            party('IssuerTradeParty', 'BY', status.buyer, false) +
            party('RecipientTradeParty', 'SE', status.seller, true),
        ) +
        el(
          'rsm:AcknowledgementDocument',
          text('ram:TypeCode', '23') +
            issued +
            el(
              'ram:ReferenceReferencedDocument',
              text('ram:IssuerAssignedID', status.invoice.number) +
                text('ram:TypeCode', status.invoice.credit_note ? '381' : '380') +
                el(
                  'ram:FormattedIssueDateTime',
                  text('qdt:DateTimeString', status.invoice.issue_date.replace(/-/g, ''), ' format="102"'),
                ) +
                text('ram:ProcessConditionCode', status.code) +
                party('IssuerTradeParty', 'SE', status.seller, false) +
                detail,
            ),
        ),
      ' xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100"' +
        ' xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"' +
        ' xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"' +
        ' xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"',
    )
  )
}
