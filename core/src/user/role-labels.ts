import type { MessageTexts } from '../errors/message-table'
import type { Language } from '../i18n/language'
import type { RoleCode } from './user.schema'

const t = (en: string, es: string, fr: string): MessageTexts => ({ en, es, fr })

/** The names of the roles of the reference data, in every language. */
export const ROLE_LABELS: Readonly<Record<RoleCode, MessageTexts>> = {
  none: t('No role', 'Sin rol', 'Aucun rôle'),
  admin: t('Administrator', 'Administrador', 'Administrateur'),
  requester: t('Requester', 'Solicitante', 'Demandeur'),
  validator: t('Validator', 'Validador', 'Valideur'),
  buyer: t('Buyer', 'Comprador', 'Acheteur'),
  family_buyer: t('Family buyer', 'Comprador de familia', 'Acheteur famille'),
  family_purveyor: t('Family purveyor', 'Aprovisionador de familia', 'Approvisionneur famille'),
  regional_family_buyer: t(
    'Regional family buyer',
    'Comprador regional de familia',
    'Acheteur famille régional',
  ),
  delegate: t('Delegate', 'Delegado', 'Délégué'),
  creator: t('Creator', 'Creador', 'Créateur'),
  supplier: t('Supplier contact', 'Contacto del proveedor', 'Contact fournisseur'),
  accounts_payable: t('Accounts payable', 'Cuentas a pagar', 'Comptabilité fournisseurs'),
  finance: t('Finance', 'Finanzas', 'Finance'),
}

/** A role's name in a language; roles an administrator added keep the name they were given. */
export const roleLabel = (code: string, language: Language, stored: string): string =>
  (ROLE_LABELS as Record<string, MessageTexts>)[code]?.[language] ?? stored
