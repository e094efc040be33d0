import type { MessageTable } from '../message-table'

/** Sourcing: framework agreements (docs/domain/sourcing.md). */
export const SOURCING_MESSAGES = {
  AGREEMENT_OTHER_SUPPLIER: {
    en: 'The agreement {agreement} is with another supplier: an order draws only on its own supplier’s agreements.',
    es: 'El acuerdo {agreement} es con otro proveedor: un pedido solo usa los acuerdos de su proveedor.',
    fr: 'L’accord {agreement} est passé avec un autre fournisseur : une commande ne puise que dans les accords de son fournisseur.',
  },
  AGREEMENT_OTHER_CURRENCY: {
    en: 'The agreement {agreement} is in {currency}: write the order in {currency} to draw on it.',
    es: 'El acuerdo {agreement} está en {currency}: emita el pedido en {currency} para usarlo.',
    fr: 'L’accord {agreement} est en {currency} : établissez la commande en {currency} pour y puiser.',
  },
  AGREEMENT_EXPIRED: {
    en: 'The agreement {agreement} ended on {date}: it no longer prices nor covers orders.',
    es: 'El acuerdo {agreement} terminó el {date}: ya no fija precios ni cubre pedidos.',
    fr: 'L’accord {agreement} a pris fin le {date} : il ne fixe plus de prix et ne couvre plus de commandes.',
  },
  AGREEMENT_NOT_ACTIVE: {
    en: 'The agreement {agreement} is not in force: it must be validated and have started.',
    es: 'El acuerdo {agreement} no está vigente: debe estar validado y haber comenzado.',
    fr: 'L’accord {agreement} n’est pas en vigueur : il doit être validé et avoir commencé.',
  },
  AGREEMENT_CEILING_EXCEEDED: {
    en: 'The agreement {agreement} has {remaining} left on “{line}”: order at most that, or beyond it without the agreement.',
    es: 'Al acuerdo {agreement} le quedan {remaining} en «{line}»: pida como máximo eso, o más allá sin el acuerdo.',
    fr: 'Il reste {remaining} sur « {line} » dans l’accord {agreement} : commandez au plus cela, ou au-delà hors accord.',
  },
  AGREEMENT_DRAWN: {
    en: 'Orders have drawn on the agreement {agreement} ({count}): close it instead.',
    es: 'Ya hay pedidos sobre el acuerdo {agreement} ({count}): ciérrelo en su lugar.',
    fr: 'Des commandes ont déjà puisé dans l’accord {agreement} ({count}) : clôturez-le plutôt.',
  },
  RFQ_ANSWER_LATE: {
    en: 'The reply deadline of {rfq} was {date}: a later answer is not taken.',
    es: 'El plazo de respuesta de {rfq} era el {date}: no se admite una respuesta posterior.',
    fr: 'La date limite de réponse de {rfq} était le {date} : une réponse plus tardive n’est pas prise.',
  },
  RFQ_NOT_OPEN: {
    en: 'The request for quotation {rfq} is not open for answers: only a sent one takes them.',
    es: 'La solicitud de cotización {rfq} no admite respuestas: solo una enviada las admite.',
    fr: 'La demande de prix {rfq} n’est pas ouverte aux réponses : seule une demande envoyée en reçoit.',
  },
  RFQ_SUPPLIER_TWICE: {
    en: 'A supplier is invited twice: invite each supplier once.',
    es: 'Un proveedor está invitado dos veces: invite a cada proveedor una sola vez.',
    fr: 'Un fournisseur est invité deux fois : invitez chaque fournisseur une seule fois.',
  },
  RFQ_LINE_TWICE: {
    en: 'A line appears twice: give each line once.',
    es: 'Una línea aparece dos veces: indique cada línea una sola vez.',
    fr: 'Une ligne apparaît deux fois : donnez chaque ligne une seule fois.',
  },
  RFQ_NOT_QUOTED: {
    en: 'This supplier did not quote “{line}”: award it to a supplier that did.',
    es: 'Este proveedor no cotizó «{line}»: adjudíquela a un proveedor que lo haya hecho.',
    fr: 'Ce fournisseur n’a pas chiffré « {line} » : attribuez-la à un fournisseur qui l’a fait.',
  },
  RFQ_QUOTE_EXPIRED: {
    en: 'The quotation for “{line}” was valid until {date}: ask the supplier to renew it before awarding it.',
    es: 'La cotización de «{line}» era válida hasta el {date}: pida al proveedor que la renueve antes de adjudicarla.',
    fr: 'L’offre pour « {line} » était valable jusqu’au {date} : demandez au fournisseur de la renouveler avant de l’attribuer.',
  },
  RFQ_AWARD_REASON_REQUIRED: {
    en: 'This award is not the cheapest: give the reason for choosing it.',
    es: 'Esta adjudicación no es la más barata: indique el motivo de la elección.',
    fr: 'Cette attribution n’est pas la moins chère : indiquez la raison de ce choix.',
  },
  RFQ_SEALED: {
    en: 'The answers to {rfq} are sealed until it closes ({date} at the latest): compare them then.',
    es: 'Las respuestas a {rfq} están selladas hasta su cierre (a más tardar el {date}): compárelas entonces.',
    fr: 'Les réponses à {rfq} restent scellées jusqu’à sa clôture (au plus tard le {date}) : comparez-les alors.',
  },
  RFQ_NOT_INVITED: {
    en: 'This supplier is not invited to {rfq}.',
    es: 'Este proveedor no está invitado a {rfq}.',
    fr: 'Ce fournisseur n’est pas invité à {rfq}.',
  },
  RFQ_NO_CONTACT: {
    en: 'The supplier {supplier} has no contact with an e-mail address: add one, or choose a contact, before sending.',
    es: 'El proveedor {supplier} no tiene contacto con correo electrónico: añada uno, o elija un contacto, antes de enviar.',
    fr: 'Le fournisseur {supplier} n’a aucun contact avec une adresse e-mail : ajoutez-en un, ou choisissez un contact, avant l’envoi.',
  },
  RFQ_NEED_NOT_APPROVED: {
    en: 'The request {need} is not approved and waiting for a buyer: only those go into a request for quotation.',
    es: 'La solicitud {need} no está aprobada ni pendiente de un comprador: solo esas pasan a una solicitud de cotización.',
    fr: 'La demande {need} n’est pas approuvée en attente d’un acheteur : seules celles-là entrent dans une demande de prix.',
  },
} as const satisfies MessageTable
