import { FirstRunChoicesAnswerSchema, FirstRunDoneAnswerSchema, FirstRunSchema } from '@procura/core/settings'
import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { setSessionCookies } from '../http/cookies'
import { route } from '../http/openapi'
import { refuse } from '../http/respond'
import { createSession, loadSession } from '../services/auth/session'
import { completeFirstRun, firstRunChoices } from '../services/operations/first-run'
import { currentUserView } from '../services/users/current'
import { readBody } from './auth'

/**
 * GET and POST /bwapi/setup: the browser's first-run setup, open while no user exists (the same
 * service as `procura init`). Done, the administrator is signed in — or, invited, mailed a link.
 */
export const setupRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  app.get(
    '/',
    route({
      summary: 'Whether the first-run setup is open (no user yet), and its choices',
      tags: ['Sign-in'],
      public: true,
      responses: {
        200: { description: 'Open or not, with its choices', schema: FirstRunChoicesAnswerSchema },
      },
    }),
    async (c) => c.json(await firstRunChoices(deps.db, c.get('language'))),
  )
  app.post(
    '/',
    route({
      summary: 'Set up the installation: the first administrator, the company, how it is reached',
      description:
        'Only while no user exists (409 SETUP_DONE afterwards). A mail server is tested by mailing the administrator first.',
      tags: ['Sign-in'],
      public: true,
      body: FirstRunSchema,
      responses: { 200: { description: 'Set up', schema: FirstRunDoneAnswerSchema } },
    }),
    async (c) => {
      const done = await completeFirstRun(deps, await readBody(c), new URL(c.req.url).origin)
      if (!done.ok) return refuse(c, done.error)
      const redirect = `${deps.basePath}/`
      if (done.value.invited) return c.json({ invited: true, redirect: `${deps.basePath}/login`, user: null })
      const created = await createSession(deps.db, deps.clock, done.value.user_id, false)
      setSessionCookies(c, created)
      const session = await loadSession(deps.db, deps.clock, created.token)
      if (session === null) throw new Error('A session just created could not be loaded')
      return c.json({ invited: false, redirect, user: currentUserView(session) })
    },
  )
  return app
}
