import { defaultLanguage, LANGUAGES, type Language } from '@procura/core/i18n'
import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { AREA_NAMESPACES, SHELL_NAMESPACE } from './namespaces'
import type { Texts as ShellTexts } from './texts/en/shell'

/**
 * Each namespace's texts by language, as separate chunks (Vite splits every file of the glob):
 * the areas' and the shell's too, so the first page carries no language's texts and the reader's
 * shell texts load before the first render (main.tsx).
 */
const AREA_TEXTS = import.meta.glob<{ texts: Record<string, unknown> }>(['./texts/*/*.ts'])

/** Loads one namespace of one language from its chunk (the i18next backend contract). */
const areaBackend = {
  type: 'backend' as const,
  init: () => undefined,
  read: (language: string, namespace: string, done: (error: unknown, data: unknown) => void) => {
    const load = AREA_TEXTS[`./texts/${language}/${namespace}.ts`]
    if (load === undefined) return done(new Error(`No texts ${language}/${namespace}`), null)
    load().then(
      (module) => done(null, module.texts),
      (error: unknown) => done(error, null),
    )
  },
}

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

/**
 * The app's i18next instance. `bundled` gives shell texts at once (tests); otherwise they load with
 * the areas' backend — await `loadNamespaces(SHELL_NAMESPACE)` before the first render.
 */
export const createI18n = (language: Language, bundled: Partial<Record<Language, ShellTexts>> = {}): i18n => {
  const instance = i18next.createInstance()
  void instance
    .use(areaBackend)
    .use(initReactI18next)
    .init({
      resources: Object.fromEntries(
        Object.entries(bundled).map(([lng, texts]) => [lng, { [SHELL_NAMESPACE]: texts }]),
      ),
      // The shell's texts load first (or are given); the areas' come from the backend when a route asks.
      partialBundledLanguages: true,
      ns: [SHELL_NAMESPACE],
      defaultNS: SHELL_NAMESPACE,
      // A key names its area ("orders.fields.supplier"): it is found in the area's namespace.
      fallbackNS: [...AREA_NAMESPACES],
      lng: language,
      // Every language's texts are complete (typed): no other language is loaded beside the reader's.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      initAsync: false,
      // A component re-renders when a namespace it reads arrives (the breadcrumbs' areas).
      react: { bindI18n: 'languageChanged loaded' },
      // A key found in no loaded namespace is a defect (a route that does not declare the area it
      // reads): said on the console, which the browser tests read.
      saveMissing: true,
      missingKeyHandler: (_languages: readonly string[], _namespace: string, key: string) =>
        console.error(`Missing text: ${key}`),
    })
  instance.on('languageChanged', (lng) => {
    if ((LANGUAGES as readonly string[]).includes(lng)) rememberLanguage(lng as Language)
  })
  return instance
}
