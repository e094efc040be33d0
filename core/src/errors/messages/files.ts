import type { MessageTable } from '../message-table'

/** Files and secure storage (purchasing-domain §8 "Files"). */
export const FILE_MESSAGES = {
  FILE_VIRUS: {
    en: 'Your file probably contains a virus',
    es: 'Su archivo probablemente contiene un virus',
    fr: 'Votre fichier contient probablement un virus',
  },
  FILE_BAD_EXTENSION: {
    en: 'This file extension is not allowed (allowed: {allowed}).',
    es: 'Esta extensión de archivo no está permitida (permitidas: {allowed}).',
    fr: "Cette extension de fichier n'est pas autorisée (autorisées : {allowed}).",
  },
  FILE_NAME_TOO_LONG: {
    en: 'The file name is too long ({max} characters at most).',
    es: 'El nombre del archivo es demasiado largo ({max} caracteres como máximo).',
    fr: 'Le nom du fichier est trop long ({max} caractères au plus).',
  },
  FILE_TOO_LARGE: {
    en: 'The file is too large (maximum {max}).',
    es: 'El archivo es demasiado grande (máximo {max}).',
    fr: 'Le fichier est trop volumineux (maximum {max}).',
  },
  FILE_WRONG_TYPE: {
    en: 'Wrong file type (expected: {expected}).',
    es: 'Tipo de archivo incorrecto (esperado: {expected}).',
    fr: 'Type de fichier incorrect (attendu : {expected}).',
  },
  FILE_IMAGE_TOO_BIG: {
    en: 'The image is too big ({max_width} × {max_height} pixels at most).',
    es: 'La imagen es demasiado grande ({max_width} × {max_height} píxeles como máximo).',
    fr: "L'image est trop grande ({max_width} × {max_height} pixels au plus).",
  },
  STORAGE_TOKEN_MISSING: {
    en: 'The token must be set in the storage database.',
    es: 'El token debe estar definido en la base de datos de almacenamiento.',
    fr: 'Le jeton doit être défini dans la base de stockage.',
  },
  STORAGE_ERROR: {
    en: 'Secure storage error (code {code}): please contact the administrator with a screenshot.',
    es: 'Error del almacenamiento seguro (código {code}): contacte con el administrador con una captura de pantalla.',
    fr: "Erreur du stockage sécurisé (code {code}) : contactez l'administrateur avec une capture d'écran.",
  },
  STORAGE_LIMIT_REACHED: {
    en: 'The storage limit of {limit} is reached.',
    es: 'Se ha alcanzado el límite de almacenamiento de {limit}.',
    fr: 'La limite de stockage de {limit} est atteinte.',
  },
  ATTACHMENTS_BEFORE_SAVE: {
    en: 'Custom fields and attachments can be managed after the first save.',
    es: 'Los campos personalizados y los adjuntos se gestionan después del primer guardado.',
    fr: 'Les champs personnalisés et les pièces jointes se gèrent après le premier enregistrement.',
  },
} as const satisfies MessageTable
