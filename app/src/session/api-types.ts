import type { PermissionCode } from '@procura/core/user'

/** Shapes of the API answers the app reads (docs/api.md). */
export type CurrentUser = {
  id: number
  login: string
  label: string
  email: string
  language: string
  currency: string | null
  price_display_inctax: boolean
  role: string | null
  buyer?: boolean
  permissions: PermissionCode[]
  logout_url: string
  real_user: { label: string; get_back_url: string } | null
}

export type InitInfos = {
  app: { name: string; title: string; base_path: string; ws_port: number }
  currencies: { code: string; label: string; symbol: string }[]
  languages: { code: string; label: string }[]
  modules?: Record<string, boolean>
}

export type MenuItem = { text: string; icon: string; link: string; subtree?: MenuItem[] }
export type HeaderInfos = {
  env: { type: string; text: string } | null
  messages: { type: string; body: string }[]
}
export type ActionsToDo = {
  user: { label: string; link: string }
  count: number
  actions: { label: string; link: string; variant?: string; count: number }[]
}
