import { checkCanListUsers } from '@procura/core/auth'
import { IMAGE_TYPES, imageTypeOf } from '@procura/core/validation'
import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '../http/context'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { sessionOf } from '../http/session-of'
import { formOf, uploadedFile } from '../http/upload'
import { actorOf, type LoadedSession } from '../services/auth/session'
import { loadSettings } from '../services/settings'
import { currentUserView } from '../services/users/current'
import {
  changePassword,
  createUser,
  getPermissions,
  getPreferences,
  getProfile,
  savePreferences,
  updatePermissions,
  updateProfile,
  userBulkAction,
  userContextualMenu,
  userCreateForm,
} from '../services/users/edit'
import { getBack, impersonate } from '../services/users/impersonation'
import { listUsers, userFilterOptions, usersIndex } from '../services/users/list'
import { readSignature, saveSignature } from '../services/users/signature'
import { readBody } from './auth'

/** The calls of spec §7 "Users and authentication" under /bwapi/users. */
export const usersRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const { db, clock } = deps
  const withId = (c: Context<AppEnv>, work: (session: LoadedSession, id: number) => Promise<Response>) => {
    const id = idParam(c)
    return id === null ? refuse(c, { code: 'NOT_FOUND' }) : work(sessionOf(c), id)
  }

  app.get('/login-infos', async (c) => {
    const settings = await loadSettings(db)
    const sso = settings.modules.single_sign_on
    return c.json({
      app_name: settings.customer.name,
      classic_login: !sso || settings.customer.classic_login_with_sso,
      sso: { enabled: sso, url: null },
      password_reset: true,
    })
  })
  app.get('/current', (c) => c.json(currentUserView(sessionOf(c))))

  app.get('/index', (c) => {
    const allowed = checkCanListUsers(actorOf(sessionOf(c)))
    return allowed.ok ? c.json(usersIndex(c.get('language'))) : refuse(c, allowed.error)
  })
  app.get('/', async (c) => {
    const actor = actorOf(sessionOf(c))
    const allowed = checkCanListUsers(actor)
    if (!allowed.ok) return refuse(c, allowed.error)
    return respond(c, await listUsers(db, actor, c.req.query(), c.get('language')))
  })
  app.get('/filter-list/:field', async (c) => {
    const allowed = checkCanListUsers(actorOf(sessionOf(c)))
    if (!allowed.ok) return refuse(c, allowed.error)
    const options = await userFilterOptions(
      db,
      c.req.param('field'),
      c.req.query('search') ?? '',
      c.get('language'),
    )
    return options === null ? refuse(c, { code: 'NOT_FOUND' }) : c.json({ data: options })
  })
  app.post('/do-bulk-action', async (c) =>
    respond(c, await userBulkAction(deps, actorOf(sessionOf(c)), await readBody(c))),
  )
  app.get('/create', async (c) =>
    respond(c, await userCreateForm(db, actorOf(sessionOf(c)), c.get('language'))),
  )
  app.post('/', async (c) =>
    respond(c, await createUser(deps, actorOf(sessionOf(c)), await readBody(c)), 201),
  )
  app.post('/get-back', async (c) => respond(c, await getBack(db, clock, sessionOf(c))))

  app.get('/:id/contextual-menu', (c) =>
    withId(c, async (s, id) => respond(c, await userContextualMenu(db, actorOf(s), id, c.get('language')))),
  )
  app.post('/:id/impersonate', (c) =>
    withId(c, async (s, id) => respond(c, await impersonate(db, clock, s, id))),
  )
  app.get('/:id/profile', (c) => withId(c, async (s, id) => respond(c, await getProfile(db, actorOf(s), id))))
  app.post('/:id/profile', (c) =>
    withId(c, async (s, id) => respond(c, await updateProfile(deps, actorOf(s), id, await readBody(c)))),
  )
  app.post('/:id/profile-signature', (c) =>
    withId(c, async (s, id) => {
      const file = await uploadedFile(await formOf(c), 'signature')
      return respond(c, await saveSignature(deps, actorOf(s), id, file, c.get('language')))
    }),
  )
  app.get('/:id/profile-signature', (c) =>
    withId(c, async (s, id) => {
      const image = await readSignature(deps, actorOf(s), id)
      if (!image.ok) return refuse(c, image.error)
      const type = imageTypeOf(image.value)
      return c.body(image.value, 200, {
        'content-type': type === null ? 'application/octet-stream' : IMAGE_TYPES[type],
        'cache-control': 'no-cache',
      })
    }),
  )
  app.get('/:id/preferences', (c) =>
    withId(c, async (s, id) => respond(c, await getPreferences(db, actorOf(s), id))),
  )
  app.post('/:id/preferences', (c) =>
    withId(c, async (s, id) => respond(c, await savePreferences(deps, actorOf(s), id, await readBody(c)))),
  )
  app.get('/:id/permissions', (c) =>
    withId(c, async (s, id) => respond(c, await getPermissions(db, actorOf(s), id))),
  )
  app.post('/:id/permissions', (c) =>
    withId(c, async (s, id) => respond(c, await updatePermissions(deps, actorOf(s), id, await readBody(c)))),
  )
  app.get('/:id/password', (c) =>
    withId(c, async (s, id) =>
      c.json({ data: { own: s.user.id === id, requires_current: s.user.id === id } }),
    ),
  )
  app.post('/:id/password', (c) =>
    withId(c, async (s, id) => respond(c, await changePassword(deps, actorOf(s), id, await readBody(c)))),
  )
  return app
}
