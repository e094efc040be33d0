import { Readable } from 'node:stream'
import { type DomainError, formError } from '@procura/core/errors'
import { err, ok, type Result } from '@procura/core/result'
import { extensionOf } from '@procura/core/validation'
import busboy from 'busboy'
import type { Context } from 'hono'
import type { UploadedFile } from '../services/users/signature'

/** The multipart form of a request (null when the body is not one). */
export const formOf = (c: Context) => c.req.formData().catch(() => null)

/** One uploaded file of a multipart form, or null when the field holds none. */
export const uploadedFile = async (form: FormData | null, field: string): Promise<UploadedFile | null> => {
  const entry = form?.get(field)
  return entry instanceof File
    ? { name: entry.name, size: entry.size, bytes: new Uint8Array(await entry.arrayBuffer()) }
    : null
}

/** A text field of a multipart form, or null. */
export const formText = (form: FormData | null, field: string): string | null => {
  const value = form?.get(field)
  return typeof value === 'string' ? value : null
}

/** A download: the bytes with a safe Content-Disposition (RFC 6266 filename*). */
export const download = (
  c: Context,
  name: string,
  bytes: Uint8Array<ArrayBuffer>,
  type = 'application/octet-stream',
) =>
  c.body(bytes, 200, {
    'content-type': type,
    'content-disposition': `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'x-content-type-options': 'nosniff',
  })

/**
 * A multipart body busboy cannot read (a part header holding a NUL byte, no boundary): the app's
 * error handler answers 400 UNREADABLE_UPLOAD, never 500.
 */
export class UnreadableUpload extends Error {
  constructor(cause: unknown) {
    super('unreadable multipart upload', { cause })
  }
}

/**
 * The uploaded CSV of an import as a stream, never buffered whole: the `file` part of a multipart
 * body (streamed by busboy), or the body itself when sent as text/csv. Null when there is none.
 */
export const csvStreamOf = (c: Context): Promise<{ name: string; stream: Readable } | null> => {
  const body = c.req.raw.body
  const type = c.req.header('content-type') ?? ''
  const multipart = type.startsWith('multipart/form-data')
  // Any other body (JSON, read already by the JSON check) holds no file: the caller says so.
  if (body === null || (!multipart && !type.startsWith('text/csv'))) return Promise.resolve(null)
  const incoming = Readable.fromWeb(body as import('node:stream/web').ReadableStream)
  if (!multipart) return Promise.resolve({ name: 'import.csv', stream: incoming })
  return new Promise((resolve, reject) => {
    const unreadable = (cause: unknown) => reject(new UnreadableUpload(cause))
    let parser: ReturnType<typeof busboy>
    try {
      parser = busboy({ headers: { 'content-type': type } })
    } catch (cause) {
      return unreadable(cause)
    }
    let found = false
    parser.on('file', (field, stream, info) => {
      if (field === 'file' && !found) {
        found = true
        resolve({ name: info.filename ?? 'import.csv', stream })
      } else stream.resume()
    })
    parser.on('error', unreadable)
    parser.on('close', () => {
      if (!found) resolve(null)
    })
    incoming.pipe(parser)
  })
}

/**
 * An import's upload, read when the import asks for it — after the reader's rights are checked
 * (services/imports/engine runImport): the CSV stream; no file is refused on `file`, and with
 * `csvOnly` a file whose name does not end in .csv.
 */
export const csvUpload =
  (c: Context, options: { csvOnly?: boolean } = {}) =>
  async (): Promise<Result<Readable, DomainError>> => {
    const upload = await csvStreamOf(c)
    if (upload === null) return err(formError({ file: [{ code: 'FIELD_REQUIRED' }] }))
    if (options.csvOnly === true && extensionOf(upload.name) !== 'csv') {
      upload.stream.resume()
      return err(formError({ file: [{ code: 'FILE_BAD_EXTENSION', params: { allowed: 'csv' } }] }))
    }
    return ok(upload.stream)
  }
