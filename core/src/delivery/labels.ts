import type { MessageTexts } from '../errors/message-table'
import type { DeliveryAction, DeliveryDocStatus, DeliveryKind, ReservationKind } from './status'

const t = (en: string, es: string, fr: string): MessageTexts => ({ en, es, fr })

export const DELIVERY_KIND_LABELS: Record<DeliveryKind, MessageTexts> = {
  delivery: t('Delivery', 'Recepción', 'Livraison'),
  technical: t('Technical delivery', 'Recepción técnica', 'Livraison technique'),
}

export const DELIVERY_DOC_STATUS_LABELS: Record<DeliveryDocStatus, MessageTexts> = {
  received: t('Received', 'Recibido', 'Reçu'),
  declared: t('Declared by the supplier', 'Declarado por el proveedor', 'Déclaré par le fournisseur'),
  confirmed: t('Confirmed', 'Confirmado', 'Confirmé'),
  canceled: t('Canceled', 'Cancelado', 'Annulé'),
}

export const DELIVERY_ACTION_LABELS: Record<DeliveryAction, MessageTexts> = {
  confirm: t('Confirm', 'Confirmar', 'Confirmer'),
  receive: t('Make the reception', 'Registrar la recepción', 'Faire la réception'),
  cancel: t('Cancel', 'Anular', 'Annuler'),
  reserve: t('Raise a reservation', 'Formular una reserva', 'Émettre une réserve'),
}

export const RESERVATION_KIND_LABELS: Record<ReservationKind, MessageTexts> = {
  reservation: t('Reservation', 'Reserva', 'Réserve'),
  nonconformity: t('Nonconformity', 'No conformidad', 'Non-conformité'),
}
