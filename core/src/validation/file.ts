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
