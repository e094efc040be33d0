import { NEED_ACTION_LABELS } from '@procura/core/need'

/** The needs texts, loaded with the routes that use them (en). */
export const texts = {
  needs: {
    empty: 'No request yet. Ask for what you need with a new request, or from the catalogue.',
    ordersMade_one: '{{count}} order made: {{codes}}.',
    ordersMade_other: '{{count}} orders made: {{codes}}.',
    linesSuppliers: 'The suppliers the lines were picked with (one order each)',
    chooseSupplier: 'Choose a supplier',
    requestMade: 'Request {{code}} made and sent for approval.',
    title: 'Requests',
    new: 'New request',
    seeOrder: 'See the order',
    followOrder: 'The order made from this request',
    noArticle: 'No catalogue article matches.',
    articleHint: 'Type two letters of a label or a reference to fill the line from the catalogue.',
    waitingOn: 'Waiting for: {{names}}',
    order: 'Order',
    delivery: 'Delivery',
    billing: 'Billing',
    fields: {
      article: 'Catalogue article',
      title: 'Subject',
      family: 'Purchase family',
      description: 'Description',
      estimatedPrice: 'Estimated unit price excl. tax',
      productFamily: 'Product family',
      details: 'Details',
      quantityStep: 'Quantity step',
      unit: 'Unit',
      wantedDate: 'Wanted by',
      comment: 'Comment',
      allocation: 'Allocation {{n}}',
      deliveryAddress: 'Delivery address',
      processing: 'Processing',
    },
    processing: {
      awaiting: 'Awaiting a buyer',
      processing: 'In progress',
      po_submitted: 'Order created',
      po_validated: 'Order validated',
      none: '—',
    },
    actions: NEED_ACTION_LABELS.en,
  },
}

export type Texts = typeof texts
