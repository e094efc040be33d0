import type { Language } from '@procura/core/i18n'

/** Interface texts of the app. Error messages come from core's catalogue, not from here. */
const en = {
  app: { name: 'Procura', tagline: 'Purchasing management' },
  shell: {
    menu: 'Main menu',
    breadcrumbs: 'Breadcrumbs',
    language: 'Language',
    dashboard: 'Dashboard',
    footer: 'Procura — open-source procure-to-pay',
  },
  dashboard: {
    title: 'Dashboard',
    welcome: 'Welcome to {{name}}.',
    loading: 'Loading…',
    currencies: 'Currencies',
    currencies_count_one: '{{count}} currency available',
    currencies_count_other: '{{count}} currencies available',
    retry: 'Retry',
  },
  errors: { home: 'Back to the dashboard' },
}

type Texts = typeof en

const es: Texts = {
  app: { name: 'Procura', tagline: 'Gestión de compras' },
  shell: {
    menu: 'Menú principal',
    breadcrumbs: 'Ruta de navegación',
    language: 'Idioma',
    dashboard: 'Panel',
    footer: 'Procura — compras de código abierto',
  },
  dashboard: {
    title: 'Panel',
    welcome: 'Bienvenido a {{name}}.',
    loading: 'Cargando…',
    currencies: 'Monedas',
    currencies_count_one: '{{count}} moneda disponible',
    currencies_count_other: '{{count}} monedas disponibles',
    retry: 'Reintentar',
  },
  errors: { home: 'Volver al panel' },
}

const fr: Texts = {
  app: { name: 'Procura', tagline: 'Gestion des achats' },
  shell: {
    menu: 'Menu principal',
    breadcrumbs: "Fil d'Ariane",
    language: 'Langue',
    dashboard: 'Tableau de bord',
    footer: 'Procura — achats open source',
  },
  dashboard: {
    title: 'Tableau de bord',
    welcome: 'Bienvenue dans {{name}}.',
    loading: 'Chargement…',
    currencies: 'Devises',
    currencies_count_one: '{{count}} devise disponible',
    currencies_count_other: '{{count}} devises disponibles',
    retry: 'Réessayer',
  },
  errors: { home: 'Retour au tableau de bord' },
}

export const RESOURCES: Record<Language, { translation: Texts }> = {
  en: { translation: en },
  es: { translation: es },
  fr: { translation: fr },
}
