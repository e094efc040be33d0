import { texts as enShell } from './texts/en/shell'
import { texts as esShell } from './texts/es/shell'
import { texts as frShell } from './texts/fr/shell'

/** The shell's texts in every language, at once: for tests (the app loads the reader's on demand). */
export const SHELL_TEXTS = { en: enShell, es: esShell, fr: frShell } as const
