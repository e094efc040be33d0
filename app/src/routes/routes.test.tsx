import { ToastProvider } from '@procura/ui-kit/toasts'
import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createQueryClient } from '../app'
import { createI18n } from '../i18n/i18n'
import { SHELL_TEXTS } from '../i18n/shell-texts'
import { AUTH_FLAG_KEY } from '../session/auth-flag'
import { HtmlModalProvider } from '../shell/html-modal'
import { routes } from './routes'

const admin = {
  id: 1,
  login: 'admin',
  label: 'Alice Admin',
  email: 'admin@procura.example',
  language: 'en',
  currency: null,
  price_display_inctax: false,
  role: 'admin',
  permissions: ['admin_menu', 'manage_users'],
  logout_url: '/logout',
  real_user: null,
}
/** GET /bwapi/init-infos as the server answers it (core's InitInfosAnswerSchema checks it here). */
const initInfos = {
  language: 'en',
  app: { name: 'Procura', title: 'Procura - Purchasing management', base_path: '/app', ws_port: 6001 },
  currencies: [
    { code: 'EUR', label: 'Euro', symbol: '€', rate: '1', position: 'after', is_default: true },
    { code: 'USD', label: 'US dollar', symbol: '$', rate: '1.08', position: 'before', is_default: false },
  ],
  languages: [
    {
      code: 'en',
      label: 'English',
      currency_position: 'before',
      date_format: 'MM/DD/YYYY',
      hour_format: 'h:mm A',
    },
    {
      code: 'es',
      label: 'Español',
      currency_position: 'after',
      date_format: 'DD/MM/YYYY',
      hour_format: 'HH:mm',
    },
    {
      code: 'fr',
      label: 'Français',
      currency_position: 'after',
      date_format: 'DD/MM/YYYY',
      hour_format: 'HH:mm',
    },
  ],
  formats: { decimals: 2, time_zone: 'Europe/Paris' },
  modules: {},
}

type Reply = { status?: number; body: unknown }
/** A fake server: answers per path, records what was called. */
const serve = (answers: Record<string, Reply | ((init?: RequestInit) => Reply)>) => {
  const calls: { path: string; method: string; body?: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).split('?')[0] ?? ''
      calls.push({
        path,
        method: init?.method ?? 'GET',
        ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}),
      })
      const answer = answers[path]
      const reply =
        typeof answer === 'function'
          ? answer(init)
          : (answer ?? { status: 404, body: { message: 'This page does not exist.' } })
      return reply.status === 204
        ? new Response(null, { status: 204 })
        : Response.json(reply.body, { status: reply.status ?? 200 })
    }),
  )
  return calls
}

const signedInServer = (extra: Record<string, Reply | ((init?: RequestInit) => Reply)> = {}) =>
  serve({
    '/bwapi/users/current': { body: admin },
    '/bwapi/init-infos': { body: initInfos },
    '/bwapi/main-menu': {
      body: {
        items: [
          { text: 'Dashboard', icon: 'home', link: '/' },
          { text: 'Users', icon: 'users', link: '/users' },
        ],
        logo: null,
      },
    },
    '/bwapi/header-infos': { body: { env: { type: 'test', text: 'Test environment' }, messages: [] } },
    '/bwapi/actions-to-do': {
      body: { user: { label: 'Alice Admin', link: '/users/1/profile' }, count: 0, actions: [] },
    },
    ...extra,
  })

const renderAt = (path: string, language: 'en' | 'fr' = 'en') => {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const client = createQueryClient()
  client.setDefaultOptions({ queries: { retry: false } })
  render(
    <I18nextProvider i18n={createI18n(language, SHELL_TEXTS)}>
      <QueryClientProvider client={client}>
        <ToastProvider dismissLabel="Dismiss">
          <HtmlModalProvider>
            <RouterProvider router={router} />
          </HtmlModalProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  )
  return router
}

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

test('an unknown route shows the 404 page with a way home', async () => {
  renderAt('/no/such/page')
  expect(await screen.findByRole('heading', { name: 'This page does not exist.' })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/')
})

test('a guest is sent to login with the intended path in redirect', async () => {
  serve({})
  const router = renderAt('/users?page=2')
  expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument()
  expect(router.state.location.pathname).toBe('/login')
  expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/users?page=2')}`)
})

test('signing in sets the flag and opens the intended page', async () => {
  const calls = signedInServer({
    '/sanctum/csrf-cookie': { status: 204, body: null },
    '/login': { body: { redirect: '/users', user: admin } },
    '/bwapi/users/index': { status: 403, body: { message: 'This action is not allowed.' } },
  })
  const router = renderAt('/login?redirect=%2Fusers')
  fireEvent.change(await screen.findByRole('textbox', { name: 'Login' }), { target: { value: 'admin' } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo1234!' } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
  await waitFor(() => expect(router.state.location.pathname).toBe('/users'))
  expect(localStorage.getItem(AUTH_FLAG_KEY)).toBe('1')
  const posted = calls.filter((c) => c.path === '/sanctum/csrf-cookie' || c.path === '/login')
  expect(posted.map((c) => c.path)).toEqual(['/sanctum/csrf-cookie', '/login'])
  expect(posted[1]?.body).toEqual({
    login: 'admin',
    password: 'Demo1234!',
    remember: false,
    redirect: '/users',
  })
})

test('a refused sign-in shows the server message and field errors', async () => {
  serve({
    '/sanctum/csrf-cookie': { status: 204, body: null },
    '/login': {
      status: 429,
      body: { message: 'Too many attempts, retry in 60 seconds', code: 'TOO_MANY_ATTEMPTS' },
    },
  })
  renderAt('/login')
  fireEvent.change(await screen.findByLabelText('Login'), { target: { value: 'alice' } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, retry in 60 seconds')
  expect(localStorage.getItem(AUTH_FLAG_KEY)).toBeNull()
})

test('a sign-in without its login and password is refused in the browser, nothing sent', async () => {
  const calls = serve({})
  renderAt('/login')
  fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }))
  expect(await screen.findByRole('alert')).toBeInTheDocument()
  expect(calls.some((c) => c.path === '/login')).toBe(false)
  expect(localStorage.getItem(AUTH_FLAG_KEY)).toBeNull()
})

test('a signed-in user opening login goes to the base path', async () => {
  localStorage.setItem(AUTH_FLAG_KEY, '1')
  signedInServer()
  const router = renderAt('/login')
  await waitFor(() => expect(router.state.location.pathname).toBe('/'))
})

test('when the current user cannot be loaded, the flag is cleared and login opens', async () => {
  localStorage.setItem(AUTH_FLAG_KEY, '1')
  serve({ '/bwapi/users/current': { status: 401, body: { message: 'Please sign in to continue.' } } })
  const router = renderAt('/')
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  expect(localStorage.getItem(AUTH_FLAG_KEY)).toBeNull()
})

test('the shell: server menu, environment badge, user menu, and the dashboard', async () => {
  localStorage.setItem(AUTH_FLAG_KEY, '1')
  signedInServer()
  renderAt('/')
  expect(await screen.findByText('Welcome to Procura.')).toBeInTheDocument()
  expect(screen.getByRole('navigation', { name: 'Main menu' })).toHaveTextContent('Users')
  expect(await screen.findByRole('note')).toHaveTextContent('Test environment')
  fireEvent.click(screen.getByRole('button', { name: 'User menu: Alice Admin' }))
  expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
    'Dark theme',
    'Profile',
    'Sign out',
  ])
  // The theme switch puts the dark tokens on <html> and offers the light theme back.
  fireEvent.click(screen.getByRole('menuitem', { name: 'Dark theme' }))
  expect(document.documentElement.dataset.theme).toBe('dark')
  fireEvent.click(screen.getByRole('button', { name: 'User menu: Alice Admin' }))
  expect(screen.getByRole('menuitem', { name: 'Light theme' })).toBeInTheDocument()
  localStorage.removeItem('procura-theme')
  delete document.documentElement.dataset.theme
})

test('switching the language translates at once and tells the server', async () => {
  localStorage.setItem(AUTH_FLAG_KEY, '1')
  const calls = signedInServer({ '/bwapi/language/change': { body: { data: { id: 1 } } } })
  renderAt('/')
  await screen.findByText('Welcome to Procura.')
  fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'es' } })
  expect(await screen.findByText('Bienvenido a Procura.')).toBeInTheDocument()
  await waitFor(() =>
    expect(calls.find((c) => c.path === '/bwapi/language/change')?.body).toEqual({ code: 'es' }),
  )
})

test('the language switch offers the languages an administrator keeps active', async () => {
  localStorage.setItem(AUTH_FLAG_KEY, '1')
  signedInServer({
    '/bwapi/init-infos': {
      body: { ...initInfos, languages: initInfos.languages.filter((l) => l.code !== 'es') },
    },
  })
  renderAt('/')
  await screen.findByText('Welcome to Procura.')
  await waitFor(() =>
    expect(
      Array.from(
        (screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement).options,
        (o) => o.value,
      ),
    ).toEqual(['en', 'fr']),
  )
})

test('signing out clears the flag and opens login', async () => {
  localStorage.setItem(AUTH_FLAG_KEY, '1')
  signedInServer({ '/logout': { body: { redirect: '/app/login' } } })
  const router = renderAt('/')
  fireEvent.click(await screen.findByRole('button', { name: 'User menu: Alice Admin' }))
  fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }))
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  expect(localStorage.getItem(AUTH_FLAG_KEY)).toBeNull()
})

test('maintenance shows the 503 page with its delay and extra message', async () => {
  localStorage.setItem(AUTH_FLAG_KEY, '1')
  signedInServer({
    '/bwapi/init-infos': {
      status: 503,
      body: {
        message: 'The site is currently under maintenance.',
        retry_after: 60,
        extra_message: 'Back soon',
      },
    },
  })
  renderAt('/')
  expect(
    await screen.findByRole('heading', { name: 'The site is currently under maintenance.' }),
  ).toBeInTheDocument()
  expect(screen.getByText('Please retry in 60 seconds.')).toBeInTheDocument()
  expect(screen.getByText('Back soon')).toBeInTheDocument()
})

test('forgotten password: the link is asked for, then confirmed', async () => {
  const calls = serve({
    '/sanctum/csrf-cookie': { status: 204, body: null },
    '/forgot-password': { body: { sent: true } },
  })
  renderAt('/login')
  fireEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }))
  fireEvent.change(await screen.findByRole('textbox', { name: 'Login or e-mail' }), {
    target: { value: 'buyer' },
  })
  fireEvent.click(screen.getByRole('button', { name: 'Send the link' }))
  expect(
    await screen.findByText('A link was sent to your e-mail address. It is valid for an hour.'),
  ).toBeInTheDocument()
  expect(calls.find((c) => c.path === '/forgot-password')?.body).toEqual({ login: 'buyer' })
})

test('an expired reset link says so', async () => {
  const calls = serve({
    '/sanctum/csrf-cookie': { status: 204, body: null },
    '/reset-password': { status: 498, body: { message: 'your link has expired', code: 'LINK_EXPIRED' } },
  })
  renderAt('/password-reset/abc123')
  fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'abcdef' } })
  fireEvent.change(screen.getByLabelText('Confirm the new password'), { target: { value: 'abcdef' } })
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('your link has expired')
  expect(calls.find((c) => c.path === '/reset-password')?.body).toEqual({
    token: 'abc123',
    password: 'abcdef',
    password_confirmation: 'abcdef',
  })
})

test('with classic sign-in turned off under single sign-on, the form is not offered', async () => {
  serve({
    '/bwapi/users/login-infos': {
      body: {
        app_name: 'Procura',
        classic_login: false,
        sso: { enabled: true, url: '/sso/login' },
        password_reset: true,
        setup_needed: false,
      },
    },
  })
  renderAt('/login')
  expect(await screen.findByText(/classic sign-in is turned off/)).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull()
  expect(
    screen.getByRole('link', { name: 'Sign in with your organisation (single sign-on)' }),
  ).toHaveAttribute('href', expect.stringMatching(/^\/sso\/login\?redirect=/))
})

test('users/create opens the creation modal over the list and shows refusals by field', async () => {
  localStorage.setItem(AUTH_FLAG_KEY, '1')
  const calls = signedInServer({
    '/bwapi/users/index': {
      body: {
        title: 'Users',
        columns: [{ key: 'login', label: 'Login', kind: 'code', sortable: true, visible: true }],
        filters: [],
        bulk_actions: [],
        per_page_options: [25],
      },
    },
    '/bwapi/users': (init) =>
      init?.method === 'POST'
        ? {
            status: 422,
            body: {
              message: 'Action not possible: there are errors in the form.',
              errors: { login: ['This value is already used.'] },
            },
          }
        : { body: { data: [], meta: { total: 0, total_exact: true, page: 1, per_page: 25 } } },
    '/bwapi/users/create': {
      body: { roles: [{ value: 'none', label: 'No role' }], languages: [{ value: 'en', label: 'English' }] },
    },
  })
  const router = renderAt('/users')
  fireEvent.click(await screen.findByRole('link', { name: 'New user' }))
  const dialog = await screen.findByRole('dialog', { name: 'New user' })
  expect(router.state.location.pathname).toBe('/users/create')
  fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Login' }), {
    target: { value: 'buyer' },
  })
  fireEvent.click(within(dialog).getByRole('button', { name: 'New user' }))
  // The core schema refuses in the browser first: the missing e-mail is named, nothing is sent.
  expect(
    await within(dialog).findByText('Action not possible: there are errors in the form.'),
  ).toBeInTheDocument()
  expect(calls.filter((c) => c.path === '/bwapi/users' && c.method === 'POST')).toEqual([])
  const fill = (name: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(name), { target: { value } })
  fill('Name', 'Bruno Again')
  fill('E-mail', 'bruno@procura.example')
  fill('New password', 'Demo1234!')
  fill('Confirm the new password', 'Demo1234!')
  fireEvent.click(within(dialog).getByRole('button', { name: 'New user' }))
  // Then the server's own refusal shows under its field.
  expect(await screen.findByText('This value is already used.')).toBeInTheDocument()
  expect(calls.find((c) => c.path === '/bwapi/users' && c.method === 'POST')?.body).toMatchObject({
    login: 'buyer',
    role: 'none',
  })
  fireEvent.click(screen.getByRole('button', { name: 'Close' }))
  await waitFor(() => expect(router.state.location.pathname).toBe('/users'))
})

test('a user’s page is titled with the person’s name, not a number', async () => {
  localStorage.setItem(AUTH_FLAG_KEY, '1')
  signedInServer({
    '/bwapi/users/21/profile': {
      body: {
        data: {
          id: 21,
          login: 'claire.buyer',
          label: 'Claire Dubois',
          email: 'c@x.example',
          signature: false,
        },
      },
    },
  })
  renderAt('/users/21/profile')
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Claire Dubois (claire.buyer)' }),
  ).toBeInTheDocument()
  expect(screen.queryByText(/User #21/)).toBeNull()
})

test('roles: a ticked permission enables its role’s save, which sends the role’s whole choice', async () => {
  localStorage.setItem(AUTH_FLAG_KEY, '1')
  const permission = (code: string) => ({ code, label: code })
  const calls = signedInServer({
    '/bwapi/roles': {
      body: {
        data: [
          { id: 1, code: 'buyer', label: 'Buyer', permissions: [permission('manage_users')] },
          { id: 2, code: 'supplier', label: 'Supplier contact', permissions: [] },
        ],
      },
    },
    '/bwapi/roles/buyer/permissions': { body: { data: { code: 'buyer', permissions: [] } } },
  })
  renderAt('/roles')
  const save = await screen.findByRole('button', { name: 'Save Buyer' })
  expect(save).toBeDisabled()
  const box = screen.getByRole('checkbox', { name: 'Manage users for Buyer' })
  expect(box).toBeChecked()
  fireEvent.click(box)
  expect(save).toBeEnabled()
  // The supplier contacts' role grants no staff permission: nothing to tick, nothing to save.
  expect(screen.getByRole('checkbox', { name: 'Manage users for Supplier contact' })).toBeDisabled()
  expect(screen.queryByRole('button', { name: 'Save Supplier contact' })).toBeNull()
  fireEvent.click(save)
  await waitFor(() =>
    expect(calls.find((c) => c.path === '/bwapi/roles/buyer/permissions')?.body).toEqual({ permissions: [] }),
  )
})

test('while no user exists, the sign-in page gives way to the first-run setup', async () => {
  serve({
    '/bwapi/users/login-infos': {
      body: {
        app_name: 'Procura',
        classic_login: true,
        sso: { enabled: false, url: null },
        password_reset: true,
        setup_needed: true,
      },
    },
    '/bwapi/setup': {
      body: {
        open: true,
        currencies: [{ value: 'EUR', label: 'Euro (EUR)' }],
        countries: [{ value: 'FR', label: 'France (FR)' }],
        languages: [{ value: 'en', label: 'English' }],
      },
    },
  })
  renderAt('/login')
  expect(await screen.findByRole('heading', { name: 'Set up Procura' })).toBeInTheDocument()
  expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR')
  expect(screen.getByRole('button', { name: 'Set up and sign in' })).toBeInTheDocument()
})
