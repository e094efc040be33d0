export {
  DecimalString,
  type FilterOptionsAnswer,
  FilterOptionsSchema,
  type ListIndexAnswer,
  ListIndexSchema,
  ListMetaSchema,
  listAnswerOf,
  type SavedViewAnswer,
  SavedViewAnswerSchema,
  type SavedViewsAnswer,
  SavedViewsAnswerSchema,
} from './answers'
export { decodeCursor, encodeCursor, type ListPlace } from './cursor'
export {
  COLUMN_KINDS,
  type ColumnKind,
  columnsOf,
  defaultColumns,
  exportValue,
  type FilterOption,
  fieldOf,
  filterOf,
  indexOf,
  type ListColumn,
  type ListDefinition,
  labelledOptions,
  optionsMatching,
  parseColumns,
  rangesOf,
  SEARCHED_FILTERS,
} from './definition'
export { LayoutInput } from './inputs'
export {
  COUNT_CAP,
  type FilterSchemas,
  type ListQuery,
  listFilter,
  listMeta,
  MAX_PER_PAGE,
  PER_PAGE_OPTIONS,
  parseListQuery,
  parseSearchQuery,
} from './query'
export { MAX_SEARCH_WORDS, searchWords } from './search-words'
export { ListViewChangeSchema, type ListViewInput, ListViewInputSchema, viewQuery } from './view'
