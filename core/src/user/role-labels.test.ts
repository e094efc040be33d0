import { expect, test } from 'vitest'
import { LANGUAGES } from '../i18n/language'
import { ROLE_LABELS, roleLabel } from './role-labels'
import { ROLE_CODES } from './user.schema'

test('every role of the reference data has a name in every language', () => {
  expect(Object.keys(ROLE_LABELS).sort()).toEqual([...ROLE_CODES].sort())
  for (const code of ROLE_CODES)
    for (const language of LANGUAGES) expect(ROLE_LABELS[code][language].trim()).not.toBe('')
})

test('known roles are translated; other roles keep their stored name', () => {
  expect(roleLabel('buyer', 'fr', 'Buyer')).toBe('Acheteur')
  expect(roleLabel('none', 'es', 'No role')).toBe('Sin rol')
  expect(roleLabel('site_manager', 'fr', 'Site manager')).toBe('Site manager')
})
