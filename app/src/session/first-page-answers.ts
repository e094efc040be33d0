/**
 * The schemas of what the first page reads (the shell, the sign-in, the dashboard), by loader:
 * development loads them to check each answer (client.ts `SchemaSource`), the production build
 * carries none of them (zod stays out of the first page). Their types come from the same core
 * schemas.
 */

export type {
  ActionsToDoAnswer as ActionsToDo,
  HeaderInfosAnswer as HeaderInfos,
  InitInfosAnswer as InitInfos,
  MenuItemAnswer as MenuItem,
} from '@procura/core/shell'
export type { CurrentUserAnswer as CurrentUser } from '@procura/core/user'

const shell = () => import('@procura/core/shell')
const users = () => import('@procura/core/user')
const dashboard = () =>
  Promise.all([import('@procura/core/dashboard'), import('@procura/core/answer')]).then(([m, answer]) => ({
    ...m,
    dataOf: answer.dataOf,
  }))

const loaders = {
  currentUser: () => users().then((m) => m.CurrentUserAnswerSchema),
  signedIn: () => users().then((m) => m.SignedInAnswerSchema),
  initInfos: () => shell().then((m) => m.InitInfosAnswerSchema),
  mainMenu: () => shell().then((m) => m.MainMenuAnswerSchema),
  headerInfos: () => shell().then((m) => m.HeaderInfosAnswerSchema),
  actionsToDo: () => shell().then((m) => m.ActionsToDoAnswerSchema),
  unreadCount: () => shell().then((m) => m.UnreadCountAnswerSchema),
  htmlModal: () => shell().then((m) => m.HtmlModalAnswerSchema),
  loginInfos: () => shell().then((m) => m.LoginInfosAnswerSchema),
  dashboard: () => dashboard().then((m) => m.dataOf(m.DashboardSchema)),
  dashboardInstance: () => dashboard().then((m) => m.dataOf(m.InstanceSchema)),
  dashboardComparison: () => dashboard().then((m) => m.dataOf(m.ComparisonSchema)),
  dashboardDistribution: () => dashboard().then((m) => m.dataOf(m.DistributionSchema)),
  dashboardGlobal: () => dashboard().then((m) => m.dataOf(m.GlobalSchema)),
}

/**
 * The production build never checks an answer (client.ts `checkedLater`): the loaders, their
 * dynamic imports and Vite's preload helper are left out of the first page there.
 */
export const FIRST_PAGE_ANSWERS: typeof loaders = import.meta.env.DEV ? loaders : ({} as typeof loaders)
