import type { Language } from '../i18n/language'
import type { NeedPolicyAction } from './access'

/** What a request's action buttons and menus say, per language (the app and the API share them). */
export const NEED_ACTION_LABELS: Record<
  Language,
  Record<NeedPolicyAction | 'duplicate' | 'ask_quotes', string>
> = {
  en: {
    submit: 'Submit',
    approve: 'Approve',
    refuse: 'Refuse',
    skip: 'Skip this step',
    edit: 'Edit',
    back_to_draft: 'Back to draft',
    cancel: 'Cancel the request',
    take_charge: 'Take charge',
    transform: 'Transform into an order',
    po_validated: 'Order validated',
    back_to_processing: 'Back to processing',
    duplicate: 'Duplicate',
    ask_quotes: 'Ask suppliers for prices',
  },
  es: {
    submit: 'Enviar',
    approve: 'Aprobar',
    refuse: 'Rechazar',
    skip: 'Saltar este paso',
    edit: 'Editar',
    back_to_draft: 'Volver a borrador',
    cancel: 'Anular la solicitud',
    take_charge: 'Hacerse cargo',
    transform: 'Transformar en pedido',
    po_validated: 'Pedido validado',
    back_to_processing: 'Volver al tratamiento',
    duplicate: 'Duplicar',
    ask_quotes: 'Pedir precios a proveedores',
  },
  fr: {
    submit: 'Soumettre',
    approve: 'Approuver',
    refuse: 'Refuser',
    skip: 'Passer cette étape',
    edit: 'Modifier',
    back_to_draft: 'Repasser en brouillon',
    cancel: 'Annuler la demande',
    take_charge: 'Prendre en charge',
    transform: 'Transformer en commande',
    po_validated: 'Commande validée',
    back_to_processing: 'Retour en traitement',
    duplicate: 'Dupliquer',
    ask_quotes: 'Demander des prix aux fournisseurs',
  },
}
