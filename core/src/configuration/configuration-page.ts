import type { MessageTexts } from '../errors/message-table'
import type { Language } from '../i18n/language'

/** A configuration screen; `route` is its app route, null while it is not built yet. */
type Screen = { code: string; icon: string; label: MessageTexts; route?: string | null }

/** The configuration screens of the specification, in the order the admin sees them. */
export const CONFIGURATION_SCREENS: readonly Screen[] = [
  {
    code: 'users',
    icon: 'users',
    label: { en: 'Users', es: 'Usuarios', fr: 'Utilisateurs' },
    route: '/users',
  },
  { code: 'roles', icon: 'shield', label: { en: 'Roles', es: 'Roles', fr: 'Rôles' }, route: '/roles' },
  {
    code: 'circuits',
    icon: 'git-merge',
    label: { en: 'Validation circuits', es: 'Circuitos de validación', fr: 'Circuits de validation' },
    route: '/circuits',
  },
  {
    code: 'delegations',
    icon: 'user-check',
    label: { en: 'Delegations', es: 'Delegaciones', fr: 'Délégations' },
    route: '/delegations',
  },
  {
    code: 'settings',
    icon: 'sliders',
    label: { en: 'Customer settings', es: 'Parámetros del cliente', fr: 'Paramètres client' },
    route: '/settings',
  },
  {
    code: 'modules',
    icon: 'puzzle',
    label: { en: 'Modules', es: 'Módulos', fr: 'Modules' },
    route: '/settings?tab=modules',
  },
  {
    code: 'currencies',
    icon: 'coins',
    label: { en: 'Currencies and languages', es: 'Monedas e idiomas', fr: 'Devises et langues' },
    route: '/currencies',
  },
  {
    code: 'maintenance',
    icon: 'wrench',
    label: { en: 'Maintenance', es: 'Mantenimiento', fr: 'Maintenance' },
    route: '/maintenance',
  },
  {
    code: 'models',
    icon: 'file-text',
    label: { en: 'Mail templates', es: 'Plantillas de correo', fr: 'Modèles de courriel' },
    route: '/mail-templates',
  },
  {
    code: 'user-authorizations',
    icon: 'shield',
    label: {
      en: 'User authorizations',
      es: 'Autorizaciones de usuarios',
      fr: 'Autorisations des utilisateurs',
    },
    route: '/users',
  },
  {
    code: 'required-fields',
    icon: 'asterisk',
    label: { en: 'Required fields', es: 'Campos obligatorios', fr: 'Champs obligatoires' },
    route: '/settings?tab=misc',
  },
  {
    code: 'custom-fields',
    icon: 'list-plus',
    label: { en: 'Custom fields', es: 'Campos personalizados', fr: 'Champs personnalisés' },
    route: '/custom-fields',
  },
  {
    code: 'accounting-export',
    icon: 'calculator',
    label: { en: 'Accounting export', es: 'Exportación contable', fr: 'Export comptable' },
    route: '/accounting-exports',
  },
  {
    code: 'allocations',
    icon: 'git-branch',
    label: { en: 'Allocations', es: 'Imputaciones', fr: 'Imputations' },
    route: '/allocation1s',
  },
  { code: 'fields', icon: 'text-cursor', label: { en: 'Fields', es: 'Campos', fr: 'Champs' } },
  { code: 'formatting', icon: 'type', label: { en: 'Formatting', es: 'Formato', fr: 'Mise en forme' } },
  {
    code: 'links-table',
    icon: 'link',
    label: { en: 'Links table', es: 'Tabla de enlaces', fr: 'Table des liens' },
  },
  { code: 'listing', icon: 'list', label: { en: 'Listing', es: 'Listados', fr: 'Listes' } },
  { code: 'pdf', icon: 'file', label: { en: 'PDF', es: 'PDF', fr: 'PDF' } },
]

const TITLE: MessageTexts = { en: 'Configuration', es: 'Configuración', fr: 'Configuration' }
const HOME: MessageTexts = { en: 'Home', es: 'Inicio', fr: 'Accueil' }

export type ConfigurationPage = {
  title: string
  icon: string
  breadcrumbs: { label: string; link: string }[]
  items: { code: string; label: string; icon: string; link: string }[]
}

/** The page GET /bwapi/config answers: title, icon, breadcrumbs and items (links are app routes). */
export const configurationPage = (language: Language): ConfigurationPage => ({
  title: TITLE[language],
  icon: 'settings',
  breadcrumbs: [
    { label: HOME[language], link: '/' },
    { label: TITLE[language], link: '/config' },
  ],
  // Only the screens that exist, each a working link; the others of the spec come with their issue.
  items: CONFIGURATION_SCREENS.filter((s) => typeof s.route === 'string').map((s) => ({
    code: s.code,
    label: s.label[language],
    icon: s.icon,
    link: s.route as string,
  })),
})
