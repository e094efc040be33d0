import { expect, test } from 'vitest'
import { colourPalette } from './palette'

test('splits the main colour into its channels and derives light and dark shades', () => {
  expect(colourPalette('#1F6FEB')).toEqual({
    main_color: '#1f6feb',
    light: '#dde9fc',
    dark: '#164ea5',
    r: 31,
    g: 111,
    b: 235,
  })
})

test('accepts a colour without #', () => {
  expect(colourPalette('000000')?.light).toBe('#d9d9d9')
})

test.each(['', 'red', '#fff', '#12345g'])('refuses %j', (value) => {
  expect(colourPalette(value)).toBeNull()
})
