import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { i18n } from 'i18next'
import { useState } from 'react'
import { I18nextProvider } from 'react-i18next'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { routes } from './routes/routes'

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } })

export const App = ({ i18n, basename }: { i18n: i18n; basename: string }) => {
  const [router] = useState(() => createBrowserRouter(routes, { basename: basename === '' ? '/' : basename }))
  const [queryClient] = useState(createQueryClient)
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  )
}
