import { rowsOf } from '@procura/core/answer'
import { checkCanListUsers, checkCanManageUsers } from '@procura/core/auth'
import { ImportAnswerSchema } from '@procura/core/import'
import { NotificationChoicesSchema } from '@procura/core/notification'
import { ok } from '@procura/core/result'
import { LoginInfosAnswerSchema } from '@procura/core/shell'
import {
  BulkActionSchema,
  CurrentUserAnswerSchema,
  NotificationChoiceAnswerSchema,
  PasswordChangeSchema,
  PermissionsInputSchema,
  PickedUserAnswerSchema,
  PreferencesInputSchema,
  ProfileInputSchema,
  USER_LIST,
  UserCreateFormAnswerSchema,
  UserCreateSchema,
  UserPermissionsAnswerSchema,
  UserPreferencesAnswerSchema,
  UserProfileAnswerSchema,
  UserRowAnswerSchema,
  UsersUpdatedAnswerSchema,
} from '@procura/core/user'
import { IMAGE_TYPES, imageTypeOf } from '@procura/core/validation'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '../http/context'
import { csvFile } from '../http/csv-file'
import { route } from '../http/openapi'
import { idParam } from '../http/params'
import { refuse, respond } from '../http/respond'
import { binary, ContextualMenu, Created, dataOf, Ok, SearchQuery } from '../http/schemas'
import { sessionOf } from '../http/session-of'
import { csvUpload, formOf, uploadedFile } from '../http/upload'
import { actorOf, type LoadedSession, orderActorOf } from '../services/auth/session'
import { notificationChoices, saveNotificationChoices } from '../services/notifications/notifications'
import { isDatabaseEmpty } from '../services/seed'
import { loadSettings } from '../services/settings'
import { currentUserView } from '../services/users/current'
import {
  changePassword,
  createUser,
  getPasswordForm,
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
import {
  listUsers,
  searchUsers,
  USER_FILTERS,
  USER_SORTS,
  userFilterOptions,
  usersIndex,
} from '../services/users/list'
import { readSignature, saveSignature } from '../services/users/signature'
import { exportUsers, importUsers } from '../services/users/user-import'
import { readBody } from './auth'
import { addListRoutes } from './list-routes'

/** The calls of spec §7 "Users and authentication" under /bwapi/users. */
export const usersRoutes = (deps: AppDeps) => {
  const app = new Hono<AppEnv>()
  const { db, clock } = deps
  const withId = (c: Context<AppEnv>, work: (session: LoadedSession, id: number) => Promise<Response>) => {
    const id = idParam(c)
    return id === null ? refuse(c, { code: 'NOT_FOUND' }) : work(sessionOf(c), id)
  }

  app.get(
    '/login-infos',
    route({
      summary: 'What the sign-in page offers (classic login, SSO, reset)',
      tags: ['Sign-in'],
      public: true,
      responses: {
        200: {
          description: 'Sign-in options',
          schema: LoginInfosAnswerSchema,
        },
      },
    }),
    async (c) => {
      const settings = await loadSettings(db)
      const sso = settings.modules.single_sign_on
      return c.json({
        app_name: settings.customer.name,
        classic_login: !sso || settings.customer.classic_login_with_sso,
        sso: { enabled: sso, url: sso ? '/sso/login' : null },
        password_reset: true,
        setup_needed: await isDatabaseEmpty(db),
      })
    },
  )
  app.get(
    '/search',
    route({
      summary: 'Active users whose name or login holds the text (from 2 characters), for pickers',
      tags: ['Users'],
      query: SearchQuery,
      responses: {
        200: {
          description: 'At most 20 people',
          schema: rowsOf(PickedUserAnswerSchema),
        },
      },
    }),
    async (c) => respond(c, await searchUsers(db, c.req.query())),
  )
  app.get(
    '/current',
    route({
      summary: 'The signed-in user (and the real user while impersonating)',
      tags: ['Users'],
      responses: { 200: { description: 'The current user', schema: CurrentUserAnswerSchema } },
    }),
    (c) => c.json(currentUserView(sessionOf(c))),
  )

  addListRoutes(app, '', {
    list: USER_LIST,
    row: UserRowAnswerSchema,
    tag: 'Users',
    sorts: USER_SORTS,
    queryFilters: USER_FILTERS,
    may: (c) => checkCanListUsers(actorOf(sessionOf(c))),
    index: (c) => ok(usersIndex(c.get('language'))),
    read: (c) => (query) => listUsers(db, actorOf(sessionOf(c)), query, c.get('language')),
    options: async (c, field, search) => ok(await userFilterOptions(db, field, search, c.get('language'))),
  })
  app.post(
    '/do-bulk-action',
    route({
      summary: 'Activate or deactivate several users (all or none)',
      tags: ['Users'],
      body: BulkActionSchema,
      responses: {
        200: { description: 'How many users changed', schema: UsersUpdatedAnswerSchema },
      },
    }),
    async (c) => respond(c, await userBulkAction(deps, actorOf(sessionOf(c)), await readBody(c))),
  )
  app.post(
    '/import',
    route({
      summary:
        'Import users from a CSV file (the columns of GET /file); all or nothing; ?dry_run=1 checks only',
      tags: ['Users'],
      body: 'multipart',
      responses: { 200: { description: 'Summary and errors per line', schema: ImportAnswerSchema } },
    }),
    async (c) => {
      return respond(
        c,
        await importUsers(deps, orderActorOf(sessionOf(c)), csvUpload(c), c.get('language'), {
          dryRun: c.req.query('dry_run') === '1',
        }),
      )
    },
  )
  app.get(
    '/file',
    route({
      summary: 'Every user as the import reads them (CSV, semicolons)',
      tags: ['Users'],
      responses: { 200: { description: 'users.csv', schema: z.string() } },
    }),
    async (c) => {
      const allowed = checkCanManageUsers(actorOf(sessionOf(c)))
      return allowed.ok ? csvFile(c, exportUsers(db), 'users.csv') : refuse(c, allowed.error)
    },
  )
  app.get(
    '/create',
    route({
      summary: 'What the user creation form offers (roles, languages)',
      tags: ['Users'],
      responses: { 200: { description: 'Form data', schema: UserCreateFormAnswerSchema } },
    }),
    async (c) => respond(c, await userCreateForm(db, actorOf(sessionOf(c)), c.get('language'))),
  )
  app.post(
    '/',
    route({
      summary: 'Create a user',
      tags: ['Users'],
      body: UserCreateSchema,
      responses: { 201: { description: 'Created', schema: Created } },
    }),
    async (c) => respond(c, await createUser(deps, actorOf(sessionOf(c)), await readBody(c)), 201),
  )
  app.post(
    '/get-back',
    route({
      summary: 'Stop acting as another user',
      tags: ['Users'],
      responses: { 200: { description: 'Back as the real user', schema: Ok } },
    }),
    async (c) => respond(c, await getBack(db, clock, sessionOf(c))),
  )

  app.get(
    '/:id/contextual-menu',
    route({
      summary: 'The actions this user may apply to that user',
      tags: ['Users'],
      responses: { 200: { description: 'Row actions', schema: ContextualMenu } },
    }),
    (c) =>
      withId(c, async (s, id) => respond(c, await userContextualMenu(db, actorOf(s), id, c.get('language')))),
  )
  app.post(
    '/:id/impersonate',
    route({
      summary: 'Act as that user',
      tags: ['Users'],
      responses: { 200: { description: 'Now acting as them', schema: Ok } },
    }),
    (c) => withId(c, async (s, id) => respond(c, await impersonate(db, clock, s, id))),
  )
  app.get(
    '/:id/profile',
    route({
      summary: 'A user’s profile',
      tags: ['Users'],
      responses: {
        200: {
          description: 'The profile',
          schema: dataOf(UserProfileAnswerSchema),
        },
      },
    }),
    (c) => withId(c, async (s, id) => respond(c, await getProfile(db, actorOf(s), id))),
  )
  app.post(
    '/:id/profile',
    route({
      summary: 'Save a user’s profile',
      tags: ['Users'],
      body: ProfileInputSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    (c) =>
      withId(c, async (s, id) => respond(c, await updateProfile(deps, actorOf(s), id, await readBody(c)))),
  )
  app.post(
    '/:id/profile-signature',
    route({
      summary: 'Upload a user’s signature image',
      tags: ['Users'],
      body: 'multipart',
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    (c) =>
      withId(c, async (s, id) => {
        const file = await uploadedFile(await formOf(c), 'signature')
        return respond(c, await saveSignature(deps, actorOf(s), id, file, c.get('language')))
      }),
  )
  app.get(
    '/:id/profile-signature',
    route({
      summary: 'A user’s signature image',
      tags: ['Users'],
      responses: { 200: binary('image/png', 'The image (PNG, JPEG, GIF or WebP)') },
    }),
    (c) =>
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
  app.get(
    '/:id/preferences',
    route({
      summary: 'A user’s preferences',
      tags: ['Users'],
      responses: { 200: { description: 'Preferences', schema: dataOf(UserPreferencesAnswerSchema) } },
    }),
    (c) => withId(c, async (s, id) => respond(c, await getPreferences(db, actorOf(s), id))),
  )
  app.post(
    '/:id/preferences',
    route({
      summary: 'Save a user’s preferences',
      tags: ['Users'],
      body: PreferencesInputSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    (c) =>
      withId(c, async (s, id) => respond(c, await savePreferences(deps, actorOf(s), id, await readBody(c)))),
  )
  app.get(
    '/:id/notifications',
    route({
      summary: 'Where each kind of notification reaches the user: app, email, both or none',
      tags: ['Users'],
      responses: {
        200: {
          description: 'A channel per kind',
          schema: rowsOf(NotificationChoiceAnswerSchema),
        },
      },
    }),
    (c) => withId(c, async (s, id) => respond(c, await notificationChoices(db, actorOf(s), id))),
  )
  app.put(
    '/:id/notifications',
    route({
      summary: 'Choose where kinds of notification reach the user (the kinds left out keep theirs)',
      tags: ['Users'],
      body: NotificationChoicesSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    (c) =>
      withId(c, async (s, id) =>
        respond(c, await saveNotificationChoices(db, actorOf(s), id, await readBody(c))),
      ),
  )
  app.get(
    '/:id/permissions',
    route({
      summary: 'A user’s role, flags, permissions and authorizations',
      tags: ['Users'],
      responses: { 200: { description: 'Permissions', schema: dataOf(UserPermissionsAnswerSchema) } },
    }),
    (c) => withId(c, async (s, id) => respond(c, await getPermissions(db, actorOf(s), id))),
  )
  app.post(
    '/:id/permissions',
    route({
      summary: 'Save a user’s role, flags, permissions and authorizations',
      tags: ['Users'],
      body: PermissionsInputSchema,
      responses: { 200: { description: 'Saved', schema: Ok } },
    }),
    (c) =>
      withId(c, async (s, id) =>
        respond(c, await updatePermissions(deps, actorOf(s), id, await readBody(c))),
      ),
  )
  app.get(
    '/:id/password',
    route({
      summary: 'Whether the password form asks for the current password',
      tags: ['Users'],
      responses: {
        200: {
          description: 'Password form',
          schema: dataOf(z.object({ own: z.boolean(), requires_current: z.boolean() })),
        },
      },
    }),
    (c) => withId(c, async (s, id) => respond(c, await getPasswordForm(db, actorOf(s), id))),
  )
  app.post(
    '/:id/password',
    route({
      summary: 'Change a user’s password',
      tags: ['Users'],
      body: PasswordChangeSchema,
      responses: { 200: { description: 'Changed', schema: Ok } },
    }),
    (c) =>
      withId(c, async (s, id) => respond(c, await changePassword(deps, actorOf(s), id, await readBody(c)))),
  )
  return app
}
