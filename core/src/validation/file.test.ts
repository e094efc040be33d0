import { expect, test } from 'vitest'
import { extensionOf, fileIssues, imageIssues, imageTypeOf } from './file'

const policy = { extensions: ['pdf', 'png'], max_bytes: 10 * 1024 * 1024, max_name_length: 20 }

test('extensions are compared in lower case; a dotfile has no extension', () => {
  expect(extensionOf('Quote.PDF')).toBe('pdf')
  expect(extensionOf('archive.tar.gz')).toBe('gz')
  expect(extensionOf('.env')).toBe('')
  expect(extensionOf('README')).toBe('')
})

test('an allowed file passes', () => {
  expect(fileIssues({ name: 'quote.pdf', size: 1024 }, policy, 'en')).toEqual([])
  expect(fileIssues({ name: 'quote.pdf', size: 10 * 1024 * 1024 }, policy, 'en')).toEqual([])
})

test('every problem is reported, the maximum size shown in base 1024 in the reader’s language', () => {
  expect(fileIssues({ name: 'a-very-long-file-name.exe', size: 10 * 1024 * 1024 + 1 }, policy, 'fr')).toEqual(
    [
      { code: 'FILE_BAD_EXTENSION', params: { allowed: 'pdf, png' } },
      { code: 'FILE_NAME_TOO_LONG', params: { max: 20 } },
      { code: 'FILE_TOO_LARGE', params: { max: '10\u00a0Mo' } },
    ],
  )
})

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0])
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50])
const TEXT = new Uint8Array([...'<script>alert(1)</script>'].map((c) => c.charCodeAt(0)))

test.each([
  [PNG, 'png'],
  [JPG, 'jpg'],
  [new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]), 'gif'],
  [WEBP, 'webp'],
  [TEXT, null],
  [new Uint8Array([]), null],
])('imageTypeOf recognises %# by its content', (bytes, type) => {
  expect(imageTypeOf(bytes)).toBe(type)
})

test('an image upload: only image extensions, and the content must be an image', () => {
  const images = { extensions: ['pdf', 'png', 'jpg', 'jpeg'], max_bytes: 1024, max_name_length: 50 }
  expect(imageIssues({ name: 'sign.png', size: 10, bytes: PNG }, images, 'en')).toEqual([])
  expect(imageIssues({ name: 'sign.pdf', size: 10, bytes: PNG }, images, 'en')).toEqual([
    { code: 'FILE_BAD_EXTENSION', params: { allowed: 'png, jpg, jpeg' } },
  ])
  expect(imageIssues({ name: 'sign.png', size: 10, bytes: TEXT }, images, 'en')).toEqual([
    { code: 'FILE_WRONG_TYPE', params: { expected: 'png, jpg, jpeg' } },
  ])
})
