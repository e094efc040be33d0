import { RefusalSchema } from '@procura/core/circuit'
import { expect, test } from 'vitest'
import { checkWith } from './check'

test('the refusal reason is checked in the browser with the core rule, in the interface language', () => {
  expect(checkWith(RefusalSchema, { reason: 'Too expensive.' }, 'fr')).toBeNull()
  expect(checkWith(RefusalSchema, { reason: ' ' }, 'fr')).toEqual({
    reason: ['Dites pourquoi vous refusez (au moins 3 caractères) : l’auteur le lira.'],
  })
})
