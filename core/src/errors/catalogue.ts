import { GENERIC_MESSAGES } from './messages/generic'
import { PAGE_MESSAGES } from './messages/pages'
import { VALIDATION_MESSAGES } from './messages/validation'

/**
 * Every message Procura shows, by stable code. Codes never change; texts may be reworded.
 * Groups follow the specification's error catalogue.
 */
export const MESSAGES = {
  ...PAGE_MESSAGES,
  ...GENERIC_MESSAGES,
  ...VALIDATION_MESSAGES,
} as const

export type ErrorCode = keyof typeof MESSAGES
export const ERROR_CODES = Object.keys(MESSAGES) as ErrorCode[]

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(MESSAGES, value)
