import {
  DELIVERY_ACTION_LABELS,
  DELIVERY_DOC_STATUS_LABELS,
  DELIVERY_KIND_LABELS,
  RESERVATION_KIND_LABELS,
} from '@procura/core/delivery'
import { DELIVERY_STATUS_LABELS } from '@procura/core/status'
import { textsIn } from '../texts-in'

/** The deliveries texts, loaded with the routes that use them (en). */
export const texts = {
  deliveries: {
    title: 'Deliveries',
    empty: 'No delivery yet. Receive goods from a sent order’s page.',
    receive: 'Receive',
    receiveAll: 'Receive all that remains',
    receiveAllTitle: 'Receive all that remains?',
    receiveAllConfirm:
      'Everything that remains on {{code}} is recorded as received today, into stock. Receive a part instead from “Receive”.',
    receiveAllButton: 'Receive all',
    fillRemaining: 'Fill in what remains',
    predeliver: 'Technical delivery',
    declare: 'Declare a shipment',
    forceComplete: 'Force to complete',
    forceCompleteConfirm:
      'Forcing the delivery of {{code}} to complete is definitive: nothing more can be received on it. Continue?',
    newTitle: 'Receive {{code}}',
    newTechnicalTitle: 'Technical delivery of {{code}}',
    declareTitle: 'Declare a shipment of {{code}}',
    recorded: '{{code}} recorded.',
    cancelConfirm:
      'Cancelling {{code}} takes its quantities off the order and its goods back out of stock. Continue?',
    returnHint:
      'What arrived, per line; a negative quantity returns goods to the supplier. Leave a line empty to skip it.',
    none: 'Nothing received yet.',
    orderDeliveries: 'Deliveries',
    deliveryStatus: 'Delivery',
    receiptMode: 'Received by',
    madeFrom: 'Made from {{code}}',
    receptions: 'Receptions made from it',
    reservations: 'Reservations and nonconformities',
    reservationOpen: 'Reservations may be raised until {{date}}.',
    reservationClosed: 'Reservations could be raised until {{date}}.',
    raise: 'Record',
    noReservation: 'None.',
    conformYes: 'Conforms',
    conformNo: 'Does not conform',
    conformUnknown: 'Not said',
    fields: {
      code: 'Number',
      kind: 'Kind',
      order: 'Order',
      supplier: 'Supplier',
      deliveryDate: 'Delivered on',
      noteNumber: 'Delivery-note number',
      internalNumber: 'Internal number',
      warehouse: 'Into warehouse',
      fromWarehouse: 'From warehouse',
      conform: 'What arrived conforms',
      comment: 'Comment',
      status: 'Status',
      amount: 'Amount excl. tax',
      createdBy: 'Recorded by',
      confirmedBy: 'Confirmed by',
      line: 'Item',
      ordered: 'Ordered',
      delivered: 'Delivered',
      predelivered: 'Predelivered',
      remaining: 'Remaining',
      received: 'This delivery',
      reservationKind: 'Kind',
      reservationComment: 'What is wrong',
    },
    receiptModes: { quantity: 'quantity', amount: 'amount (service)' },
    kinds: textsIn(DELIVERY_KIND_LABELS, 'en'),
    statuses: textsIn(DELIVERY_DOC_STATUS_LABELS, 'en'),
    orderStatuses: textsIn(DELIVERY_STATUS_LABELS, 'en'),
    overDelivered: 'Received over the order',
    actions: textsIn(DELIVERY_ACTION_LABELS, 'en'),
    reservationKinds: textsIn(RESERVATION_KIND_LABELS, 'en'),
  },
}

export type Texts = typeof texts
