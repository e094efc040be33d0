import { NEED_ACTION_LABELS } from '@procura/core/need'
import type { Texts } from '../en/needs'

/** The needs texts, loaded with the routes that use them (es). */
export const texts: Texts = {
  needs: {
    empty: 'Aún no hay solicitudes. Pida lo que necesita con una nueva solicitud o desde el catálogo.',
    ordersMade_one: '{{count}} pedido creado: {{codes}}.',
    ordersMade_other: '{{count}} pedidos creados: {{codes}}.',
    linesSuppliers: 'Los proveedores con los que se eligieron las líneas (un pedido cada uno)',
    chooseSupplier: 'Elija un proveedor',
    requestMade: 'Solicitud {{code}} creada y enviada para aprobación.',
    title: 'Solicitudes',
    new: 'Nueva solicitud',
    seeOrder: 'Ver el pedido',
    followOrder: 'El pedido hecho a partir de esta solicitud',
    noArticle: 'Ningún artículo del catálogo coincide.',
    articleHint:
      'Escriba dos letras de una denominación o una referencia para rellenar la línea desde el catálogo.',
    waitingOn: 'A la espera de: {{names}}',
    order: 'Pedido',
    delivery: 'Recepción',
    billing: 'Facturación',
    fields: {
      article: 'Artículo del catálogo',
      title: 'Asunto',
      family: 'Familia de compra',
      description: 'Descripción',
      estimatedPrice: 'Precio unitario estimado sin IVA',
      productFamily: 'Familia de productos',
      details: 'Detalles',
      quantityStep: 'Paso de cantidad',
      unit: 'Unidad',
      wantedDate: 'Deseado para',
      comment: 'Comentario',
      allocation: 'Imputación {{n}}',
      deliveryAddress: 'Dirección de entrega',
      processing: 'Tratamiento',
    },
    processing: {
      awaiting: 'Esperando comprador',
      processing: 'En curso',
      po_submitted: 'Pedido creado',
      po_validated: 'Pedido validado',
      none: '—',
    },
    actions: NEED_ACTION_LABELS.es,
  },
}
