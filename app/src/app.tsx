import { ToastProvider } from '@procura/ui-kit/toasts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { i18n } from 'i18next'
import { useState } from 'react'
import { I18nextProvider, useTranslation } from 'react-i18next'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { ApiError } from './http/client'
import { routes } from './routes/routes'
import { HtmlModalProvider } from './shell/html-modal'

/** A read is tried again once when the network or the server failed; a refusal (4xx) stands. */
export const retryRead = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500)

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: retryRead, refetchOnWindowFocus: false } } })

const Toasts = ({ children }: { children: React.ReactNode }) => {
  const { t } = useTranslation()
  return <ToastProvider dismissLabel={t('common.dismiss')}>{children}</ToastProvider>
}

export const App = ({ i18n, basename }: { i18n: i18n; basename: string }) => {
  const [router] = useState(() => createBrowserRouter(routes, { basename: basename === '' ? '/' : basename }))
  const [queryClient] = useState(createQueryClient)
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Toasts>
          <HtmlModalProvider>
            <RouterProvider router={router} />
          </HtmlModalProvider>
        </Toasts>
      </QueryClientProvider>
    </I18nextProvider>
  )
}
