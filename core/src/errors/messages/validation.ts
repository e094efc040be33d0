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
  DECIMAL_EXPECTED: {
    en: 'Expected a decimal number: a string such as "1234.50", or a JSON number of at most 15 significant digits without exponent.',
    es: 'Se espera un número decimal: una cadena como "1234.50", o un número JSON de 15 cifras significativas como máximo, sin exponente.',
    fr: 'Un nombre décimal est attendu : une chaîne comme "1234.50", ou un nombre JSON de 15 chiffres significatifs au plus, sans exposant.',
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
  MUST_BE_POSITIVE: {
    en: 'The value must be greater than 0.',
    es: 'El valor debe ser mayor que 0.',
    fr: 'La valeur doit être supérieure à 0.',
  },
  TOO_MANY_DECIMALS: {
    en: 'At most {decimals} decimals.',
    es: 'Como máximo {decimals} decimales.',
    fr: 'Au plus {decimals} décimales.',
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
  DATE_FORMAT: {
    en: 'The date must be written as {format}.',
    es: 'La fecha debe escribirse como {format}.',
    fr: 'La date doit être écrite au format {format}.',
  },
  DATE_AFTER_OR_EQUAL: {
    en: 'The date must be on or after {date}.',
    es: 'La fecha debe ser igual o posterior al {date}.',
    fr: 'La date doit être postérieure ou égale au {date}.',
  },
  DATE_BEFORE_OR_EQUAL: {
    en: 'The date must be on or before {date}.',
    es: 'La fecha debe ser igual o anterior al {date}.',
    fr: 'La date doit être antérieure ou égale au {date}.',
  },
  MUST_DIFFER: {
    en: 'This value must differ from {other}.',
    es: 'Este valor debe ser distinto de {other}.',
    fr: 'Cette valeur doit être différente de {other}.',
  },
  NO_SPACES: {
    en: 'This value may not contain spaces.',
    es: 'Este valor no puede contener espacios.',
    fr: 'Cette valeur ne peut pas contenir d’espaces.',
  },
  FORBIDDEN_PATTERN: {
    en: 'This value is not allowed in this form.',
    es: 'Este valor no está permitido de esta forma.',
    fr: "Cette valeur n'est pas autorisée sous cette forme.",
  },
  FORBIDDEN_VALUE: {
    en: 'This value is disabled or forbidden.',
    es: 'Este valor está desactivado o prohibido.',
    fr: 'Cette valeur est désactivée ou interdite.',
  },
  STATUS_MUST_BE: {
    en: 'The status must be {status}.',
    es: 'El estado debe ser {status}.',
    fr: 'Le statut doit être {status}.',
  },
  AT_LEAST_ONE_OF: {
    en: 'Fill in at least one of: {fields}.',
    es: 'Rellene al menos uno de: {fields}.',
    fr: 'Renseignez au moins un des champs : {fields}.',
  },
  SELECT_AT_LEAST_ONE: {
    en: 'Select at least one item.',
    es: 'Seleccione al menos un elemento.',
    fr: 'Sélectionnez au moins un élément.',
  },
  LENGTH_BETWEEN: {
    en: 'Between {min} and {max} characters.',
    es: 'Entre {min} y {max} caracteres.',
    fr: 'Entre {min} et {max} caractères.',
  },
  VALUE_BETWEEN: {
    en: 'The value must be between {min} and {max}.',
    es: 'El valor debe estar entre {min} y {max}.',
    fr: 'La valeur doit être comprise entre {min} et {max}.',
  },
} as const satisfies MessageTable
