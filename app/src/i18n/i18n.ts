import { defaultLanguage, LANGUAGES, type Language } from '@procura/core/i18n'
import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { RESOURCES } from './resources'

export const LANGUAGE_STORAGE_KEY = 'procura.language'
/** Read by the server, so its messages follow the interface language. */
export const LANGUAGE_COOKIE = 'procura_language'

/** The spec's rule: local storage, else the first two letters of the page language. */
export const initialLanguage = (storage: Pick<Storage, 'getItem'>, doc: Document, nav: Navigator): Language =>
  defaultLanguage({
    stored: storage.getItem(LANGUAGE_STORAGE_KEY),
    pageLanguage: doc.documentElement.lang || nav.language,
  })

/** Remembers the choice and tells the page and the server. */
export const rememberLanguage = (language: Language) => {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  document.documentElement.lang = language
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads this cookie; the Cookie Store API is not in every browser we support
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax`
}

export const createI18n = (language: Language): i18n => {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    resources: RESOURCES,
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  instance.on('languageChanged', (lng) => {
    if ((LANGUAGES as readonly string[]).includes(lng)) rememberLanguage(lng as Language)
  })
  return instance
}
