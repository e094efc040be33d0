import { isLanguage, LANGUAGES } from '@procura/core/i18n'
import { Button } from '@procura/ui-kit/button'
import { Select } from '@procura/ui-kit/form-field'
import { ActionsToDo, EnvBadge, ServerMessages, UserMenu } from '@procura/ui-kit/header'
import { Icon } from '@procura/ui-kit/icon'
import { NavMenu } from '@procura/ui-kit/nav-menu'
import { Breadcrumbs, PageFrame } from '@procura/ui-kit/page-frame'
import { useToasts } from '@procura/ui-kit/toasts'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, Outlet, useMatches, useNavigate } from 'react-router'
import { ApiError, apiFetch } from '../http/client'
import { currencyNamer, displayCurrencyOf } from '../http/currency-display'
import { useAnswer } from '../http/use-api'
import { AREA_NAMESPACES, NAMESPACE_OF_GROUP } from '../i18n/namespaces'
import { useRealtime } from '../realtime/use-realtime'
import { preloadPages } from '../routes/on-demand'
import { setAuthenticated } from '../session/auth-flag'
import { FIRST_PAGE_ANSWERS, type MenuItem } from '../session/first-page-answers'
import { CURRENT_USER_KEY, useCurrentUser } from '../session/session'
import { useHtmlModal } from './html-modal'
import { useTheme } from './theme'

const LANGUAGE_NAMES = { en: 'English', es: 'Español', fr: 'Français' } as const

/** A route's breadcrumb: its handle's translation key. */
type Crumb = { crumb?: string }

/** The frame of every signed-in page (spec §1). */
export const Shell = () => {
  const { t, i18n } = useTranslation()
  const theme = useTheme()
  const user = useCurrentUser()
  const navigate = useNavigate()
  const client = useQueryClient()
  const toasts = useToasts()
  const init = useAnswer('/bwapi/init-infos', FIRST_PAGE_ANSWERS.initInfos)
  // The currency switch needs no formatter (nor its decimal arithmetic, kept out of the first page).
  const displayCurrency = displayCurrencyOf(init.data, user.currency ?? null)?.code ?? null
  const currencyName = currencyNamer(init.data, i18n.language)
  const menu = useAnswer('/bwapi/main-menu', FIRST_PAGE_ANSWERS.mainMenu)
  const header = useAnswer('/bwapi/header-infos', FIRST_PAGE_ANSWERS.headerInfos)
  const todo = useAnswer('/bwapi/actions-to-do', FIRST_PAGE_ANSWERS.actionsToDo)
  const notes = useAnswer('/bwapi/notifications/count', FIRST_PAGE_ANSWERS.unreadCount)
  const unread = notes.data?.data.unread ?? 0
  useRealtime(init.data?.app.ws_port)
  // Once the menu is known, the code of the pages it leads to and the area texts load in the
  // background: a click then waits for its data only.
  const menuLinks = linksOf(menu.data?.items ?? []).join(' ')
  useEffect(() => {
    if (menuLinks === '') return
    void preloadPages(menuLinks.split(' ')).then(() => i18n.loadNamespaces([...AREA_NAMESPACES]))
  }, [i18n, menuLinks])
  const matches = useMatches()
  const openHtml = useHtmlModal()

  /** Runs a state-changing call, then refreshes what depends on the session; refusals become toasts. */
  const act = async (path: string, body: unknown, after?: () => void) => {
    try {
      await apiFetch(path, { method: 'POST', body })
      after?.()
    } catch (error) {
      toasts.show(
        'error',
        error instanceof ApiError ? (error.body.message ?? error.message) : t('errors.network'),
      )
    }
  }
  const refreshEverything = () => client.invalidateQueries()

  const changeLanguage = (code: string) => {
    if (!isLanguage(code)) return
    void i18n.changeLanguage(code)
    void act('/bwapi/language/change', { code }, () => void refreshEverything())
  }

  const crumbKeys = matches.flatMap((m) => {
    const crumb = (m.handle as Crumb | undefined)?.crumb
    return typeof crumb === 'string' ? [{ key: crumb, pathname: m.pathname }] : []
  })
  // The crumbs name their areas: their texts load with the page, and the crumbs show once there.
  const crumbTexts = useTranslation(
    [...new Set(crumbKeys.map((c) => NAMESPACE_OF_GROUP[c.key.split('.')[0] ?? ''] ?? 'shell'))],
    { useSuspense: false },
  )
  const crumbs = crumbTexts.ready
    ? crumbKeys.map((c, i, all) => ({
        label: crumbTexts.t(c.key),
        ...(i < all.length - 1 ? { href: c.pathname } : {}),
      }))
    : []

  return (
    <PageFrame
      brand={<Link to="/">{init.data?.app.name ?? t('app.name')}</Link>}
      menuLabel={t('shell.menu')}
      page={matches.at(-1)?.pathname}
      menu={
        <NavMenu
          items={menu.data?.items ?? []}
          renderLink={(item) => (
            <NavLink to={item.link} end={item.link === '/'}>
              <Icon name={item.icon} />
              {item.text}
            </NavLink>
          )}
        />
      }
      headerEnd={
        <>
          <EnvBadge env={header.data?.env ?? null} />
          <Link
            className="pc-notifications-link"
            to="/notifications"
            aria-label={t('notifications.header', { count: unread })}
          >
            <Icon name="bell" />
            {unread > 0 ? <span className="pc-count">{unread}</span> : null}
          </Link>
          <ActionsToDo
            label={t('shell.todo')}
            count={todo.data?.count ?? 0}
            actions={todo.data?.actions ?? []}
            emptyText={t('shell.nothingToDo')}
            renderLink={(a) => <Link to={a.link}>{a.label}</Link>}
          />
          {/* The languages an administrator keeps active (the reader's own stays offered). */}
          <Select
            aria-label={t('shell.language')}
            value={i18n.language}
            onChange={(e) => changeLanguage(e.target.value)}
            options={LANGUAGES.filter(
              (code) =>
                code === i18n.language ||
                init.data === undefined ||
                init.data.languages.some((l) => l.code === code),
            ).map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
          />
          {init.data?.modules?.multi_currency === true ? (
            <Select
              aria-label={t('shell.currency')}
              value={displayCurrency ?? ''}
              onChange={(e) =>
                void act(
                  '/bwapi/currency/change',
                  { code: e.target.value },
                  () => void client.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
                )
              }
              options={(init.data?.currencies ?? []).map((c) => ({
                value: c.code,
                label: `${c.code} (${c.symbol})`,
                title: currencyName(c.code),
              }))}
            />
          ) : null}
          <label className="pc-field--checkbox">
            <input
              type="checkbox"
              checked={user.price_display_inctax}
              onChange={(e) =>
                void act(
                  '/bwapi/change-price-display',
                  { price_display_inctax: e.target.checked },
                  () => void client.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
                )
              }
            />
            {t('shell.pricesIncTax')}
          </label>
          <UserMenu
            label={user.label}
            realUserLabel={user.real_user?.label ?? null}
            menuLabel={t('shell.userMenu')}
            items={[
              ...(user.real_user
                ? [
                    {
                      key: 'get-back',
                      label: t('shell.getBack', { name: user.real_user.label }),
                      onSelect: () =>
                        void act(user.real_user?.get_back_url ?? '/bwapi/users/get-back', {}, () => {
                          navigate('/')
                          void refreshEverything()
                        }),
                    },
                  ]
                : []),
              {
                key: 'theme',
                label: theme.theme === 'dark' ? t('shell.themeLight') : t('shell.themeDark'),
                onSelect: theme.toggle,
              },
              {
                key: 'profile',
                label: t('shell.profile'),
                onSelect: () => navigate(`/users/${user.id}/profile`),
              },
              {
                key: 'logout',
                label: t('shell.logout'),
                onSelect: () =>
                  void act(user.logout_url, {}, () => {
                    setAuthenticated(false)
                    client.clear()
                    navigate('/login', { replace: true })
                  }),
              },
            ]}
          />
        </>
      }
      breadcrumbs={
        crumbs.length > 0 ? (
          <Breadcrumbs
            label={t('shell.breadcrumbs')}
            items={crumbs}
            renderLink={(item) => <Link to={item.href}>{item.label}</Link>}
          />
        ) : undefined
      }
      footer={
        <>
          {t('shell.footer')} ·{' '}
          <Button variant="ghost" size="small" onClick={() => void openHtml('/bwapi/about')}>
            {t('shell.about')}
          </Button>
        </>
      }
    >
      <ServerMessages messages={header.data?.messages ?? []} />
      <Outlet />
    </PageFrame>
  )
}

/** Every link of the menu, its entries' sub-entries included. */
const linksOf = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => [item.link, ...linksOf(item.subtree ?? [])])
