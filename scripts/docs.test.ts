import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { renderErrorCatalogue } from './error-catalogue-doc'

test('docs/domain/error-catalogue.md matches the catalogue (run npm run docs:catalogue)', () => {
  const doc = readFileSync(
    fileURLToPath(new URL('../docs/domain/error-catalogue.md', import.meta.url)),
    'utf8',
  )
  expect(doc).toBe(renderErrorCatalogue())
})
