import { type DomainError, formError } from '../errors/domain-error'
import type { MessageTexts } from '../errors/message-table'
import { err, ok, type Result } from '../result'

const t = (en: string, es: string, fr: string): MessageTexts => ({ en, es, fr })

/**
 * The lifecycle statuses a buyer sends back on a received e-invoice (French e-invoicing reform,
 * DGFiP external specifications; docs/domain/e-invoicing.md), by their code.
 */
export const LIFECYCLE_STATUSES = {
  '204': t('Taken over', 'Recibida para tratamiento', 'Prise en charge'),
  '205': t('Approved', 'Aprobada', 'Approuvée'),
  '206': t('Partly approved', 'Aprobada parcialmente', 'Approuvée partiellement'),
  '207': t('In dispute', 'En litigio', 'En litige'),
  '208': t('Suspended', 'Suspendida', 'Suspendue'),
  '210': t('Refused', 'Rechazada', 'Refusée'),
  '211': t('Payment sent', 'Pago transmitido', 'Paiement transmis'),
} as const
export type LifecycleCode = keyof typeof LIFECYCLE_STATUSES

/** The controlled list of reasons a refusal (and a dispute or suspension) gives. */
export const LIFECYCLE_REASONS = {
  DOUBLON: t('Duplicate invoice', 'Factura duplicada', 'Facture en doublon'),
  MONTANT_ERR: t('Wrong amount', 'Importe erróneo', 'Montant erroné'),
  TX_TVA_ERR: t('Wrong VAT rate', 'Tipo de IVA erróneo', 'Taux de TVA erroné'),
  PU_ERR: t('Wrong unit price', 'Precio unitario erróneo', 'Prix unitaire erroné'),
  QTE_ERR: t('Wrong quantity', 'Cantidad errónea', 'Quantité erronée'),
  LIVR_INCOMP: t('Delivery incomplete', 'Entrega incompleta', 'Livraison incomplète'),
  FACT_NON_CONFORME: t('Invoice not compliant', 'Factura no conforme', 'Facture non conforme'),
  CMD_EJ_ERR: t(
    'Wrong or missing order reference',
    'Referencia de pedido errónea o ausente',
    'Référence de commande erronée ou absente',
  ),
  JUSTIF_ABS: t('Supporting document missing', 'Falta un justificante', 'Justificatif absent'),
  REF_CT_ABSENT: t(
    'Contract reference missing',
    'Falta la referencia del contrato',
    'Référence de contrat absente',
  ),
} as const
export type LifecycleReason = keyof typeof LIFECYCLE_REASONS
export const LIFECYCLE_REASON_CODES = Object.keys(LIFECYCLE_REASONS) as LifecycleReason[]

/**
 * The reasons each status that carries one may give (BR-FR-CDV-CL-09, the lists outside B2G, in
 * Procura's codes): a refusal (210) is for what makes the invoice wrong as a whole, a price,
 * quantity or delivery disagreement is a dispute (207) or a partial approval (206), a missing
 * document suspends it (208).
 */
export const LIFECYCLE_REASONS_BY_STATUS: Readonly<
  Partial<Record<LifecycleCode, readonly LifecycleReason[]>>
> = {
  '206': ['PU_ERR', 'QTE_ERR', 'LIVR_INCOMP', 'CMD_EJ_ERR', 'REF_CT_ABSENT'],
  '207': LIFECYCLE_REASON_CODES.filter((code) => code !== 'JUSTIF_ABS'),
  '208': ['JUSTIF_ABS', 'CMD_EJ_ERR', 'REF_CT_ABSENT'],
  '210': ['DOUBLON', 'MONTANT_ERR', 'TX_TVA_ERR', 'FACT_NON_CONFORME', 'CMD_EJ_ERR', 'REF_CT_ABSENT'],
}

/** The reasons a person may give for a refusal, or for a dispute (207, or 208 for JUSTIF_ABS), in the list's order. */
export const lifecycleReasonsFor = (event: 'refused' | 'dispute_opened'): LifecycleReason[] => {
  const allowed = (code: LifecycleCode) => LIFECYCLE_REASONS_BY_STATUS[code] ?? []
  return LIFECYCLE_REASON_CODES.filter((reason) =>
    event === 'refused'
      ? allowed('210').includes(reason)
      : reason === 'JUSTIF_ABS' || allowed('207').includes(reason),
  )
}

/** The events of Procura's invoice chain that raise a status. */
export type LifecycleEvent = 'captured' | 'validated' | 'refused' | 'dispute_opened' | 'payment_sent'

/**
 * Which status each event raises, as one table: the capture of an e-invoice (204), its validation
 * (205, or 206 when a dispute is still ongoing: approved, part of it contested), its refusal (210,
 * a reason required), a dispute opened (207; 208 when it asks for a missing document, JUSTIF_ABS),
 * the payment sent to the bank (211).
 */
export const LIFECYCLE_EVENTS: Readonly<
  Record<LifecycleEvent, { code: LifecycleCode; reason: 'required' | 'optional' | 'none' }>
> = {
  captured: { code: '204', reason: 'none' },
  validated: { code: '205', reason: 'none' },
  refused: { code: '210', reason: 'required' },
  dispute_opened: { code: '207', reason: 'optional' },
  payment_sent: { code: '211', reason: 'none' },
}

/**
 * The status an event raises on an e-invoice, with its reason; a missing reason, or one unknown or
 * not allowed for that status (LIFECYCLE_REASONS_BY_STATUS), is refused on `reason_code`.
 */
export const lifecycleStatusFor = (
  event: LifecycleEvent,
  context: { reason_code?: string | null; dispute_ongoing?: boolean } = {},
): Result<{ code: LifecycleCode; reason_code: LifecycleReason | null }, DomainError> => {
  const rule = LIFECYCLE_EVENTS[event]
  const reason = context.reason_code ?? null
  if (reason !== null && !(reason in LIFECYCLE_REASONS))
    return err(formError({ reason_code: [{ code: 'NOT_IN_LIST' }] }))
  if (rule.reason === 'required' && reason === null)
    return err(formError({ reason_code: [{ code: 'FIELD_REQUIRED' }] }))
  const code =
    event === 'validated' && context.dispute_ongoing === true
      ? '206'
      : event === 'dispute_opened' && reason === 'JUSTIF_ABS'
        ? '208'
        : rule.code
  if (
    reason !== null &&
    rule.reason !== 'none' &&
    !LIFECYCLE_REASONS_BY_STATUS[code]?.includes(reason as LifecycleReason)
  )
    return err(formError({ reason_code: [{ code: 'NOT_IN_LIST' }] }))
  return ok({ code, reason_code: rule.reason === 'none' ? null : (reason as LifecycleReason | null) })
}

/** The first retry of a status push waits this long; each failure doubles it, up to the cap. */
export const STATUS_PUSH_FIRST_RETRY_MS = 30_000
export const STATUS_PUSH_MAX_RETRY_MS = 6 * 60 * 60 * 1000

/**
 * How long to wait before pushing a status again after its `attempts`-th failed delivery:
 * 30 s, 1 min, 2 min, 4 min, … doubling up to 6 hours, so a platform down for a day is not
 * flooded and one back up within minutes gets its statuses within minutes.
 */
export const statusPushDelayMs = (attempts: number) =>
  Math.min(
    STATUS_PUSH_FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempts - 1, 30)),
    STATUS_PUSH_MAX_RETRY_MS,
  )
