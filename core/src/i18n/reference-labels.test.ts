import { expect, test } from 'vitest'
import { referenceLabel, UNITS, unitFor } from './reference-labels'

test('shipped reference data reads in the reader’s language', () => {
  expect(referenceLabel('family', 'FURNITURE', 'Furniture', 'fr')).toBe('Mobilier')
  expect(referenceLabel('warehouse', 'MAIN', 'Main warehouse', 'es')).toBe('Almacén principal')
  expect(referenceLabel('unit', 'box', 'box', 'fr')).toBe('boîte')
  expect(referenceLabel('family', 'FURNITURE', 'Furniture', 'en')).toBe('Furniture')
})

test('a name the organisation wrote is kept as written', () => {
  expect(referenceLabel('family', 'FURNITURE', 'Office furniture', 'fr')).toBe('Office furniture')
  expect(referenceLabel('family', 'LAB', 'Laboratory', 'fr')).toBe('Laboratory')
  expect(referenceLabel('unit', null, 'crate', 'es')).toBe('crate')
})

test('every shipped unit has a name in every language', () => {
  for (const unit of UNITS)
    for (const language of ['en', 'fr', 'es'] as const)
      expect(referenceLabel('unit', unit, unit, language)).not.toBe('')
})

test.each([
  ['unit', '1', 'fr', 'unité'],
  ['unit', '1.5', 'fr', 'unité'],
  ['unit', '8', 'fr', 'unités'],
  ['unit', '0', 'fr', 'unité'],
  ['unit', '1', 'en', 'unit'],
  ['unit', '1.5', 'en', 'units'],
  ['unit', '0', 'en', 'units'],
  ['box', '2', 'es', 'cajas'],
  ['box', '1', 'es', 'caja'],
  ['kg', '12', 'fr', 'kg'],
  ['pallet', '3', 'fr', 'pallet'],
] as const)(
  '%s × %s in %s reads "%s" (the language’s plural rules)',
  (code, quantity, language, expected) => {
    expect(unitFor(code, quantity, language)).toBe(expected)
  },
)
