export {
  type CurrenciesAnswer,
  CurrenciesAnswerSchema,
  type CurrencyRatesAnswer,
  CurrencyRatesAnswerSchema,
} from './answers'
export {
  CODE_LISTS,
  type CodeList,
  codeListPath,
  codeListSchema,
  isCodeList,
  TAG_LEVELS,
  TAG_POSITIONS,
} from './code-lists'
export {
  type Company,
  CompanySchema,
  codeSchema,
  type Department,
  DepartmentInputSchema,
  DepartmentSchema,
  ProductFamilyInputSchema,
  ProductFamilyTypeInputSchema,
  ProductSubfamilyInputSchema,
} from './organisation.schema'
