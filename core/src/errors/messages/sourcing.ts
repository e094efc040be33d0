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
    en: 'The agreement {agreement} has been drawn on by {count} order(s): close it instead.',
    es: 'Ya hay {count} pedido(s) sobre el acuerdo {agreement}: ciérrelo en su lugar.',
    fr: '{count} commande(s) ont déjà puisé dans l’accord {agreement} : clôturez-le plutôt.',
  },
} as const satisfies MessageTable
