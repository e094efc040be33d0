export {
  defaultLanguage,
  FALLBACK_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  languagesFromAcceptHeader,
  pickLanguage,
} from './language'
