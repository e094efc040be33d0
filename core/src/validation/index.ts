export { mergeFormErrors, validateFields } from './fields'
export {
  extensionOf,
  type FilePolicy,
  fileIssues,
  IMAGE_TYPES,
  type ImageType,
  imageIssues,
  imageTypeOf,
} from './file'
export {
  atLeastOneOf,
  type Check,
  dateAfterOrEqual,
  dateBeforeOrEqual,
  differentFrom,
  inList,
  lengthBetween,
  maxLength,
  noSpaces,
  notForbidden,
  notMatching,
  required,
  selectAtLeastOne,
  statusEquals,
  unique,
  validDate,
} from './generic'
export {
  bic,
  codeHash,
  distinctOptionKeys,
  duns,
  iban,
  intraCommunityVat,
  invoiceNumber,
  siret,
  VAT_PATTERNS,
} from './identifiers'
export {
  confirmationMatches,
  differsFromCurrent,
  type PasswordPolicy,
  passwordIssues,
  RESET_PASSWORD_MIN_LENGTH,
  resetPasswordIssues,
} from './password'
export { requiredFieldIssues } from './required-fields'
