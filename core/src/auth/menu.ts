import type { MessageTexts } from '../errors/message-table'
import type { Language } from '../i18n/language'
import type { Modules } from '../settings/modules'
import type { ModuleName } from '../settings/settings.schema'
import type { PermissionCode } from '../user/user.schema'
import { type Audience, isFinance, isPurchasing, isSupplierContact } from './audience'
import type { Actor } from './permissions'
import { can } from './permissions'

/** A main-menu entry as the spec describes it: text, icon, link and an optional subtree. */
export type MenuItem = { text: string; icon: string; link: string; subtree?: MenuItem[] }

type Entry = {
  text: MessageTexts
  icon: string
  link: string
  needs?: PermissionCode
  /** Staff-only by default; 'everyone' also shows to supplier contacts. */
  audience?: Audience
  /** Shown only while this optional module is on (core/settings MODULE_EFFECTS). */
  module?: ModuleName
  subtree?: Entry[]
}

const t = (en: string, es: string, fr: string): MessageTexts => ({ en, es, fr })

/** The menu of the areas that exist. Links are app routes relative to the base path. */
const MENU: readonly Entry[] = [
  { text: t('Dashboard', 'Panel', 'Tableau de bord'), icon: 'home', link: '/', audience: 'everyone' },
  { text: t('Requests', 'Solicitudes', 'Demandes'), icon: 'inbox', link: '/needs' },
  {
    text: t('Purchase orders', 'Pedidos', 'Commandes'),
    icon: 'file-text',
    link: '/purchase-orders',
    audience: 'everyone',
  },
  {
    text: t('Framework agreements', 'Acuerdos marco', 'Accords-cadres'),
    icon: 'file-signature',
    link: '/framework-agreements',
    audience: 'purchasing',
  },
  {
    text: t('Requests for quotation', 'Solicitudes de cotización', 'Demandes de prix'),
    icon: 'scale',
    link: '/rfqs',
    audience: 'sourcing',
  },
  {
    text: t('Deliveries', 'Recepciones', 'Livraisons'),
    icon: 'package-check',
    link: '/deliveries',
    audience: 'everyone',
  },
  {
    text: t('Supplier invoices', 'Facturas de proveedores', 'Factures fournisseurs'),
    icon: 'receipt',
    link: '/supplier-invoices',
    audience: 'finance',
  },
  {
    text: t('External charges', 'Gastos externos', 'Charges externes'),
    icon: 'receipt',
    link: '/external-charges',
    audience: 'finance',
  },
  { text: t('Payments', 'Pagos', 'Paiements'), icon: 'banknote', link: '/payments', audience: 'finance' },
  {
    text: t('Accounting exports', 'Exportaciones contables', 'Exports comptables'),
    icon: 'book-open',
    link: '/accounting-exports',
    audience: 'finance',
    needs: 'export_accounting',
  },
  {
    text: t('Budgets', 'Presupuestos', 'Budgets'),
    icon: 'wallet',
    link: '/budgets',
    needs: 'view_budget_analyses',
  },
  {
    text: t('Expenses', 'Gastos', 'Dépenses'),
    icon: 'car',
    link: '/expenses',
    subtree: [
      {
        text: t('Expense reports', 'Informes de gastos', 'Notes de frais'),
        icon: 'clipboard-list',
        link: '/expense-reports',
      },
    ],
  },
  { text: t('Catalogue', 'Catálogo', 'Catalogue'), icon: 'package', link: '/warehouses' },
  {
    text: t('Suppliers', 'Proveedores', 'Fournisseurs'),
    icon: 'truck',
    link: '/suppliers',
    subtree: [
      {
        text: t('Supplier groups', 'Grupos de proveedores', 'Groupes de fournisseurs'),
        icon: 'boxes',
        link: '/supplier-groups',
        module: 'advanced_suppliers',
      },
    ],
  },
  { text: t('Delegations', 'Delegaciones', 'Délégations'), icon: 'user-check', link: '/delegations' },
  {
    text: t('Administration', 'Administración', 'Administration'),
    icon: 'settings',
    link: '/config',
    needs: 'admin_menu',
    subtree: [
      { text: t('Users', 'Usuarios', 'Utilisateurs'), icon: 'users', link: '/users', needs: 'manage_users' },
      { text: t('Roles', 'Roles', 'Rôles'), icon: 'shield', link: '/roles', needs: 'manage_users' },
      {
        text: t('Validation circuits', 'Circuitos de validación', 'Circuits de validation'),
        icon: 'git-merge',
        link: '/circuits',
      },
      {
        text: t('Accounting entries', 'Cuentas contables', 'Comptes comptables'),
        icon: 'book',
        link: '/accounting-entries',
      },
      {
        text: t('VAT accounts', 'Cuentas de IVA', 'Comptes de TVA'),
        icon: 'percent',
        link: '/accounting-vat-entries',
      },
      {
        text: t('Supplier settings', 'Parámetros de proveedores', 'Paramètres fournisseurs'),
        icon: 'map',
        link: '/supplier-settings',
        module: 'advanced_suppliers',
      },
      {
        text: t('Reference lists', 'Listas de referencia', 'Listes de référence'),
        icon: 'book',
        link: '/reference-lists',
      },
      {
        text: t('Expense types and scales', 'Tipos de gasto y baremos', 'Types de frais et barèmes'),
        icon: 'gauge',
        link: '/expense-settings',
      },
      {
        text: t('Currencies and languages', 'Monedas e idiomas', 'Devises et langues'),
        icon: 'coins',
        link: '/currencies',
      },
      {
        text: t('Mail templates', 'Plantillas de correo', 'Modèles de courriel'),
        icon: 'mail',
        link: '/mail-templates',
      },
      {
        text: t('API tokens', 'Tokens de API', 'Jetons d’API'),
        icon: 'shield',
        link: '/api-tokens',
      },
      { text: t('Traces', 'Trazas', 'Traces'), icon: 'history', link: '/traces' },
      { text: t('Configuration', 'Configuración', 'Configuration'), icon: 'sliders', link: '/config' },
    ],
  },
]

const build = (
  entries: readonly Entry[],
  actor: Actor,
  language: Language,
  modules: Partial<Modules>,
): MenuItem[] =>
  entries
    .filter((e) => e.module === undefined || modules[e.module] === true)
    .filter((e) => e.audience === 'everyone' || e.audience === 'sourcing' || !isSupplierContact(actor))
    .filter((e) => e.audience !== 'finance' || isFinance(actor))
    .filter((e) => e.audience !== 'purchasing' || isPurchasing(actor))
    .filter((e) => e.audience !== 'sourcing' || isPurchasing(actor) || isSupplierContact(actor))
    .filter((e) => e.needs === undefined || can(actor, e.needs))
    .map((e) => {
      const item: MenuItem = { text: e.text[language], icon: e.icon, link: e.link }
      if (e.subtree) item.subtree = build(e.subtree, actor, language, modules)
      return item
    })

const OUR_DOCUMENTS = t('Our documents', 'Nuestros documentos', 'Nos documents')

/**
 * The left menu of this user: only what their role (staff or supplier contact), their permissions
 * and the instance's modules open. A supplier's contact also finds its company's documents (those it is asked for).
 */
export const mainMenu = (actor: Actor, language: Language, modules: Partial<Modules>): MenuItem[] => [
  ...build(MENU, actor, language, modules),
  ...(isSupplierContact(actor)
    ? (actor.supplier_ids ?? []).slice(0, 1).map((id) => ({
        text: OUR_DOCUMENTS[language],
        icon: 'file-text',
        link: `/suppliers/${id}?tab=documents`,
      }))
    : []),
]
