export { ERROR_CODES, type ErrorCode, isErrorCode, MESSAGE_GROUPS, MESSAGES } from './catalogue'
export {
  type DomainError,
  domainError,
  type FieldIssue,
  type FieldIssues,
  formError,
  isDomainError,
} from './domain-error'
export type { MessageTable, MessageTexts } from './message-table'
export { parseWith, toFieldIssue } from './parse'
export { interpolate, type MessageParams, placeholdersOf, readerParams, translate } from './translate'
