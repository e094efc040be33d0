import type { FieldIssue } from '../errors/domain-error'
import { formatFileSize } from '../format/file-size'
import type { Language } from '../i18n/language'

export type FilePolicy = {
  /** Allowed extensions, lower case, without the dot. */
  extensions: readonly string[]
  /** Maximum size in bytes. */
  max_bytes: number
  max_name_length: number
}

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase()
}

/**
 * Every problem of an uploaded file: extension allowed, name not too long, size not over the
 * maximum (shown in base 1024 in the reader's language, "10 MB" / "10 Mo").
 */
export const fileIssues = (
  file: { name: string; size: number },
  policy: FilePolicy,
  language: Language,
): FieldIssue[] => {
  const issues: FieldIssue[] = []
  if (!policy.extensions.includes(extensionOf(file.name))) {
    issues.push({ code: 'FILE_BAD_EXTENSION', params: { allowed: policy.extensions.join(', ') } })
  }
  if ([...file.name].length > policy.max_name_length) {
    issues.push({ code: 'FILE_NAME_TOO_LONG', params: { max: policy.max_name_length } })
  }
  if (file.size > policy.max_bytes) {
    issues.push({ code: 'FILE_TOO_LARGE', params: { max: formatFileSize(policy.max_bytes, language) } })
  }
  return issues
}

/** Image types a signature or an article picture may have, recognised by their first bytes. */
export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const
export type ImageType = keyof typeof IMAGE_TYPES

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((b, i) => bytes[offset + i] === b)

/** The image type of a file's content, whatever its name says; null when it is no known image. */
export const imageTypeOf = (bytes: Uint8Array): ImageType | null => {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg'
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif'
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp'
  return null
}

/** An uploaded image: the file checks, then its content must really be an image. */
export const imageIssues = (
  file: { name: string; size: number; bytes: Uint8Array },
  policy: FilePolicy,
  language: Language,
): FieldIssue[] => {
  const images = policy.extensions.filter((e) => e in IMAGE_TYPES || e === 'jpeg')
  const issues = fileIssues(file, { ...policy, extensions: images }, language)
  if (issues.length === 0 && imageTypeOf(file.bytes) === null) {
    issues.push({ code: 'FILE_WRONG_TYPE', params: { expected: images.join(', ') } })
  }
  return issues
}
