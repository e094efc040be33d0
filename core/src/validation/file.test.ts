import { expect, test } from 'vitest'
import { extensionOf, fileIssues } from './file'

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
