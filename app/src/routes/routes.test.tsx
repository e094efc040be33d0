import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import { createQueryClient } from '../app'
import { createI18n } from '../i18n/i18n'
import { routes } from './routes'

const initInfos = {
  app: { name: 'Procura', title: 'Procura - Purchasing management' },
  currencies: [
    { code: 'EUR', label: 'Euro', symbol: '€' },
    { code: 'USD', label: 'US dollar', symbol: '$' },
  ],
}

const renderAt = (path: string, language: 'en' | 'fr' = 'en') => {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const client = createQueryClient()
  client.setDefaultOptions({ queries: { retry: false } })
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  )
}

afterEach(() => vi.unstubAllGlobals())

test('an unknown route shows the 404 page with a way home', async () => {
  renderAt('/no/such/page')
  expect(await screen.findByRole('heading', { name: 'This page does not exist.' })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/')
})

test('the 404 page speaks the interface language', async () => {
  renderAt('/nowhere', 'fr')
  expect(await screen.findByRole('heading', { name: "Cette page n'existe pas." })).toBeInTheDocument()
})

test('the dashboard shows what the server answers, inside the shell', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(initInfos)),
  )
  renderAt('/')
  expect(await screen.findByText('Welcome to Procura.')).toBeInTheDocument()
  expect(screen.getByText('2 currencies available')).toBeInTheDocument()
  expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument()
})

test('switching the language translates the page at once', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(initInfos)),
  )
  renderAt('/')
  await screen.findByText('Welcome to Procura.')
  fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'es' } })
  expect(await screen.findByText('Bienvenido a Procura.')).toBeInTheDocument()
  expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es')
})

test('maintenance shows the 503 page with its delay and extra message', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json(
        { message: 'The site is currently under maintenance.', retry_after: 60, extra_message: 'Back soon' },
        { status: 503 },
      ),
    ),
  )
  renderAt('/')
  expect(
    await screen.findByRole('heading', { name: 'The site is currently under maintenance.' }),
  ).toBeInTheDocument()
  expect(screen.getByText('Please retry in 60 seconds.')).toBeInTheDocument()
  expect(screen.getByText('Back soon')).toBeInTheDocument()
})
