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
  referenceCodesNamed,
  type ReferenceKind,
  referenceLabel,
  UNITS,
  unitFor,
} from './reference-labels'
