import { ACCOUNTING_MESSAGES } from './messages/accounting'
import { AUTH_MESSAGES } from './messages/auth'
import { FILE_MESSAGES } from './messages/files'
import { GENERIC_MESSAGES } from './messages/generic'
import { OTHER_MESSAGES } from './messages/other'
import { PAGE_MESSAGES } from './messages/pages'
import { PURCHASING_MESSAGES } from './messages/purchasing'
import { SOURCING_MESSAGES } from './messages/sourcing'
import { VALIDATION_MESSAGES } from './messages/validation'

/**
 * Every message Procura shows, by stable code. Codes never change; texts may be reworded.
 * Groups follow the specification's error catalogues.
 */
export const MESSAGES = {
  ...PAGE_MESSAGES,
  ...GENERIC_MESSAGES,
  ...VALIDATION_MESSAGES,
  ...FILE_MESSAGES,
  ...AUTH_MESSAGES,
  ...PURCHASING_MESSAGES,
  ...ACCOUNTING_MESSAGES,
  ...SOURCING_MESSAGES,
  ...OTHER_MESSAGES,
} as const

/** The groups, for documentation and for the test that no code is defined twice. */
export const MESSAGE_GROUPS = {
  pages: PAGE_MESSAGES,
  generic: GENERIC_MESSAGES,
  validation: VALIDATION_MESSAGES,
  files: FILE_MESSAGES,
  auth: AUTH_MESSAGES,
  purchasing: PURCHASING_MESSAGES,
  accounting: ACCOUNTING_MESSAGES,
  sourcing: SOURCING_MESSAGES,
  other: OTHER_MESSAGES,
} as const

export type ErrorCode = keyof typeof MESSAGES
export const ERROR_CODES = Object.keys(MESSAGES) as ErrorCode[]

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(MESSAGES, value)
