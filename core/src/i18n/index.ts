export {
  defaultLanguage,
  FALLBACK_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  languagesFromAcceptHeader,
  pickLanguage,
} from './language'
export {
  namedIn,
  namesOnlyInEnglish,
  type ReferenceKind,
  referenceCodesNamed,
  referenceLabel,
  UNITS,
  unitFor,
} from './reference-labels'
