import type { LoadedSession } from '../auth/session'

export const LOGOUT_URL = '/logout'
export const GET_BACK_URL = '/bwapi/users/get-back'

/** GET /bwapi/users/current: who is signed in, and who really is while impersonating. */
export const currentUserView = (session: LoadedSession) => ({
  id: session.user.id,
  login: session.user.login,
  label: session.user.label,
  email: session.user.email,
  language: session.user.language,
  currency: session.user.currency_code,
  price_display_inctax: session.user.price_display_inctax,
  role: session.user.role,
  buyer: session.user.buyer,
  can_view_other_po: session.user.can_view_other_po,
  permissions: session.user.permissions,
  logout_url: LOGOUT_URL,
  real_user:
    session.real_user === null ? null : { label: session.real_user.label, get_back_url: GET_BACK_URL },
})
export type CurrentUserView = ReturnType<typeof currentUserView>
