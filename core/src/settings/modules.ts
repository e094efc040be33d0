import type { DomainError } from '../errors/domain-error'
import type { MessageTexts } from '../errors/message-table'
import { err, ok, type Result } from '../result'
import type { ModuleName } from './settings.schema'

export type Modules = Readonly<Record<ModuleName, boolean>>

/**
 * What each optional module (spec §1) brings, as the product shows it: switched off, these are
 * hidden from menus, pages and forms, and the rules below refuse what would need them.
 */
export const MODULE_EFFECTS: Readonly<Record<ModuleName, MessageTexts>> = {
  multi_company: {
    en: 'Several companies: a company chosen on every document, a second company can be created.',
    es: 'Varias empresas: una empresa elegida en cada documento, se puede crear una segunda empresa.',
    fr: 'Plusieurs sociétés : une société choisie sur chaque document, une deuxième société peut être créée.',
  },
  multi_currency: {
    en: 'Documents in other currencies than the default one (each keeping its date’s rate); the display currency switch.',
    es: 'Documentos en otras monedas además de la por defecto (cada uno con el tipo de su fecha); el selector de moneda de visualización.',
    fr: 'Des documents dans d’autres devises que celle par défaut (chacun au taux de sa date) ; le choix de la devise d’affichage.',
  },
  advanced_suppliers: {
    en: 'Supplier groups and settings (sectors, document categories), surveillance, monitoring and the supplier dashboard.',
    es: 'Grupos y parámetros de proveedores (sectores, categorías de documentos), vigilancia, seguimiento y el cuadro de mando del proveedor.',
    fr: 'Groupes et paramètres fournisseurs (secteurs, catégories de documents), surveillance, suivi et tableau de bord fournisseur.',
  },
  single_sign_on: {
    en: 'Sign-in through the organisation’s OpenID Connect provider.',
    es: 'Inicio de sesión con el proveedor OpenID Connect de la organización.',
    fr: 'Connexion par le fournisseur OpenID Connect de l’organisation.',
  },
  database_mirroring: {
    en: 'Recorded for the operators: the mirror itself is the database’s (PostgreSQL replication, docs/operations).',
    es: 'Registrado para los operadores: el espejo es el de la base de datos (replicación PostgreSQL, docs/operations).',
    fr: 'Noté pour les exploitants : le miroir est celui de la base de données (réplication PostgreSQL, docs/operations).',
  },
}

/**
 * A module switched off must not leave documents it alone allows: multi-company stays on while
 * more than one company is active (disable the others first).
 */
export const checkModulesChange = (
  next: Modules,
  usage: { activeCompanies: number },
): Result<void, DomainError> =>
  !next.multi_company && usage.activeCompanies > 1
    ? err({ code: 'MODULE_IN_USE', params: { module: 'multi_company', count: usage.activeCompanies } })
    : ok(undefined)

/** Without the multi-company module, the instance has one active company: a second is refused. */
export const checkCompanyAllowed = (
  modules: Modules,
  otherActiveCompanies: number,
  active: boolean,
): Result<void, DomainError> =>
  !modules.multi_company && active && otherActiveCompanies > 0
    ? err({ code: 'MODULE_REQUIRED', params: { module: 'multi_company' } })
    : ok(undefined)
