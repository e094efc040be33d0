import type { MessageTable } from '../message-table'

/** Field validation messages (spec §5 "Generic"). */
export const VALIDATION_MESSAGES = {
  INVALID_VALUE: {
    en: 'This value is not valid.',
    es: 'Este valor no es válido.',
    fr: "Cette valeur n'est pas valide.",
  },
  NOT_A_NUMBER: {
    en: 'This value must be a number.',
    es: 'Este valor debe ser un número.',
    fr: 'Cette valeur doit être un nombre.',
  },
  TOO_SHORT: {
    en: 'At least {min} characters.',
    es: 'Al menos {min} caracteres.',
    fr: 'Au moins {min} caractères.',
  },
  MAX_LENGTH: {
    en: 'At most {max} characters.',
    es: 'Como máximo {max} caracteres.',
    fr: 'Au plus {max} caractères.',
  },
  TOO_SMALL: {
    en: 'The value must be at least {min}.',
    es: 'El valor debe ser al menos {min}.',
    fr: 'La valeur doit être au moins {min}.',
  },
  TOO_LARGE: {
    en: 'The value must be at most {max}.',
    es: 'El valor debe ser como máximo {max}.',
    fr: 'La valeur doit être au plus {max}.',
  },
  INVALID_EMAIL: {
    en: 'This e-mail address is not valid.',
    es: 'Esta dirección de correo electrónico no es válida.',
    fr: "Cette adresse e-mail n'est pas valide.",
  },
  INVALID_DATE: {
    en: 'This date is not valid.',
    es: 'Esta fecha no es válida.',
    fr: "Cette date n'est pas valide.",
  },
  NOT_IN_LIST: {
    en: 'This value is not in the list.',
    es: 'Este valor no está en la lista.',
    fr: "Cette valeur n'est pas dans la liste.",
  },
  NOT_UNIQUE: {
    en: 'This value is already used.',
    es: 'Este valor ya está en uso.',
    fr: 'Cette valeur est déjà utilisée.',
  },
} as const satisfies MessageTable
