import { z } from 'zod'
import { type DomainError, formError } from '../errors/domain-error'
import type { MessageTexts } from '../errors/message-table'
import { err, ok, type Result } from '../result'

const t = (en: string, es: string, fr: string): MessageTexts => ({ en, es, fr })

/**
 * The lifecycle statuses of a received e-invoice (French e-invoicing reform, DGFiP external
 * specifications; docs/domain/e-invoicing.md), by their code: those the buyer sends back (204–208,
 * 210, 211) and those it reads from its platform (INBOUND_LIFECYCLE_CODES).
 */
export const LIFECYCLE_STATUSES = {
  '200': t('Submitted', 'Depositada', 'Déposée'),
  '201': t('Issued by the platform', 'Emitida por la plataforma', 'Émise par la plateforme'),
  '202': t('Received by the platform', 'Recibida por la plataforma', 'Reçue par la plateforme'),
  '203': t('Made available', 'Puesta a disposición', 'Mise à disposition'),
  '204': t('Taken over', 'Recibida para tratamiento', 'Prise en charge'),
  '205': t('Approved', 'Aprobada', 'Approuvée'),
  '206': t('Partly approved', 'Aprobada parcialmente', 'Approuvée partiellement'),
  '207': t('In dispute', 'En litigio', 'En litige'),
  '208': t('Suspended', 'Suspendida', 'Suspendue'),
  '210': t('Refused', 'Rechazada', 'Refusée'),
  '209': t('Completed', 'Completada', 'Complétée'),
  '211': t('Payment sent', 'Pago transmitido', 'Paiement transmis'),
  '212': t('Cashed', 'Cobrada', 'Encaissée'),
  '213': t('Rejected by the platform', 'Rechazada por la plataforma', 'Rejetée'),
} as const
export type LifecycleCode = keyof typeof LIFECYCLE_STATUSES

/**
 * The statuses Procura reads from its platform and never raises: the platform's own on the way in
 * (200 submitted, 201 issued, 202 received, 203 made available, 213 rejected by the platform) and
 * the seller's it passes on (209 completed after a suspension, 212 cashed). The others are the
 * buyer's: Procura raises them (LIFECYCLE_EVENTS) and a platform cannot.
 */
export const INBOUND_LIFECYCLE_CODES = ['200', '201', '202', '203', '209', '212', '213'] as const

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

/**
 * The reasons a person may give for a refusal, a dispute (207, or 208 for JUSTIF_ABS) or a hold in
 * the queue (208), in the list's order.
 */
export const lifecycleReasonsFor = (
  event: 'refused' | 'dispute_opened' | 'put_on_hold',
): LifecycleReason[] => {
  const allowed = (code: LifecycleCode) => LIFECYCLE_REASONS_BY_STATUS[code] ?? []
  return LIFECYCLE_REASON_CODES.filter((reason) =>
    event === 'refused'
      ? allowed('210').includes(reason)
      : event === 'put_on_hold'
        ? allowed('208').includes(reason)
        : reason === 'JUSTIF_ABS' || allowed('207').includes(reason),
  )
}

/** The events of Procura's invoice chain that raise a status. */
export type LifecycleEvent =
  | 'put_on_hold'
  | 'captured'
  | 'validated'
  | 'refused'
  | 'dispute_opened'
  | 'payment_sent'

/**
 * Which status each event raises, as one table: an e-invoice put on hold in the queue (208, the
 * reason optional, from 208's list), the capture of an e-invoice (204), its validation
 * (205, or 206 when a dispute is still ongoing: approved, part of it contested), its refusal (210,
 * a reason required), a dispute opened (207; 208 when it asks for a missing document, JUSTIF_ABS),
 * the payment sent to the bank (211).
 */
export const LIFECYCLE_EVENTS: Readonly<
  Record<LifecycleEvent, { code: LifecycleCode; reason: 'required' | 'optional' | 'none' }>
> = {
  put_on_hold: { code: '208', reason: 'optional' },
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

/**
 * A status read from the platform (POST /platform/statuses: its JSON, or its CDAR D22B message read
 * into the same shape): the invoice it is about, by its number and its seller's SIREN or SIRET, and
 * the status. `id` is the message's id, which keeps it once.
 */
export const InboundStatusSchema = z.object({
  id: z.string().trim().min(1).max(200),
  invoice: z.object({
    number: z.string().trim().min(1).max(200),
    issue_date: z.iso.date().nullish(),
    seller: z.object({
      siren: z
        .string()
        .trim()
        .regex(/^\d{9}(\d{5})?$/),
    }),
  }),
  status: z.object({
    code: z.string().trim(),
    reason_code: z.string().trim().max(50).nullish(),
    comment: z.string().trim().max(1000).nullish(),
    at: z.iso.datetime({ offset: true }),
  }),
})
export type InboundStatus = z.output<typeof InboundStatusSchema>

/** The reform's reason codes (BR-FR-CDV-CL-09) read back into Procura's list, where they differ. */
const REASON_FROM_OFFICIAL: Readonly<Record<string, LifecycleReason>> = {
  MONTANTTOTAL_ERR: 'MONTANT_ERR',
  NON_CONFORME: 'FACT_NON_CONFORME',
  CMD_ERR: 'CMD_EJ_ERR',
}

/**
 * What Procura keeps of a status read from its platform: only an inbound status
 * (INBOUND_LIFECYCLE_CODES) — one of the buyer's own is refused on `code` with
 * LIFECYCLE_NOT_INBOUND, an unknown code with NOT_IN_LIST. A reason of the reform's list that
 * Procura's list holds is kept as Procura's code; another (AUTRE, or a code of the platform's own)
 * is kept in the comment, before the platform's words.
 */
export const inboundLifecycleStatus = (
  status: InboundStatus['status'],
): Result<
  { code: LifecycleCode; reason_code: LifecycleReason | null; comment: string | null },
  DomainError
> => {
  if (!(status.code in LIFECYCLE_STATUSES)) return err(formError({ code: [{ code: 'NOT_IN_LIST' }] }))
  const code = status.code as LifecycleCode
  if (!(INBOUND_LIFECYCLE_CODES as readonly string[]).includes(code))
    return err({ code: 'LIFECYCLE_NOT_INBOUND', params: { code } })
  const given = status.reason_code ?? null
  const reason =
    given === null
      ? null
      : given in LIFECYCLE_REASONS
        ? (given as LifecycleReason)
        : (REASON_FROM_OFFICIAL[given] ?? null)
  const words = status.comment ?? null
  const comment =
    given !== null && reason === null ? [given, words].filter((w) => w !== null).join(': ') : words
  return ok({ code, reason_code: reason, comment })
}

/** The SIREN of a seller named by its SIREN or its SIRET (the SIRET's first nine digits). */
export const sirenOf = (sirenOrSiret: string) => sirenOrSiret.slice(0, 9)

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
