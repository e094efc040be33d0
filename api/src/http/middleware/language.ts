import { languagesFromAcceptHeader, pickLanguage } from '@procura/core/i18n'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'

export const LANGUAGE_COOKIE = 'procura_language'

/**
 * The language of every answer: the interface's choice (cookie set by the app), else the
 * browser's Accept-Language, else English. A signed-in user's own language comes first (issue 4).
 */
export const languageMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  c.set(
    'language',
    pickLanguage(
      getCookie(c, LANGUAGE_COOKIE),
      ...languagesFromAcceptHeader(c.req.header('accept-language')),
    ),
  )
  await next()
})
