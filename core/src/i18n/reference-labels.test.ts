import { expect, test } from 'vitest'
import { referenceLabel, UNITS } from './reference-labels'

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
