import type { Language } from '../i18n/language'

const UNITS: Record<Language, readonly string[]> = {
  en: ['B', 'KB', 'MB', 'GB', 'TB'],
  es: ['B', 'KB', 'MB', 'GB', 'TB'],
  fr: ['o', 'Ko', 'Mo', 'Go', 'To'],
}

const DELIMITER: Record<Language, string> = { en: '.', es: ',', fr: ',' }

/** The spec's base: 1 KB = 1024 bytes. */
export const FILE_SIZE_BASE = 1024

/**
 * A file size for people, in base 1024 with one decimal when needed: 1536 → "1.5 KB",
 * 10485760 → "10 MB", in French "1,5 Ko".
 */
export const formatFileSize = (bytes: number, language: Language): string => {
  if (!Number.isFinite(bytes) || bytes < 0) throw new Error('A file size is a number of bytes, 0 or more.')
  const units = UNITS[language]
  let value = bytes
  let unit = 0
  while (value >= FILE_SIZE_BASE && unit < units.length - 1) {
    value /= FILE_SIZE_BASE
    unit += 1
  }
  const rounded = unit === 0 ? String(value) : String(Math.round(value * 10) / 10)
  return `${rounded.replace('.', DELIMITER[language])}\u00a0${units[unit]}`
}
