import { isLanguage } from '@procura/core/i18n'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, useLocation } from 'react-router'
import { ApiError, apiRead } from '../http/client'
import { ErrorState } from '../routes/error-state'
import { isAuthenticated, setAuthenticated } from './auth-flag'
import { type CurrentUser, FIRST_PAGE_ANSWERS } from './first-page-answers'

export const CURRENT_USER_KEY = ['current-user'] as const

const CurrentUserContext = createContext<CurrentUser | null>(null)

export const useCurrentUser = (): CurrentUser => {
  const user = useContext(CurrentUserContext)
  if (user === null) throw new Error('useCurrentUser is only for pages behind RequireAuth')
  return user
}

/** The signed-in user, or null on guest pages. */
export const useOptionalCurrentUser = (): CurrentUser | null => useContext(CurrentUserContext)

const loginPath = (pathname: string, search: string) =>
  `/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`

/**
 * Pages for signed-in users: a guest goes to login with the intended path in `redirect`; when
 * loading the current user fails, the stored flag is cleared and login opens (spec §4).
 */
export const RequireAuth = ({ loading }: { loading: ReactNode }) => {
  const location = useLocation()
  const { i18n } = useTranslation()
  const authenticated = isAuthenticated()
  const query = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => apiRead('/bwapi/users/current', FIRST_PAGE_ANSWERS.currentUser, { signal }),
    enabled: authenticated,
    retry: false,
  })
  const language = query.data?.language
  const applied = useRef<string | undefined>(undefined)
  useEffect(() => {
    // Follow the user's saved language when it loads or changes, not on every local switch.
    if (language === undefined || language === applied.current) return
    applied.current = language
    if (isLanguage(language) && language !== i18n.language) void i18n.changeLanguage(language)
  }, [language, i18n])
  if (!authenticated) return <Navigate to={loginPath(location.pathname, location.search)} replace />
  if (query.isError) {
    if (!(query.error instanceof ApiError) || query.error.status === 401) {
      setAuthenticated(false)
      return <Navigate to={loginPath(location.pathname, location.search)} replace />
    }
    // Maintenance (503) or a server error: its page, with the maintenance message and delay.
    return <ErrorState error={query.error} />
  }
  if (query.data === undefined) return <>{loading}</>
  return (
    <CurrentUserContext.Provider value={query.data}>
      <Outlet />
    </CurrentUserContext.Provider>
  )
}

/** The login page is for guests only: a signed-in user goes to the base path. */
export const GuestOnly = () => (isAuthenticated() ? <Navigate to="/" replace /> : <Outlet />)

/** After sign-in, sign-out, impersonation or getting back: every cached answer is stale. */
export const useResetSession = () => {
  const client = useQueryClient()
  return () => {
    client.clear()
  }
}
