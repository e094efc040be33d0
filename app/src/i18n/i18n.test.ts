import { beforeEach, expect, test } from 'vitest'
import { createI18n, initialLanguage, LANGUAGE_STORAGE_KEY } from './i18n'
import { SHELL_TEXTS } from './shell-texts'

beforeEach(() => {
  localStorage.clear()
  document.documentElement.lang = ''
})

test('the stored language wins, else the page language, else English', () => {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es')
  document.documentElement.lang = 'fr'
  expect(initialLanguage(localStorage, document, navigator)).toBe('es')
  localStorage.clear()
  expect(initialLanguage(localStorage, document, navigator)).toBe('fr')
  document.documentElement.lang = 'de'
  expect(initialLanguage(localStorage, document, { language: 'it' } as Navigator)).toBe('en')
})

test('changing language translates at once and is remembered for the page and the server', async () => {
  const i18n = createI18n('en', SHELL_TEXTS)
  expect(i18n.t('dashboard.title')).toBe('Dashboard')
  await i18n.changeLanguage('fr')
  expect(i18n.t('dashboard.title')).toBe('Tableau de bord')
  expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr')
  expect(document.documentElement.lang).toBe('fr')
  expect(document.cookie).toContain('procura_language=fr')
})

test('plurals follow the language', () => {
  const i18n = createI18n('en', SHELL_TEXTS)
  expect(i18n.t('dashboard.currencies_count', { count: 1 })).toBe('1 currency available')
  expect(i18n.t('dashboard.currencies_count', { count: 3 })).toBe('3 currencies available')
})

/** "supplier(s)", "unité(s)", "proveedor(es)", "manquante(s)": a count said without its plural. */
const PLURAL_MARK = /\p{L}\((?:s|es|e|e\)\(s)\)/u
const textsOf = (value: unknown, path: string): [string, string][] =>
  typeof value === 'string'
    ? [[path, value]]
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => textsOf(inner, `${path}.${key}`))
      : []

test('no text says a count with a "(s)": a count has its plural forms (key_one, key_other), or is written as "name: N"', () => {
  const modules = import.meta.glob('./texts/*/*.ts', { eager: true })
  const texts = [
    ...Object.entries(modules).flatMap(([file, module]) => textsOf(module, file)),
    ...textsOf(SHELL_TEXTS, 'shell'),
  ]
  expect(texts.length).toBeGreaterThan(1000)
  expect(texts.filter(([, text]) => PLURAL_MARK.test(text))).toEqual([])
})
