import { expect, test } from 'vitest'
import { LANGUAGES } from '../i18n/language'
import { CONFIGURATION_SCREENS, configurationPage } from './configuration-page'

test.each(LANGUAGES)('the %s page has a title, breadcrumbs and one item per screen', (language) => {
  const page = configurationPage(language)
  expect(page.title).not.toBe('')
  expect(page.breadcrumbs.at(-1)?.link).toBe('/config')
  expect(page.items.map((i) => i.code)).toEqual(
    CONFIGURATION_SCREENS.filter((s) => s.route).map((s) => s.code),
  )
  for (const item of page.items) expect(item.label.trim()).not.toBe('')
})

test('only the screens that exist are listed, each with its app route', () => {
  expect(configurationPage('en').items.map((i) => i.link)).toEqual([
    '/users',
    '/roles',
    '/circuits',
    '/delegations',
    '/settings',
    '/settings?tab=modules',
    '/currencies',
    '/maintenance',
    '/mail-templates',
    '/users',
    '/settings?tab=misc',
    '/custom-fields',
    '/accounting-exports',
    '/allocation1s',
  ])
  expect(configurationPage('en').items.map((i) => i.code)).not.toContain('pdf')
})

test('labels are translated', () => {
  expect(configurationPage('fr').items[0]?.label).toBe('Utilisateurs')
  expect(configurationPage('es').title).toBe('Configuración')
})

test('screen codes are unique', () => {
  const codes = CONFIGURATION_SCREENS.map((s) => s.code)
  expect(new Set(codes).size).toBe(codes.length)
})
