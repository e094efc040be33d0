import { z } from 'zod'
import type { MessageTexts } from '../errors/message-table'
import { interpolate, readerParams } from '../errors/translate'
import type { Language } from '../i18n/language'

/**
 * The events that concern a user, each a notification kind. A user chooses per kind where it
 * reaches them: in the app, by e-mail, both, or not at all (users/{id}/notifications).
 */
export const NOTIFICATION_KINDS = [
  'to_validate',
  'validated',
  'refused',
  'order_sent',
  'delivery_received',
  'invoice_dispute',
  'file_expiring',
  'contract_notice',
  'agreement_expiring',
  'rfq_answered',
  'rfq_closed',
  'payment_rejected',
  'budget_overrun',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const NOTIFICATION_CHANNELS = ['app', 'email', 'both', 'none'] as const
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]

/**
 * Where a kind reaches a user who has not chosen: both for the kinds Procura has always e-mailed
 * (a validation to give, a decision, a document or a contract notice due), the app for the others.
 */
export const DEFAULT_CHANNELS: Readonly<Record<NotificationKind, NotificationChannel>> = {
  to_validate: 'both',
  validated: 'both',
  refused: 'both',
  order_sent: 'app',
  delivery_received: 'app',
  invoice_dispute: 'app',
  file_expiring: 'both',
  contract_notice: 'both',
  agreement_expiring: 'both',
  rfq_answered: 'app',
  rfq_closed: 'both',
  payment_rejected: 'app',
  budget_overrun: 'both',
}

export const inApp = (channel: NotificationChannel) => channel === 'app' || channel === 'both'
export const byMail = (channel: NotificationChannel) => channel === 'email' || channel === 'both'

/** PUT users/{id}/notifications: a channel per kind (the kinds left out keep theirs). */
export const NotificationChoicesSchema = z.partialRecord(
  z.enum(NOTIFICATION_KINDS),
  z.enum(NOTIFICATION_CHANNELS),
)
export type NotificationChoices = z.infer<typeof NotificationChoicesSchema>

const t = (en: string, es: string, fr: string): MessageTexts => ({ en, es, fr })

/** What a notification says, by kind; `{code}` and the others are its parameters. */
export const NOTIFICATION_TEXTS: Readonly<Record<NotificationKind, MessageTexts>> = {
  to_validate: t(
    '{code} waits for your validation.',
    '{code} espera su validación.',
    '{code} attend votre validation.',
  ),
  validated: t('{code} was approved by {by}.', '{by} aprobó {code}.', '{by} a approuvé {code}.'),
  refused: t(
    '{code} was refused by {by}: {reason}',
    '{by} rechazó {code}: {reason}',
    '{by} a refusé {code} : {reason}',
  ),
  order_sent: t(
    '{code} was sent to {supplier}.',
    'Envío de {code} a {supplier}.',
    'Envoi de {code} à {supplier}.',
  ),
  delivery_received: t(
    '{code}: a delivery was received ({delivery}).',
    '{code}: se recibió una entrega ({delivery}).',
    '{code} : une livraison a été reçue ({delivery}).',
  ),
  invoice_dispute: t(
    'The invoice {code} is in dispute: {message}',
    'La factura {code} está en litigio: {message}',
    'La facture {code} est en litige : {message}',
  ),
  file_expiring: t(
    '{supplier}: {file} expires on {date}.',
    '{supplier}: {file} caduca el {date}.',
    '{supplier} : {file} expire le {date}.',
  ),
  contract_notice: t(
    '{supplier}: give notice for {contract} by {date}.',
    '{supplier}: dé el preaviso de {contract} antes del {date}.',
    '{supplier} : donnez le préavis de {contract} avant le {date}.',
  ),
  agreement_expiring: t(
    'The agreement {code} with {supplier} ends on {date} ({used} % ordered).',
    'El acuerdo {code} con {supplier} termina el {date} ({used} % pedido).',
    'L’accord {code} avec {supplier} prend fin le {date} ({used} % commandés).',
  ),
  rfq_answered: t(
    '{supplier} answered the request for quotation {code}.',
    '{supplier} respondió a la solicitud de cotización {code}.',
    '{supplier} a répondu à la demande de prix {code}.',
  ),
  rfq_closed: t(
    'The request for quotation {code} is closed (answers: {answered} of {invited}): compare and award it.',
    'La solicitud de cotización {code} está cerrada (respuestas: {answered} de {invited}): compárela y adjudíquela.',
    'La demande de prix {code} est close (réponses : {answered} sur {invited}) : comparez-la et attribuez-la.',
  ),
  payment_rejected: t(
    'The payment of {code} was rejected by the bank: {reason}',
    'El banco rechazó el pago de {code}: {reason}',
    'La banque a rejeté le paiement de {code} : {reason}',
  ),
  budget_overrun: t(
    'Budget {budget} is overrun by {amount} ({code}, by {by}).',
    'El presupuesto {budget} se supera en {amount} ({code}, por {by}).',
    'Le budget {budget} est dépassé de {amount} ({code}, par {by}).',
  ),
}

/** A notification's sentence in the reader's language (its parameters as they were when it happened). */
export const notificationText = (
  kind: string,
  params: Readonly<Record<string, string | number | null>>,
  language: Language,
): string => {
  const texts = (NOTIFICATION_TEXTS as Record<string, MessageTexts>)[kind]
  if (texts === undefined) return kind
  return interpolate(
    texts[language],
    readerParams(
      Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v === null ? '—' : String(v)])),
      language,
    ),
  )
}
export {
  type NotificationAnswer,
  NotificationAnswerSchema,
  type NotificationsPageAnswer,
  NotificationsPageAnswerSchema,
} from './answers'
