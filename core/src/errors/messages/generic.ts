import type { MessageTable } from '../message-table'

/** Generic messages of both specification catalogues. */
export const GENERIC_MESSAGES = {
  FIELD_REQUIRED: {
    en: 'This field is required',
    es: 'Este campo es obligatorio',
    fr: 'Ce champ est obligatoire',
  },
  FORM_ERRORS: {
    en: 'Action not possible: there are errors in the form.',
    es: 'Acción imposible: hay errores en el formulario.',
    fr: 'Action impossible : le formulaire contient des erreurs.',
  },
  UNREADABLE_JSON: {
    en: 'The request could not be read: its body is not valid JSON.',
    es: 'No se pudo leer la solicitud: su cuerpo no es un JSON válido.',
    fr: 'La requête est illisible : son corps n’est pas un JSON valide.',
  },
  UNREADABLE_UPLOAD: {
    en: 'The uploaded file could not be read: the form that carried it is malformed. Send the file again.',
    es: 'No se pudo leer el archivo enviado: el formulario que lo llevaba está mal formado. Envíe el archivo de nuevo.',
    fr: 'Le fichier envoyé est illisible : le formulaire qui le portait est mal formé. Envoyez le fichier à nouveau.',
  },
  IMPOSSIBLE_ACTION: {
    en: 'Impossible action',
    es: 'Acción imposible',
    fr: 'Action impossible',
  },
  LIMIT_REACHED: {
    en: 'Limit of {limit} reached',
    es: 'Límite de {limit} alcanzado',
    fr: 'Limite de {limit} atteinte',
  },
  STATUS_CHANGE_FAILED: {
    en: 'Error while changing status, please try again later.',
    es: 'Error al cambiar el estado, vuelva a intentarlo más tarde.',
    fr: 'Erreur lors du changement de statut, veuillez réessayer plus tard.',
  },
  CANNOT_CREATE: {
    en: 'Error while creating, please try again later.',
    es: 'Error al crear, vuelva a intentarlo más tarde.',
    fr: 'Erreur lors de la création, veuillez réessayer plus tard.',
  },
  CANNOT_DELETE: {
    en: 'Error while deleting, please try again later.',
    es: 'Error al eliminar, vuelva a intentarlo más tarde.',
    fr: 'Erreur lors de la suppression, veuillez réessayer plus tard.',
  },
  CANNOT_IMPORT: {
    en: 'Error while importing, please try again later.',
    es: 'Error al importar, vuelva a intentarlo más tarde.',
    fr: "Erreur lors de l'import, veuillez réessayer plus tard.",
  },
  CANNOT_MODIFY: {
    en: 'Error while modifying, please try again later.',
    es: 'Error al modificar, vuelva a intentarlo más tarde.',
    fr: 'Erreur lors de la modification, veuillez réessayer plus tard.',
  },
  CANNOT_MERGE: {
    en: 'Error while merging, please try again later.',
    es: 'Error al fusionar, vuelva a intentarlo más tarde.',
    fr: 'Erreur lors de la fusion, veuillez réessayer plus tard.',
  },
  CANNOT_REFUSE: {
    en: 'Error while refusing, please try again later.',
    es: 'Error al rechazar, vuelva a intentarlo más tarde.',
    fr: 'Erreur lors du refus, veuillez réessayer plus tard.',
  },
  CANNOT_SUSPEND: {
    en: 'Error while suspending, please try again later.',
    es: 'Error al suspender, vuelva a intentarlo más tarde.',
    fr: 'Erreur lors de la suspension, veuillez réessayer plus tard.',
  },
  CANNOT_VALIDATE: {
    en: 'Error while validating, please try again later.',
    es: 'Error al validar, vuelva a intentarlo más tarde.',
    fr: 'Erreur lors de la validation, veuillez réessayer plus tard.',
  },
  CANNOT_SEND: {
    en: 'Error while sending: check the errors, then try again later.',
    es: 'Error al enviar: revise los errores y vuelva a intentarlo más tarde.',
    fr: "Erreur lors de l'envoi : vérifiez les erreurs puis réessayez plus tard.",
  },
  CANNOT_SORT: {
    en: 'Error while sorting, please try again later.',
    es: 'Error al ordenar, vuelva a intentarlo más tarde.',
    fr: 'Erreur lors du tri, veuillez réessayer plus tard.',
  },
  ITEM_NOT_FOUND: {
    en: 'Not found.',
    es: 'No encontrado.',
    fr: 'Introuvable.',
  },
  ITEM_DELETED: {
    en: 'This item has been deleted.',
    es: 'Este elemento ha sido eliminado.',
    fr: 'Cet élément a été supprimé.',
  },
  ITEM_DISABLED: {
    en: 'This item is disabled.',
    es: 'Este elemento está desactivado.',
    fr: 'Cet élément est désactivé.',
  },
  ITEM_MISSING_OR_INCOMPATIBLE: {
    en: 'Missing or incompatible item.',
    es: 'Elemento ausente o incompatible.',
    fr: 'Élément manquant ou incompatible.',
  },
  MODEL_LOCKED: {
    en: 'The model is locked.',
    es: 'El modelo está bloqueado.',
    fr: 'Le modèle est verrouillé.',
  },
  CANT_INDEX: {
    en: 'You do not have the necessary permissions',
    es: 'No tiene los permisos necesarios',
    fr: "Vous n'avez pas les autorisations nécessaires",
  },
  CSRF_MISMATCH: {
    en: 'Your session has expired: reload the page and try again.',
    es: 'Su sesión ha caducado: recargue la página e inténtelo de nuevo.',
    fr: 'Votre session a expiré : rechargez la page et réessayez.',
  },
  STOCK_EXCEEDED: {
    en: 'Stock exceeded by {exceeded} unit(s)',
    es: 'Stock superado: faltan {exceeded}',
    fr: 'Stock dépassé : il en manque {exceeded}',
  },
} as const satisfies MessageTable
