import type { Language } from '../i18n/language'
import type { InvoiceAction } from './status'

/** What an invoice's action buttons say, per language (the app and the API share them). */
export const INVOICE_ACTION_LABELS: Record<Language, Record<InvoiceAction, string>> = {
  en: {
    submit: 'Submit for validation',
    validate: 'Validate',
    refuse: 'Refuse',
    back_to_draft: 'Back to draft',
    cancel: 'Cancel',
  },
  es: {
    submit: 'Enviar a validación',
    validate: 'Validar',
    refuse: 'Rechazar',
    back_to_draft: 'Volver a borrador',
    cancel: 'Cancelar',
  },
  fr: {
    submit: 'Soumettre à validation',
    validate: 'Valider',
    refuse: 'Refuser',
    back_to_draft: 'Repasser en brouillon',
    cancel: 'Annuler',
  },
}
