import { expect, test } from 'vitest'
import { injectBasePath, withPageLanguage } from './web-app'

test.each([
  ['<html lang="en"><head></head>', 'fr', '<html lang="fr"><head></head>'],
  ['<html><head></head>', 'es', '<html lang="es"><head></head>'],
  ['<html class="x" lang="en">', 'fr', '<html class="x" lang="fr">'],
])('withPageLanguage(%j, %s)', (html, language, expected) => {
  expect(withPageLanguage(html, language)).toBe(expected)
})

test('the base path is inserted first in <head>, escaped', () => {
  const html = injectBasePath('<head><script src="./assets/a.js"></script>', '/a"b')
  expect(html).toContain('<base href="/a&quot;b/" />')
  expect(html).toContain('<meta name="procura-base-path" content="/a&quot;b" />')
  expect(html.indexOf('<base')).toBeLessThan(html.indexOf('<script'))
})
