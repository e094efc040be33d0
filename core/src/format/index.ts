export { type AmountFormat, formatAmount, formatNumber, thousandsSeparatorFor } from './amount'
export { countOf } from './count'
export {
  type DateFormats,
  formatDate,
  formatDateTime,
  formatDateTimePattern,
  formatDay,
  formatTime,
  parseDateInFormat,
} from './date'
export { FILE_SIZE_BASE, formatFileSize } from './file-size'
export {
  amountFormatFor,
  NUMBER_STYLES,
  type NumberStyle,
  numberStyleFor,
  type Reader,
} from './locale-format'
export { defuseFormula } from './spreadsheet'
export { readTypedNumber, showTypedNumber } from './typed-number'
