import type { MessageTable } from '../message-table'

/** Error pages and the HTTP-level answers of the brief. */
export const PAGE_MESSAGES = {
  FORBIDDEN: {
    en: 'This action is not allowed.',
    es: 'Esta acción no está permitida.',
    fr: "Cette action n'est pas autorisée.",
  },
  NOT_FOUND: {
    en: 'This page does not exist.',
    es: 'Esta página no existe.',
    fr: "Cette page n'existe pas.",
  },
  LINK_EXPIRED: {
    en: 'your link has expired',
    es: 'su enlace ha caducado',
    fr: 'votre lien a expiré',
  },
  SERVER_ERROR: {
    en: 'Server error.',
    es: 'Error del servidor.',
    fr: 'Erreur du serveur.',
  },
  MAINTENANCE: {
    en: 'The site is currently under maintenance.',
    es: 'El sitio está actualmente en mantenimiento.',
    fr: 'Le site est actuellement en maintenance.',
  },
  MAINTENANCE_RETRY_IN: {
    en: 'Please retry in {seconds} seconds.',
    es: 'Vuelva a intentarlo dentro de {seconds} segundos.',
    fr: 'Veuillez réessayer dans {seconds} secondes.',
  },
  MAINTENANCE_RETRY_LATER: {
    en: 'Please retry later.',
    es: 'Vuelva a intentarlo más tarde.',
    fr: 'Veuillez réessayer plus tard.',
  },
  UNAUTHENTICATED: {
    en: 'Please sign in to continue.',
    es: 'Inicie sesión para continuar.',
    fr: 'Veuillez vous connecter pour continuer.',
  },
} as const satisfies MessageTable
